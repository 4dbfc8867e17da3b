import * as navigation from '@/services/navigation'
import StockMarketPage from '@/pages/stock_market/index'
import FundListPage from '@/subPkg/pages/fundList/index'
import IndustryThemePage from '@/subPkg/pages/industryTheme/index'
import { renderPage, flush, serveGraphql } from '../support/render'

jest.mock('@/components/Chart', () => ({
  Chart: ({ series }: { series: Array<{ name: string; data: Array<{ date: string }> }> }) => (
    <div className='chart-stub'>{series.map((s) => `${s.name}:${s.data.length}:${s.data[0]?.date}`).join(',')}</div>
  ),
}))

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const q = (indexCode: string, indexName: string, latest: string, change: string, changePercent: string) => ({
  indexCode,
  indexName,
  date: '2026-09-30',
  latest,
  change,
  changePercent,
  isDemo: true,
})
const INDICES = [
  q('000001', '上证指数', '3312.45', '12.30', '0.003727'),
  q('399001', '深证成指', '10800.00', '-50.10', '-0.004617'),
  q('HSI', '恒生指数', '19500.00', '0.00', '0.000000'),
]
const chartOf = (indexCode: string) => ({
  marketIndex: {
    indexCode,
    indexName: indexCode === 'HSI' ? '恒生指数' : '上证指数',
    previousClose: '3300.15',
    daily: [
      { time: '2026-09-29', value: '3300.15' },
      { time: '2026-09-30', value: '3312.45' },
    ],
    intraday: [
      { time: '09:30', value: '3300.15' },
      { time: '09:31', value: '3301.00' },
      { time: '15:00', value: '3312.45' },
    ],
  },
})

describe('stock market', () => {
  it('shows each index with latest point, change and change %: red up, green down, grey flat; labelled 演示数据', async () => {
    serveGraphql({ MarketIndices: () => ({ marketIndices: INDICES }), MarketIndexChart: (v) => chartOf(String(v.indexCode)) })
    const page = await renderPage(StockMarketPage, 'pages/stock_market/index')
    await page.utils.act(flush)
    await page.utils.act(flush)
    const text = page.text()
    for (const s of ['上证指数', '3312.45', '+12.30', '+0.37%', '深证成指', '-50.10', '-0.46%', '恒生指数', '0.00%', '演示数据'])
      expect(text).toContain(s)
    const tones = [...page.container.querySelectorAll('.alfa-market__latest')].map((e) => e.className.split(' ').pop())
    expect(tones).toEqual(['alfa-tone--rise', 'alfa-tone--fall', 'alfa-tone--flat'])
    expect(page.container.querySelector('.chart-stub')?.textContent).toBe('上证指数:3:09:30')
  })
  it('tapping an index shows its chart; the daily tab switches to closing points', async () => {
    const execute = serveGraphql({
      MarketIndices: () => ({ marketIndices: INDICES }),
      MarketIndexChart: (v) => chartOf(String(v.indexCode)),
    })
    const page = await renderPage(StockMarketPage, 'pages/stock_market/index')
    await page.utils.act(flush)
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelectorAll('.alfa-market__quote')[2]))
    await page.utils.act(flush)
    expect(execute.mock.calls.at(-1)?.[1]).toEqual({ indexCode: 'HSI', days: 120 })
    expect(page.container.querySelector('.chart-stub')?.textContent).toBe('恒生指数:3:09:30')
    await page.utils.act(async () =>
      page.utils.fireEvent.click(page.container.querySelectorAll('.alfa-market__chart .alfa-tabs .at-tabs__item')[1]),
    )
    expect(page.container.querySelector('.chart-stub')?.textContent).toBe('恒生指数:2:2026-09-29')
  })
  it('a failed load offers a retry', async () => {
    let n = 0
    serveGraphql({
      MarketIndices: () => (++n === 1 ? Promise.reject(new Error('x')) : { marketIndices: INDICES }),
      MarketIndexChart: (v) => chartOf(String(v.indexCode)),
    })
    const page = await renderPage(StockMarketPage, 'pages/stock_market/index')
    await page.utils.act(flush)
    expect(page.text()).toContain('加载失败')
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-empty__action') as HTMLElement))
    await page.utils.act(flush)
    expect(page.text()).toContain('上证指数')
  })
})

describe('more funds', () => {
  it('category tabs, period tabs and the sort header change the query; rows open the fund', async () => {
    const execute = serveGraphql({
      MarketFundRanking: () => ({
        categoryDict: [
          { code: 'STOCK', name: '股票型' },
          { code: 'BOND', name: '债券型' },
        ],
        fundRanking: {
          totalCount: 1,
          pageInfo: { cursor: null, hasMore: false },
          list: [
            {
              periodReturn: '0.1234',
              fund: { fundCode: '000001', fundName: '甲消费股票', nav: '1.5', navDate: '2026-09-30', categoryName: '股票型' },
            },
          ],
        },
      }),
    })
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const page = await renderPage(FundListPage, 'subPkg/pages/fundList/index')
    await page.utils.act(flush)
    expect(page.text()).toContain('甲消费股票')
    expect(page.text()).toContain('+12.34%')
    expect(page.text()).toContain('近1年收益 ↓')
    await page.utils.act(async () =>
      page.utils.fireEvent.click(page.container.querySelectorAll('.alfa-tabs')[0].querySelectorAll('.at-tabs__item')[1]),
    )
    await page.utils.act(flush)
    expect(execute.mock.calls.at(-1)?.[1]).toMatchObject({ categoryCode: 'STOCK', period: '1Y', direction: 'reverse' })
    await page.utils.act(async () =>
      page.utils.fireEvent.click(page.container.querySelectorAll('.alfa-tabs')[1].querySelectorAll('.at-tabs__item')[0]),
    )
    await page.utils.act(flush)
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-list__sort') as HTMLElement))
    await page.utils.act(flush)
    expect(execute.mock.calls.at(-1)?.[1]).toMatchObject({ categoryCode: 'STOCK', period: '1M', direction: 'normal' })
    await page.utils.act(async () => page.utils.fireEvent.click(page.container.querySelector('.alfa-list__row') as HTMLElement))
    expect(nav).toHaveBeenCalledWith('fundEntry', { fundCode: '000001' })
  })
})

describe('industry themes', () => {
  it('each theme shows its average return and its funds', async () => {
    serveGraphql({
      MarketIndustryThemes: () => ({
        industryThemes: [
          {
            themeCode: 'consumer',
            name: '消费',
            description: '食品饮料',
            averageReturn: '0.05',
            fundCount: 12,
            funds: [{ periodReturn: '0.2', fund: { fundCode: '000001', fundName: '甲消费股票', isDemo: true } }],
          },
          {
            themeCode: 'tech',
            name: '科技',
            description: '半导体',
            averageReturn: '-0.03',
            fundCount: 8,
            funds: [{ periodReturn: '-0.1', fund: { fundCode: '000002', fundName: '乙科技混合' } }],
          },
        ],
      }),
    })
    const page = await renderPage(IndustryThemePage, 'subPkg/pages/industryTheme/index')
    await page.utils.act(flush)
    for (const s of ['消费', '+5.00%', '12只', '甲消费股票', '+20.00%', '科技', '-3.00%', '乙科技混合', '演示数据'])
      expect(page.text()).toContain(s)
  })
})
