import Taro from '@tarojs/taro'
import * as graphql from '@/services/graphql'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { FilterDeleteDocument, FilterMySavedDocument, FilterRenameDocument } from '@/services/generated/graphql'
import { filterStore } from '@/features/filter/store'
import FilterManagePage from '@/subPkg/pages/filterManage/index'
import { renderPage, flush } from '../support/render'
import { liveToken } from '../support/services'

const SAVED = [
  { filterId: 'f1', name: '稳健低回撤', formValue: { maxDrawdown: '0.05' }, createdAt: '2024-07-01' },
  { filterId: 'f2', name: '长期牛基', formValue: { returnPeriod: 'Y3', minReturn: '0.5' }, createdAt: '2024-07-02' },
]
const mounted: { unmout: () => void }[] = []
const names = (c: HTMLElement) => Array.from(c.querySelectorAll('.alfa-filter-manage__name')).map((n) => n.textContent)
const byLabel = (c: HTMLElement, label: string) => c.querySelector(`[aria-label="${label}"]`) as HTMLElement

afterEach(() => {
  mounted.splice(0).forEach((u) => u.unmout())
  document.body.innerHTML = ''
  jest.restoreAllMocks()
  toast.close()
  filterStore.reset()
  filterStore.setJustDelete(false)
  user.logout()
})

type Answer = (doc: unknown, vars: Record<string, unknown>) => unknown
async function open(answer: Answer = () => undefined) {
  user.restore(liveToken())
  const execute = jest
    .spyOn(graphql, 'execute')
    .mockImplementation((async (doc: unknown, vars: Record<string, unknown>) =>
      doc === FilterMySavedDocument ? { me: { userId: 'u1', savedFilters: SAVED } } : answer(doc, vars)) as never)
  const p = await renderPage(FilterManagePage, 'subPkg/pages/filterManage/index')
  mounted.push(p.utils)
  await p.utils.act(flush)
  return { ...p, execute }
}

describe('管理筛选: delete', () => {
  it('asks, deletes, drops the row and sets justDelete', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    filterStore.setFilterDetail({ id: 'f1', name: '稳健低回撤', conditions: {} })
    const { container, utils, execute } = await open(() => ({ deleteFilter: true }))
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '删除稳健低回撤'))
      await flush()
    })
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ content: expect.stringContaining('稳健低回撤') }))
    expect(execute).toHaveBeenCalledWith(FilterDeleteDocument, { filterId: 'f1' })
    expect(names(container)).toEqual(['长期牛基'])
    expect(filterStore.justDelete).toBe(true)
    expect(filterStore.filterDetail).toBeNull()
    expect(toast.content).toBe('已删除')
  })

  it('cancel deletes nothing; a failure keeps the row and justDelete false', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: false, cancel: true } as never)
    const { container, utils, execute } = await open(() => {
      throw new Error('down')
    })
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '删除长期牛基'))
      await flush()
    })
    expect(execute).not.toHaveBeenCalledWith(FilterDeleteDocument, expect.anything())
    modal.mockResolvedValue({ confirm: true, cancel: false } as never)
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '删除长期牛基'))
      await flush()
    })
    expect(names(container)).toEqual(['稳健低回撤', '长期牛基'])
    expect(filterStore.justDelete).toBe(false)
    expect(toast.content).toBe('操作失败，请重试')
  })

  it('deleting the last one shows the empty state', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    const { container, utils, text } = await open(() => ({ deleteFilter: true }))
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '删除稳健低回撤'))
      await flush()
    })
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '删除长期牛基'))
      await flush()
    })
    expect(text()).toContain('还没有保存的筛选')
  })
})

describe('管理筛选: rename', () => {
  it('the dialog starts with the name; the new name is sent and shown', async () => {
    const { container, utils, execute, text } = await open((doc, v) =>
      doc === FilterRenameDocument ? { renameFilter: { ...SAVED[1], name: v.name } } : undefined,
    )
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '重命名长期牛基'))
    })
    const input = container.querySelector('.alfa-name-prompt__input') as HTMLElement
    expect(input.getAttribute('value')).toBe('长期牛基')
    await utils.act(async () => {
      input.dispatchEvent(new CustomEvent('input', { detail: { value: '三年五成' }, bubbles: true }))
    })
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-name-prompt__confirm') as HTMLElement)
      await flush()
    })
    expect(execute).toHaveBeenCalledWith(FilterRenameDocument, { filterId: 'f2', name: '三年五成' })
    expect(names(container)).toEqual(['稳健低回撤', '三年五成'])
    expect(container.querySelector('.alfa-name-prompt')).toBeNull()
    expect(text()).not.toContain('长期牛基')
    expect(toast.content).toBe('已重命名')
  })

  it('取消 closes the dialog without a request', async () => {
    const { container, utils, execute } = await open()
    await utils.act(async () => {
      utils.fireEvent.click(byLabel(container, '重命名稳健低回撤'))
    })
    await utils.act(async () => {
      utils.fireEvent.click(container.querySelector('.alfa-name-prompt__cancel') as HTMLElement)
    })
    expect(container.querySelector('.alfa-name-prompt')).toBeNull()
    expect(execute).not.toHaveBeenCalledWith(FilterRenameDocument, expect.anything())
  })
})
