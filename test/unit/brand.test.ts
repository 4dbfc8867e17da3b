import { brokerOf, brandOf, configureMainHosts, DEFAULT_MAIN_HOSTS, isCustomPlan, j7Of, partnerEmbed } from '@/services/brand'

afterEach(() => configureMainHosts(DEFAULT_MAIN_HOSTS))

describe('requests carry broker code 0008 on main-brand hosts and 0009 otherwise', () => {
  it('localhost and 127.0.0.1 are main by default', () => {
    expect(brokerOf('localhost')).toBe('0008')
    expect(brokerOf('127.0.0.1')).toBe('0008')
    expect(brandOf('localhost')).toBe('main')
  })
  it('other hosts are the diagnosis brand', () => {
    expect(brokerOf('zhenduan.localhost')).toBe('0009')
    expect(brandOf('zhenduan.localhost')).toBe('diagnosis')
  })
  it('main hosts are configurable', () => {
    configureMainHosts(['m.alfa.example'])
    expect(brokerOf('m.alfa.example')).toBe('0008')
    expect(brokerOf('localhost')).toBe('0009')
  })
  it('the test page itself (jsdom at localhost) is main', () => {
    expect(window.location.hostname).toBe('localhost')
    expect(brokerOf()).toBe('0008')
  })
})

describe('partner-embed mode only when embed equals its value and utm_source is a known campaign', () => {
  it('maps a campaign label to sdic-taikang', () => {
    expect(partnerEmbed('?embed=sdic&utm_source=sdic_taikang')).toBe('sdic-taikang')
    expect(partnerEmbed({ embed: 'sdic', utm_source: 'sdictk_trust' })).toBe('sdic-taikang')
  })
  it.each([
    ['?utm_source=sdic_taikang', 'no embed'],
    ['?embed=other&utm_source=sdic_taikang', 'wrong embed value'],
    ['?embed=sdic&utm_source=weibo', 'unknown campaign'],
    ['?embed=sdic', 'no campaign'],
    ['?embed=sdic&utm_source=toString', 'an inherited property name'],
  ])('%s is not embedded (%s)', (search) => expect(partnerEmbed(search)).toBeNull())
})

describe('portfolio codes ZH015676 and ZH015677 map to J7', () => {
  it('maps those two only', () => {
    expect(j7Of('ZH015676')).toBe('J7')
    expect(j7Of('ZH015677')).toBe('J7')
    expect(j7Of('ZH015678')).toBeNull()
  })
})

describe('portfolio codes starting with AP count as custom plans only on main-brand hosts', () => {
  it('AP on a main host', () => expect(isCustomPlan('AP000123', 'localhost')).toBe(true))
  it('AP on another host', () => expect(isCustomPlan('AP000123', 'zhenduan.localhost')).toBe(false))
  it('other codes', () => expect(isCustomPlan('ZH000123', 'localhost')).toBe(false))
})
