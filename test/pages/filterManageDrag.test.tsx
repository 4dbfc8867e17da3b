import * as graphql from '@/services/graphql'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { FilterMySavedDocument, FilterReorderDocument } from '@/services/generated/graphql'
import { filterStore } from '@/features/filter/store'
import { answerCache, userAnswerKey } from '@/services/answerCache'
import FilterManagePage from '@/subPkg/pages/filterManage/index'
import { FALLBACK_ROW_HEIGHT } from '@/hooks/useDragOrder'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const SAVED = [
  { filterId: 'f1', name: '稳健低回撤', formValue: { maxDrawdown: '0.05' }, createdAt: '2024-07-01' },
  { filterId: 'f2', name: '长期牛基', formValue: { returnPeriod: 'Y3', minReturn: '0.5' }, createdAt: '2024-07-02' },
  { filterId: 'f3', name: '小盘指数', formValue: { categoryCodes: ['INDEX'], maxFundSize: '2' }, createdAt: '2024-07-03' },
]
const at = (clientY: number) => [{ clientY }] as unknown as Touch[]
const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-filter-manage__name')).map((n) => n.textContent)
const byLabel = (c: HTMLElement, label: string) => c.querySelector(`[aria-label="${label}"]`) as HTMLElement

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
  filterStore.reset()
  user.logout()
})

/** The names in the saved filters' kept answer, which 我的筛选 shows when it is shown again. */
const keptNames = () => answerCache.get<typeof SAVED>(userAnswerKey('u1', 'savedFilters'))?.map((f) => f.name)

async function open(reorder: (ids: string[]) => unknown) {
  user.restore(liveToken())
  const execute = jest.spyOn(graphql, 'execute').mockImplementation((async (doc: unknown, vars: { filterIds: string[] }) => {
    if (doc === FilterMySavedDocument) return { me: { userId: 'u1', savedFilters: SAVED } }
    if (doc === FilterReorderDocument) return reorder(vars.filterIds)
    throw new Error('unexpected')
  }) as never)
  const p = await renderPage(FilterManagePage, 'subPkg/pages/filterManage/index')
  await p.utils.act(flush)
  return { ...p, execute }
}

describe('管理筛选: reorder', () => {
  it('dragging the first filter down two rows saves the new order and marks 我的筛选 stale', async () => {
    const { container, utils, execute } = await open((ids) => ({ reorderFilters: ids.map((id) => SAVED.find((f) => f.filterId === id)) }))
    expect(names(container)).toEqual(['稳健低回撤', '长期牛基', '小盘指数'])
    expect(container.textContent).toContain('规模2亿以下')
    const handle = byLabel(container, '拖动稳健低回撤排序')
    await utils.act(async () => {
      utils.fireEvent.touchStart(handle, { touches: at(50) })
    })
    await utils.act(async () => {
      utils.fireEvent.touchMove(handle, { touches: at(50 + FALLBACK_ROW_HEIGHT * 2) })
    })
    await utils.act(async () => {
      utils.fireEvent.touchEnd(handle, { changedTouches: at(50 + FALLBACK_ROW_HEIGHT * 2) })
      await flush()
    })
    expect(execute).toHaveBeenCalledWith(FilterReorderDocument, { filterIds: ['f2', 'f3', 'f1'] })
    expect(names(container)).toEqual(['长期牛基', '小盘指数', '稳健低回撤'])
    expect(keptNames()).toEqual(['长期牛基', '小盘指数', '稳健低回撤'])
  })

  it('上移 is the button alternative; on the first row it does nothing', async () => {
    const { container, utils, execute } = await open((ids) => ({ reorderFilters: ids.map((id) => SAVED.find((f) => f.filterId === id)) }))
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '稳健低回撤上移'))
      await flush()
    })
    expect(execute).not.toHaveBeenCalledWith(FilterReorderDocument, expect.anything())
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '小盘指数上移'))
      await flush()
    })
    expect(execute).toHaveBeenCalledWith(FilterReorderDocument, { filterIds: ['f1', 'f3', 'f2'] })
  })

  it('a failed save puts the old order back and says so', async () => {
    const { container, utils } = await open(() => {
      throw new Error('down')
    })
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '长期牛基上移'))
      await flush()
    })
    expect(names(container)).toEqual(['稳健低回撤', '长期牛基', '小盘指数'])
    expect(toast.content).toBe('排序保存失败，请重试')
    expect(keptNames()).toEqual(['稳健低回撤', '长期牛基', '小盘指数'])
  })
})
