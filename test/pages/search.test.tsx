import Taro from '@tarojs/taro'
import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { setTransport, type HttpRequest } from '@/services/request'
import SearchPage from '@/subPkg/pages/search/index'
import { RECENT_SEARCH_KEY, loadRecentSearches, recordRecentSearch } from '@/features/search/recent'
import { renderPage } from '../support/render'

const wait = (ms = 0) => new Promise((r) => setTimeout(r, ms))
let rest: HttpRequest[] = []
beforeEach(() => {
  rest = []
  Taro.removeStorageSync(RECENT_SEARCH_KEY)
  setTransport(async (req) => {
    rest.push(req)
    return {
      statusCode: 200,
      data: { code: 200, msg: 'ok', data: { list: [{ fundCode: '000005', fundName: '热门成长混合' }] } },
      header: {},
    }
  })
})
afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

const RESULT = {
  search: {
    keyword: 'yfd',
    funds: [{ fundCode: '000001', fundName: '易方达消费股票', categoryName: '股票型' }],
    managers: [{ managerId: 'M1001', managerName: '叶飞达', company: '易方达' }],
    portfolios: [{ poCode: 'ZH000001', poName: '月风点稳健组合' }],
  },
}

async function type(page: Awaited<ReturnType<typeof renderPage>>, value: string) {
  const input = page.container.querySelector('.alfa-search__input') as HTMLElement
  await page.utils.act(async () => {
    ;(input as unknown as { value: string }).value = value
    input.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
  })
  await page.utils.act(() => wait(300))
}

describe('search', () => {
  it('shows the popular picks (GET /user-fund-picks/popular, size 6) and the recent items before typing', async () => {
    recordRecentSearch({ kind: 'fund', id: '000009', name: '最近看过的基金' })
    const page = await renderPage(SearchPage, 'subPkg/pages/search/index')
    await page.utils.act(() => wait())
    expect(rest[0].url).toContain('/user-fund-picks/popular')
    expect(rest[0].url).toContain('size=6')
    expect(page.text()).toContain('热门成长混合')
    expect(page.text()).toContain('最近看过的基金')
  })
  it('typing searches funds, managers and strategies; tapping a result navigates and records it as recent', async () => {
    const execute = jest.spyOn(graphql, 'execute').mockResolvedValue(RESULT)
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const page = await renderPage(SearchPage, 'subPkg/pages/search/index')
    await type(page, 'yfd')
    expect(execute.mock.calls.at(-1)?.[1]).toEqual({ keyword: 'yfd', limit: 10 })
    for (const s of ['基金', '易方达消费股票', '基金经理', '叶飞达', '策略', '月风点稳健组合']) expect(page.text()).toContain(s)
    const rows = page.container.querySelectorAll('.alfa-list__row')
    await page.utils.act(async () => page.utils.fireEvent.click(rows[1]))
    expect(nav).toHaveBeenCalledWith('manager', { fundManagerId: 'M1001' })
    await page.utils.act(async () => page.utils.fireEvent.click(rows[2]))
    expect(nav).toHaveBeenCalledWith('portfolioEntry', { poCode: 'ZH000001' })
    await page.utils.act(async () => page.utils.fireEvent.click(rows[0]))
    expect(nav).toHaveBeenCalledWith('fundEntry', { fundCode: '000001' })
    expect(loadRecentSearches().map((r) => r.id)).toEqual(['000001', 'ZH000001', 'M1001'])
  })
  it('no hits says what to try next', async () => {
    jest.spyOn(graphql, 'execute').mockResolvedValue({ search: { keyword: 'zz', funds: [], managers: [], portfolios: [] } })
    const page = await renderPage(SearchPage, 'subPkg/pages/search/index')
    await type(page, 'zz')
    expect(page.text()).toContain('没有找到相关结果')
  })
})

describe('recent searches', () => {
  it('keep at most 10, newest first, the same id (whitespace removed) moved to the front, persisted in storage', () => {
    for (let i = 0; i < 12; i++) recordRecentSearch({ kind: 'fund', id: `00000${i}`.slice(-6), name: `基金${i}` })
    recordRecentSearch({ kind: 'fund', id: ' 000 005 ', name: '基金5' })
    const list = loadRecentSearches()
    expect(list).toHaveLength(10)
    expect(list[0].id).toBe('000005')
    expect(list.filter((r) => r.id === '000005')).toHaveLength(1)
    expect(JSON.parse(Taro.getStorageSync(RECENT_SEARCH_KEY))[0].id).toBe('000005')
  })
})
