import { pathParams, routeNames, routes, type RouteName } from '@/routes'
import { DEFAULT_SHARE, DEFAULT_SHARE_TITLE, shareFor, shareH5Path, shareParams, timelineShare } from '@/services/share'
import { parseUrl } from '@/utils/url'

const shared = routeNames.filter((n) => (routes[n] as { share?: boolean }).share)
const SAMPLE: Record<string, string> = { fundCode: '000001', poCode: 'ZH015676', fundManagerId: 'M100', sigId: 'S9' }

describe('every route that enables sharing shares its own page with its parameters', () => {
  it.each(shared.map((n) => [n]))('%s', (name: RouteName) => {
    const params = { ...SAMPLE, ts: '1700000000000', access_token: 'secret', anonymous_id: 'A1' }
    const info = shareFor(name, params)
    const { pathname, query } = parseUrl(info.path)
    expect(pathname).toBe(`/${routes[name].page}`)
    for (const p of pathParams(name)) expect(query[p]).toBe(SAMPLE[p])
    // Nothing but what names the subject: no timestamp, token or tracking id.
    expect(Object.keys(query)).not.toEqual(expect.arrayContaining(['ts']))
    expect(info.path).not.toMatch(/access_token|anonymous_id|ts=/)
    expect(info.title.length).toBeGreaterThan(0)
    // eslint-disable-next-line no-control-regex -- a character outside ASCII: the title is Chinese
    expect(info.title).toMatch(/[^\x00-\x7F]/)
  })

  it('there are share routes, and the fund pages are among them', () => {
    expect(shared).toEqual(expect.arrayContaining(['fund', 'fundEntry', 'fundArchives', 'manager', 'portfolioDetail', 'home']))
  })
})

describe('titles name the subject', () => {
  it('a fund: its name and code; the path carries fundCode', () => {
    expect(shareFor('fund', { fundCode: '000001' }, { name: '华夏成长混合' })).toMatchObject({
      title: '华夏成长混合（000001）',
      path: '/pages/fund/index?fundCode=000001',
    })
  })
  it('fund achievements keep the tab', () => {
    expect(shareFor('fundArchives', { fundCode: '000001', tabIndex: '2' }, { name: '华夏成长混合' }).path).toBe(
      '/pages/fundArchives/index?fundCode=000001&tabIndex=2',
    )
  })
  it('a manager: the name', () => {
    expect(shareFor('manager', { fundManagerId: 'M100' }, { name: '张三' })).toMatchObject({
      title: '基金经理 张三',
      path: '/pages/manager/index?fundManagerId=M100',
    })
  })
  it('a strategy: its name and poCode; an AIP suggestion keeps sigId', () => {
    expect(shareFor('portfolioDetail', { poCode: 'ZH015676' }, { name: '长赢计划' })).toMatchObject({
      title: '长赢计划（ZH015676）',
      path: '/subPkg/pages/portfolio/detail/index?poCode=ZH015676',
    })
    expect(shareFor('portfolioAipDetail', { poCode: 'ZH1', sigId: 'S9' }).path).toBe(
      '/subPkg/pages/portfolio/aipDetail/index?poCode=ZH1&sigId=S9',
    )
  })
  it('before the name has loaded: the screen title and the code', () => {
    expect(shareFor('fundEntry', { fundCode: '000001' }).title).toBe('基金详情 000001')
    expect(shareFor('portfolioSignal', { poCode: 'ZH1' }).title).toBe('发车记录 ZH1')
  })
})

describe('defaults when none', () => {
  it('no parameters: the screen title and its bare page', () => {
    expect(shareFor('stockMarket')).toMatchObject({ title: '市场行情', path: '/pages/stock_market/index' })
    expect(shareFor('home')).toMatchObject({ title: DEFAULT_SHARE_TITLE, path: '/pages/home/index' })
  })
  it('a route without sharing gets the default share (home page)', () => {
    expect(shareFor('favouritesManage', { fundCode: '1' })).toEqual(DEFAULT_SHARE)
  })
  it('encoded and blank parameters', () => {
    expect(shareParams('fund', { fundCode: '%20000001 ', poCode: '  ' })).toEqual({ fundCode: '000001' })
  })
})

describe('timeline and H5 links', () => {
  it("WeChat's timeline gets the query without the page", () => {
    expect(timelineShare(shareFor('fund', { fundCode: '000001' }, { name: '基金A' }))).toEqual({
      title: '基金A（000001）',
      query: 'fundCode=000001',
    })
  })
  it('H5: the canonical browser path with its parameters', () => {
    expect(shareH5Path('fund', { fundCode: '000001', ts: '1' })).toBe('/alfa/fund/000001/detail')
    expect(shareH5Path('fundArchives', { fundCode: '000001', tabIndex: '1' })).toBe('/alfa/fund/achieves/000001?tabIndex=1')
    expect(shareH5Path('portfolioAipDetail', { poCode: 'ZH1', sigId: 'S9' })).toBe('/alfa/portfolio/ZH1/aip-detail/S9')
    expect(shareH5Path('fund', {})).toBe('/pages/fund/index')
  })
})
