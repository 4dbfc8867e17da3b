import * as graphql from '@/services/graphql'
import * as login from '@/services/login'
import * as navigation from '@/services/navigation'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { beginSessionRestore, finishSessionRestore, resetSession } from '@/services/session'
import { FilterFundsDocument, FilterMySavedDocument, FilterSaveDocument } from '@/services/generated/graphql'
import { filterStore } from '@/features/filter/store'
import FilterResultPage from '@/pages/filterResult/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const row = (i: number, y1: string | null = '0.1500') => ({
  fund: {
    fundCode: `00${1000 + i}`,
    fundName: `基金${i}号`,
    nav: '1.2000',
    navDate: '2024-06-28',
    dailyReturn: i % 2 ? '0.0100' : '-0.0200',
  },
  returns: { m1: null, m3: null, m6: null, y1, y3: '0.3000', ytd: null, asOf: '2024-06-28' },
  maxDrawdown1Y: '0.0800',
})
const page = (rows: ReturnType<typeof row>[], cursor: string | null, hasMore: boolean, totalCount = 3) => ({
  fundFilter: { totalCount, navDate: '2024-06-28', pageInfo: { cursor, hasMore }, list: rows },
})

const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-fund-table__fund')).map((n) => n.textContent)
const mounted: { unmout: () => void }[] = []

afterEach(() => {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
  filterStore.reset()
  user.logout()
})

type Answer = (doc: unknown, vars: Record<string, unknown>) => unknown
async function open(answer: Answer, params: Record<string, string> = {}) {
  const execute = jest
    .spyOn(graphql, 'execute')
    .mockImplementation((async (doc: unknown, vars: Record<string, unknown>) => answer(doc, vars)) as never)
  const p = await renderPage(FilterResultPage, 'pages/filterResult/index', params)
  mounted.push(p.utils)
  await p.utils.act(flush)
  return { ...p, execute }
}

const funds = (vars: Record<string, unknown>) => (vars.cursor ? page([row(3)], null, false) : page([row(1), row(2)], 'c2', true))

describe('筛选结果', () => {
  it('queries the current conditions and shows the funds, count, date and conditions', async () => {
    filterStore.setFormValue({ categoryCodes: ['STOCK'], minReturn: '0.1' })
    const { text, execute, container } = await open((_d, v) => funds(v))
    expect(execute).toHaveBeenCalledWith(FilterFundsDocument, {
      conditions: { categoryCodes: ['STOCK'], returnPeriod: 'Y1', minReturn: '0.1' },
      sort: 'Y1',
      direction: 'reverse',
      size: 20,
    })
    expect(names(container)).toEqual(['基金1号', '基金2号'])
    expect(text()).toContain('共 3 只基金')
    expect(text()).toContain('06-28')
    expect(text()).toContain('股票型 · 近1年收益≥10%')
    expect(text()).toContain('+15.00%')
    expect(container.querySelectorAll('.alfa-fund-table__figure--down:not([data-figure])').length).toBe(1)
  })

  it('the one-year max drawdown is a fall in the falling colour, as on every screen (issue 22)', async () => {
    const flat = { ...row(2), maxDrawdown1Y: '0' }
    const { container } = await open(() => page([row(1), flat], null, false, 2))
    const cells = Array.from(container.querySelectorAll('[data-figure="maxDrawdown"]'))
    expect(cells.map((c) => [c.textContent, c.className.match(/figure--(\w+)/)?.[1]])).toEqual([
      ['-8.00%', 'down'],
      ['0.00%', 'flat'],
    ])
  })

  it('a fund whose figures end before the list date says its own date (截至)', async () => {
    const early = { ...row(2), returns: { ...row(2).returns, asOf: '2024-03-29' } }
    const { container } = await open(() => page([row(1), early], null, false, 2))
    const codes = Array.from(container.querySelectorAll('.alfa-fund-table__code')).map((n) => n.textContent)
    expect(codes).toEqual(['001001', '001002 · 截至03-29'])
  })

  it('LoadMore appends the next page by cursor, then says no more', async () => {
    const { container, utils, execute, text } = await open((_d, v) => funds(v))
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-load-more') as HTMLElement)
      await flush()
    })
    expect(execute).toHaveBeenLastCalledWith(FilterFundsDocument, expect.objectContaining({ cursor: 'c2' }))
    expect(names(container)).toEqual(['基金1号', '基金2号', '基金3号'])
    expect(text()).toContain('没有更多了')
  })

  it('a header sorts on the server: reverse first, then normal; the first page again', async () => {
    const { container, utils, execute } = await open((_d, v) => funds(v))
    const drawdown = () => container.querySelector('[aria-label="按最大回撤排序"]') as HTMLElement
    await utils.act(async () => {
      utils.fireEvent.click(drawdown())
      await flush()
    })
    expect(execute).toHaveBeenLastCalledWith(FilterFundsDocument, expect.objectContaining({ sort: 'MAX_DRAWDOWN', direction: 'reverse' }))
    await utils.act(async () => {
      utils.fireEvent.click(drawdown())
      await flush()
    })
    expect(execute).toHaveBeenLastCalledWith(FilterFundsDocument, expect.objectContaining({ sort: 'MAX_DRAWDOWN', direction: 'normal' }))
    expect(execute.mock.calls.at(-1)?.[1]).not.toHaveProperty('cursor')
    expect(drawdown().className).toContain('--normal')
  })

  it('a row opens the fund; 条件 opens the conditions', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { container, utils } = await open((_d, v) => funds(v))
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-fund-table__row') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('fundEntry', { fundCode: '001001' })
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter-result__link') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('filterDetail', {})
  })

  it('no match: says so; an error offers 重试', async () => {
    const { text } = await open(() => page([], null, false, 0))
    expect(text()).toContain('没有符合条件的基金')
    document.body.innerHTML = ''
    let fail = true
    const r = await open((_d, v) => {
      if (fail) throw new Error('down')
      return funds(v)
    })
    expect(r.text()).toContain('加载失败')
    fail = false
    await r.utils.act(async () => {
      r.utils.fireEvent.click(r.container.querySelector('.alfa-empty__action') as HTMLElement)
      await flush()
    })
    expect(names(r.container)).toEqual(['基金1号', '基金2号'])
  })
})

describe('保存筛选', () => {
  it('anonymous: goes to login, nothing saved', async () => {
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('prompt')
    const { container, utils, execute } = await open((_d, v) => funds(v))
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter-result__save') as HTMLElement)
    })
    expect(startLogin).toHaveBeenCalled()
    expect(container.querySelector('.alfa-name-prompt')).toBeNull()
    expect(execute).not.toHaveBeenCalledWith(FilterSaveDocument, expect.anything())
  })

  it('logged in: asks a name, saves the conditions, says 已保存', async () => {
    user.restore(liveToken())
    filterStore.setFormValue({ riskLevels: ['Low'] })
    const { container, utils, execute, text } = await open((doc, v) =>
      doc === FilterSaveDocument
        ? { saveFilter: { filterId: 'f9', name: v.name, formValue: v.formValue, createdAt: '2024-07-01' } }
        : funds(v),
    )
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-filter-result__save') as HTMLElement)
    })
    const input = container.querySelector('.alfa-name-prompt__input') as HTMLElement
    expect(input).not.toBeNull()
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-name-prompt__confirm') as HTMLElement)
    })
    expect(toast.content).toBe('请输入1-50个字的名称')
    toast.close()
    await utils.act(async () => {
      input.dispatchEvent(new CustomEvent('input', { detail: { value: ' 稳健之选 ' }, bubbles: true }))
    })
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-name-prompt__confirm') as HTMLElement)
      await flush()
    })
    expect(execute).toHaveBeenCalledWith(FilterSaveDocument, { name: '稳健之选', formValue: { riskLevels: ['Low'] } })
    expect(toast.content).toBe('已保存')
    expect(text()).toContain('已保存到我的筛选')
    expect(filterStore.filterDetail).toEqual({ id: 'f9', name: '稳健之选', conditions: { riskLevels: ['Low'] } })
  })
})

describe('a saved filter (filterId)', () => {
  it('reads it from My Filter when the store does not hold it, and offers no save', async () => {
    user.restore(liveToken())
    const { execute, text, container } = await open(
      (doc, v) =>
        doc === FilterMySavedDocument
          ? {
              me: {
                userId: 'u1',
                savedFilters: [{ filterId: 'f1', name: '低回撤', formValue: { maxDrawdown: '0.1' }, createdAt: '2024-07-01' }],
              },
            }
          : funds(v),
      { filterId: 'f1' },
    )
    expect(text()).toContain('低回撤')
    expect(execute).toHaveBeenCalledWith(FilterFundsDocument, expect.objectContaining({ conditions: { maxDrawdown: '0.1' } }))
    expect(container.querySelector('.alfa-filter-result__save')).toBeNull()
  })

  it('a logged-in reload with a slow restore of the saved login: no login prompt, the filter shows once the token is back', async () => {
    // The start-up chunk (or the native bridge) has not handed the saved token over yet.
    beginSessionRestore()
    const startLogin = jest.spyOn(login, 'startLogin').mockResolvedValue('prompt')
    const tokens: (string | null)[] = []
    try {
      const { text, utils } = await open(
        (doc, v) => {
          if (doc !== FilterMySavedDocument) return funds(v)
          tokens.push(user.token)
          return { me: { userId: 'u1', savedFilters: [{ filterId: 'f1', name: '低回撤', formValue: {}, createdAt: '2024-07-01' }] } }
        },
        { filterId: 'f1' },
      )
      expect(text()).not.toContain('登录后查看我的筛选')
      expect(tokens).toEqual([])
      const token = liveToken()
      await utils.act(async () => {
        user.restore(token)
        finishSessionRestore()
      })
      await utils.act(flush)
      expect(text()).toContain('低回撤')
      expect(text()).not.toContain('登录后查看我的筛选')
      expect(tokens).toEqual([token])
      expect(startLogin).not.toHaveBeenCalled()
    } finally {
      resetSession()
    }
  })

  it('a filter that is gone: says so', async () => {
    user.restore(liveToken())
    const { text } = await open((doc, v) => (doc === FilterMySavedDocument ? { me: { userId: 'u1', savedFilters: [] } } : funds(v)), {
      filterId: 'gone',
    })
    expect(text()).toContain('筛选不存在')
  })
})
