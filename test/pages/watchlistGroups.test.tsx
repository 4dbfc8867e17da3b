import * as graphql from '@/services/graphql'
import * as navigation from '@/services/navigation'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import FavouritesPage from '@/pages/favourites/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

/** 我的自选's groups (issue #25): tabs, 管理分组 and a fund's groups. */

const fund = (fundCode: string, fundName: string) => ({
  seq: 1,
  fund: { fundCode, fundName, nav: '1.0000', navDate: '2024-06-28', dailyReturn: '0.0010' },
  returns: { m1: null, m3: null, m6: null, y1: '0.1000', y3: null, ytd: null, asOf: null },
})
const PICKS = [fund('000001', '甲成长混合'), fund('000002', '乙稳健债券'), fund('000003', '丙指数')]
const GROUPS = [
  { groupId: '1', name: '长线', fundCodes: ['000001', '000003'] },
  { groupId: '2', name: '空组', fundCodes: [] },
]

const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-favourites__fund')).map((n) => n.textContent)
const tabs = (c: HTMLElement) => Array.from(c.querySelectorAll<HTMLElement>('.at-tabs__item'))

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
  user.logout()
})

async function open(mutations: Record<string, (vars: Record<string, unknown>) => unknown> = {}) {
  user.restore(liveToken())
  const sent: Array<[string, Record<string, unknown>]> = []
  jest.spyOn(graphql, 'execute').mockImplementation((async (doc: unknown, vars: Record<string, unknown>) => {
    const name = graphql.operationNameOf(String(doc)) ?? ''
    sent.push([name, vars])
    if (name === 'WatchlistPicks') return { myPicks: PICKS, myWatchlistGroups: GROUPS }
    if (mutations[name]) return mutations[name](vars)
    throw new Error(`no answer for ${name}`)
  }) as never)
  const page = await renderPage(FavouritesPage, 'pages/favourites/index')
  await page.utils.act(flush)
  const tap = (el: Element | null | undefined) =>
    page.utils.act(async () => {
      page.utils.fireEvent.click(el as HTMLElement)
      await flush()
    })
  return { ...page, sent, tap }
}

describe('我的自选 with groups', () => {
  it('a tab per group after 全部; a group’s tab shows its funds in the list’s order; an empty group says so', async () => {
    const { container, tap, text } = await open()
    expect(tabs(container).map((t) => t.textContent)).toEqual(['全部', '长线', '空组'])
    expect(names(container)).toEqual(['甲成长混合', '乙稳健债券', '丙指数'])
    await tap(tabs(container)[1])
    expect(names(container)).toEqual(['甲成长混合', '丙指数'])
    // The sort works inside a group.
    await tap(container.querySelectorAll('.alfa-favourites__sort')[1])
    expect(names(container)).toHaveLength(2)
    await tap(tabs(container)[2])
    expect(names(container)).toEqual([])
    expect(text()).toContain('「空组」还没有基金')
  })

  it('分组 opens 管理分组: a new group is sent and becomes a tab; a too long name is refused there with its message, unsent', async () => {
    const created = [...GROUPS, { groupId: '3', name: '观察', fundCodes: [] }]
    const { container, tap, sent, utils } = await open({ CreateWatchlistGroup: () => ({ createWatchlistGroup: created }) })
    await tap(container.querySelector('.alfa-favourites__groups'))
    const input = () => container.querySelector('.alfa-groups-sheet__input') as HTMLElement
    const type = (value: string) =>
      utils.act(async () => {
        input().dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
      })
    await type('一二三四五六七八九十一')
    await tap(container.querySelector('.alfa-groups-sheet__add'))
    expect(toast.content).toBe('分组名称最多10个字')
    expect(sent.filter(([n]) => n === 'CreateWatchlistGroup')).toHaveLength(0)
    await type('观察')
    await tap(container.querySelector('.alfa-groups-sheet__add'))
    expect(sent.find(([n]) => n === 'CreateWatchlistGroup')?.[1]).toEqual({ name: '观察', fundCodes: [] })
    expect(tabs(container).map((t) => t.textContent)).toEqual(['全部', '长线', '空组', '观察'])
  })

  it('an empty group’s 选基金 fills it and closes; from 管理分组 it goes back there', async () => {
    const filled = [GROUPS[0], { groupId: '2', name: '空组', fundCodes: ['000002'] }]
    const { container, tap, sent, text } = await open({ ChangeWatchlistGroupFunds: () => ({ changeWatchlistGroupFunds: filled }) })
    await tap(tabs(container)[2])
    await tap(container.querySelector('.alfa-groups-empty__action'))
    expect(container.querySelector('[aria-label="选择基金：空组"]')).not.toBeNull()
    await tap(container.querySelectorAll('.alfa-groups-sheet__option')[1])
    await tap(container.querySelector('.alfa-groups-sheet__confirm'))
    expect(sent.find(([n]) => n === 'ChangeWatchlistGroupFunds')?.[1]).toEqual({ groupId: '2', add: ['000002'], remove: [] })
    expect(container.querySelector('.alfa-groups-sheet')).toBeNull()
    expect(names(container)).toEqual(['乙稳健债券'])
    expect(text()).not.toContain('还没有基金')
    await tap(container.querySelector('.alfa-favourites__groups'))
    await tap(container.querySelector('.alfa-groups-sheet__group[data-group="长线"]')?.querySelector('[role="button"]'))
    expect(container.querySelector('[aria-label="选择基金：长线"]')).not.toBeNull()
    await tap(container.querySelector('.alfa-groups-sheet__cancel'))
    expect(container.querySelector('[aria-label="管理分组"]')).not.toBeNull()
  })

  it('a long press on a fund offers 净值提醒, which opens the fund’s alerts (issue #25)', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined)
    const { container, tap, utils } = await open({})
    const row = container.querySelectorAll('.alfa-favourites__row')[1] as HTMLElement
    await utils.act(async () => {
      row.dispatchEvent(new CustomEvent('longpress', { bubbles: true }))
    })
    expect(container.querySelector('.alfa-groups-sheet')?.getAttribute('aria-label')).toBe('乙稳健债券')
    await tap(container.querySelector('.alfa-groups-sheet__action[data-action="alert"]'))
    expect(go).toHaveBeenCalledWith('navAlert', { fundCode: '000002' })
    expect(container.querySelector('.alfa-groups-sheet')).toBeNull()
  })

  it('a long press on a fund sets its groups: it may be in several', async () => {
    const answer = [
      { groupId: '1', name: '长线', fundCodes: ['000001', '000002', '000003'] },
      { groupId: '2', name: '空组', fundCodes: ['000002'] },
    ]
    const { container, tap, sent, utils } = await open({ SetFundWatchlistGroups: () => ({ setFundWatchlistGroups: answer }) })
    const row = container.querySelectorAll('.alfa-favourites__row')[1] as HTMLElement
    await utils.act(async () => {
      row.dispatchEvent(new CustomEvent('longpress', { bubbles: true }))
    })
    // The long press offers the fund's groups and its NAV alerts.
    const actions = Array.from(container.querySelectorAll<HTMLElement>('.alfa-groups-sheet__action'))
    expect(actions.map((a) => a.textContent)).toEqual(['设置分组', '净值提醒'])
    await tap(actions[0])
    const options = () => Array.from(container.querySelectorAll<HTMLElement>('.alfa-groups-sheet__option'))
    expect(options().map((o) => [o.textContent, o.getAttribute('aria-checked')])).toEqual([
      ['长线', 'false'],
      ['空组', 'false'],
    ])
    await tap(options()[0])
    await tap(options()[1])
    await tap(container.querySelector('.alfa-groups-sheet__confirm'))
    expect(sent.find(([n]) => n === 'SetFundWatchlistGroups')?.[1]).toEqual({ fundCode: '000002', groupIds: ['1', '2'] })
    await tap(tabs(container)[2])
    expect(names(container)).toEqual(['乙稳健债券'])
  })
})
