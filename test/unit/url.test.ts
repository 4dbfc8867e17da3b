import { isMiniProgramPageUrl, parseUrl, withQuery, withTimestamp } from '@/utils/url'

describe('navigation appends a timestamp parameter ts to each navigated url', () => {
  it('adds ts to a url without a query', () => {
    expect(withTimestamp('/pages/home/index', 1700000000000)).toBe('/pages/home/index?ts=1700000000000')
  })
  it('keeps the existing query and the hash', () => {
    expect(withTimestamp('/alfa/fund/achieves/000001?tabIndex=2#top', 5)).toBe('/alfa/fund/achieves/000001?tabIndex=2&ts=5#top')
  })
  it('replaces an older ts instead of adding a second one', () => {
    expect(withTimestamp('/pages/fund/index?fundCode=000001&ts=1', 2)).toBe('/pages/fund/index?fundCode=000001&ts=2')
  })
})

describe('a url counts as an in-mini-program page by the product host and a /pages/ or /subPkg/pages/ path', () => {
  const host = 'm.alfa.test'
  it.each([
    ['https://m.alfa.test/pages/fund/index?fundCode=000001', true],
    ['https://m.alfa.test/subPkg/pages/search/index', true],
    ['https://m.alfa.test/alfa/fund/000001', false],
    ['https://other.test/pages/fund/index', false],
    ['https://m.alfa.test/x/pages/fund/index', false],
    ['/pages/fund/index', false],
  ])('%s → %s', (url, expected) => {
    expect(isMiniProgramPageUrl(url, host)).toBe(expected)
  })
})

describe('url parsing', () => {
  it('reads host, path, query and hash', () => {
    expect(parseUrl('https://A.test:8080/p/q?x=1&y=%E4%B8%AD#h')).toEqual({
      protocol: 'https:',
      host: 'a.test:8080',
      pathname: '/p/q',
      query: { x: '1', y: '中' },
      hash: 'h',
    })
  })
  it('survives a malformed escape', () => {
    expect(parseUrl('/p?x=%E4').query).toEqual({ x: '%E4' })
  })
  it('drops null and undefined query values', () => {
    expect(withQuery('/p', { a: 1, b: null, c: undefined, d: '' })).toBe('/p?a=1&d=')
  })
})
