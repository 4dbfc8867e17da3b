import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { user } from '@/services/user'
import { nextSort, sortByFigure } from '@/utils/sort'
import FavouritesPage from '@/pages/favourites/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const fund = (
  fundCode: string,
  fundName: string,
  nav: string,
  dailyReturn: string | null,
  y1: string | null,
  m1: string | null = null,
) => ({
  seq: 1,
  fund: { fundCode, fundName, nav, navDate: '2024-06-28', dailyReturn },
  returns: { m1, m3: null, m6: null, y1, y3: null, ytd: null },
})
const PICKS = [
  fund('000001', '甲成长混合', '1.2345', '0.0123', '0.1000'),
  fund('000002', '乙稳健债券', '1.0500', '-0.0050', '0.0300', '0.0100'),
  fund('000003', '丙指数', '2.0000', null, null),
]

const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-favourites__fund')).map((n) => n.textContent)

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  user.logout()
})

async function open(answer: () => Promise<unknown>) {
  user.restore(liveToken())
  const execute = jest.spyOn(graphql, 'execute').mockImplementation(answer)
  const page = await renderPage(FavouritesPage, 'pages/favourites/index')
  await page.utils.act(flush)
  return { ...page, execute }
}

describe('我的自选 shows the picked funds', () => {
  it('each row has the name, code, NAV with 4 decimals and its date, a signed daily return and the period return, coloured', async () => {
    const { text, container, execute } = await open(async () => ({ myPicks: PICKS }))
    expect(execute).toHaveBeenCalledTimes(1)
    expect(text()).toContain('甲成长混合')
    expect(text()).toContain('1.2345')
    expect(text()).toContain('06-28')
    expect(text()).toContain('+1.23%')
    expect(text()).toContain('-0.50%')
    expect(text()).toContain('+10.00%')
    expect(container.querySelectorAll('.alfa-favourites__figure--up').length).toBeGreaterThan(0)
    expect(container.querySelectorAll('.alfa-favourites__figure--down').length).toBeGreaterThan(0)
    expect(text()).toContain('--')
  })

  it('a sort header toggles reverse then normal; missing figures stay last', async () => {
    const { container, utils } = await open(async () => ({ myPicks: PICKS }))
    const daily = () => container.querySelectorAll('.alfa-favourites__sort')[1] as HTMLElement
    await utils.act(async () => {
      utils.fireEvent.click(daily())
    })
    expect(names(container)).toEqual(['甲成长混合', '乙稳健债券', '丙指数'])
    await utils.act(async () => {
      utils.fireEvent.click(daily())
    })
    expect(names(container)).toEqual(['乙稳健债券', '甲成长混合', '丙指数'])
    expect(daily().className).toContain('alfa-favourites__sort--normal')
  })

  it('choosing another period changes the last column', async () => {
    const { container, utils, text } = await open(async () => ({ myPicks: PICKS }))
    const m1 = Array.from(container.querySelectorAll('.alfa-favourites__period')).find((n) => n.textContent === '近1月') as HTMLElement
    await utils.act(async () => {
      utils.fireEvent.click(m1)
    })
    expect(text()).toContain('+1.00%')
    expect(text()).not.toContain('+10.00%')
  })

  it('a row opens the fund', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { container, utils } = await open(async () => ({ myPicks: PICKS }))
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-favourites__row') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('fund', { fundCode: '000001' })
  })
})

describe('empty, error and anonymous states', () => {
  it('no picks: says what to do and points to search', async () => {
    const nav = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { text, container, utils } = await open(async () => ({ myPicks: [] }))
    expect(text()).toContain('还没有自选基金')
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
    })
    expect(nav).toHaveBeenCalledWith('search')
  })

  it('an error offers 重试, which loads again', async () => {
    let fail = true
    const { text, container, utils, execute } = await open(async () => {
      if (fail) throw new Error('down')
      return { myPicks: PICKS }
    })
    expect(text()).toContain('加载失败')
    fail = false
    const before = execute.mock.calls.length
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-empty__action') as HTMLElement)
      await flush()
    })
    expect(execute.mock.calls.length).toBeGreaterThan(before)
    expect(text()).toContain('甲成长混合')
  })

  it('anonymous with nothing picked on the device: the empty state, no request', async () => {
    const execute = jest.spyOn(graphql, 'execute')
    const { text, utils } = await renderPage(FavouritesPage, 'pages/favourites/index')
    await utils.act(flush)
    expect(text()).toContain('还没有自选基金')
    expect(execute).not.toHaveBeenCalled()
  })
})

describe('the sort direction enum: normal and reverse', () => {
  it('a new column starts reverse; the same column toggles', () => {
    expect(nextSort({ key: null, direction: 'reverse' }, 'a')).toEqual({ key: 'a', direction: 'reverse' })
    expect(nextSort({ key: 'a', direction: 'reverse' }, 'a')).toEqual({ key: 'a', direction: 'normal' })
    expect(nextSort({ key: 'a', direction: 'normal' }, 'b')).toEqual({ key: 'b', direction: 'reverse' })
  })
  it('sorts decimal strings by value, missing last', () => {
    expect(sortByFigure(['0.1', null, '-0.2', '0.03'], (x) => x, 'normal')).toEqual(['-0.2', '0.03', '0.1', null])
  })
})
