import {
  activatePartnerEmbed,
  brokerOf,
  brandOf,
  configureMainHosts,
  DEFAULT_MAIN_HOSTS,
  isCustomPlan,
  isMainHost,
  j7Of,
  parseHostList,
  partnerCode,
  partnerEmbed,
  resetPartnerEmbed,
} from '@/services/brand'
import { defaultPageProperties } from '@/services/tracking'

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

describe('main-brand hosts are build configuration compared with location.host', () => {
  it('an entry without a port matches the host on any port; one with a port only that port', () => {
    configureMainHosts(['m.alfa.example', 'preview.alfa.example:8443'])
    expect(isMainHost('m.alfa.example')).toBe(true)
    expect(isMainHost('M.Alfa.Example:443')).toBe(true)
    expect(isMainHost('preview.alfa.example:8443')).toBe(true)
    expect(isMainHost('preview.alfa.example')).toBe(false)
    expect(isMainHost('preview.alfa.example:9000')).toBe(false)
    expect(isMainHost('zhenduan.alfa.example')).toBe(false)
  })
  it('the page host with its port (jsdom: localhost) is compared at run time', () => {
    expect(window.location.host).toMatch(/^localhost(:\d+)?$/)
    configureMainHosts(['other.example'])
    expect(brokerOf()).toBe('0009')
    configureMainHosts(['localhost'])
    expect(brokerOf()).toBe('0008')
  })
  it('a comma-separated list (ALFA_MAIN_HOSTS) parses to lower-case names; empty is none', () => {
    expect(parseHostList(' M.Alfa.Example , localhost:3000,')).toEqual(['m.alfa.example', 'localhost:3000'])
    expect(parseHostList('')).toBeNull()
    expect(parseHostList(undefined)).toBeNull()
    // The development default of builds without ALFA_MAIN_HOSTS.
    expect(DEFAULT_MAIN_HOSTS).toEqual(['localhost', '127.0.0.1'])
  })
})

describe('the partner-embed mode is turned on from the entry address', () => {
  afterEach(() => resetPartnerEmbed())
  it('embed=sdic with a known utm_source turns it on; later addresses without it keep it', () => {
    expect(partnerCode()).toBeNull()
    expect(activatePartnerEmbed('?embed=sdic&utm_source=sdic_taikang')).toBe('sdic-taikang')
    expect(activatePartnerEmbed('?fundCode=000001')).toBe('sdic-taikang')
    expect(partnerCode()).toBe('sdic-taikang')
  })
  it('an unknown campaign or another embed value never turns it on', () => {
    expect(activatePartnerEmbed('?embed=sdic&utm_source=weibo')).toBeNull()
    expect(activatePartnerEmbed('?embed=x&utm_source=sdic_taikang')).toBeNull()
    expect(partnerCode()).toBeNull()
  })
  it('tracking events carry the partner code in the mode, and none outside it', () => {
    expect(defaultPageProperties()).not.toHaveProperty('partner_code')
    activatePartnerEmbed({ embed: 'sdic', utm_source: 'sdictk_trust' })
    expect(defaultPageProperties()).toMatchObject({ partner_code: 'sdic-taikang' })
  })
})
