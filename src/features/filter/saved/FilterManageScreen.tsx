import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { execute } from '@/services/graphql'
import { FilterDeleteDocument, FilterRenameDocument, FilterReorderDocument } from '@/services/generated/graphql'
import { startLogin } from '@/services/login'
import { toast } from '@/services/toast'
import { moveItem } from '@/utils/dragOrder'
import { useDragOrder } from '@/hooks/useDragOrder'
import { summarizeConditions } from '../conditions'
import { NamePrompt } from './NamePrompt'
import { useSavedFilters, type SavedFilter } from './savedFilters'
import { filterStore, type FilterFormValue } from '../store'
import './FilterManageScreen.scss'

export const RENAMED_TEXT = '已重命名'
export const DELETED_TEXT = '已删除'
export const FAILED_TEXT = '操作失败，请重试'
export const REORDER_FAILED_TEXT = '排序保存失败，请重试'

/**
 * 管理筛选: rename (name dialog → FilterRename) or delete (confirmation → FilterDelete; the spec's
 * filterStore.justDelete is set) each saved filter; reorder by dragging a row's handle (≡) or with
 * 上移, saved at once (FilterReorder; a failure puts the old order back). Every edit goes into the
 * saved filters' kept answer, which 我的筛选 shows when it is shown again.
 */
export const FilterManageScreen = observer(function FilterManageScreen() {
  const { state, data, stale, reload, update } = useSavedFilters()
  const list = data ?? []
  const [renaming, setRenaming] = useState<SavedFilter | null>(null)
  const [busy, setBusy] = useState(false)

  const reorder = (from: number, to: number) => {
    const before = list
    const next = moveItem(list, from, to)
    if (busy || next === before) return
    update(next)
    setBusy(true)
    execute(FilterReorderDocument, { filterIds: next.map((f) => f.filterId) })
      .catch(() => {
        update(before)
        void toast.open(REORDER_FAILED_TEXT)
      })
      .finally(() => setBusy(false))
  }
  const drag = useDragOrder({ count: list.length, rowSelector: '.alfa-filter-manage__row', onDrop: reorder })

  if (state === 'login') return <Empty title='登录后管理我的筛选' actionText='去登录' onAction={() => void startLogin()} />
  if (state === 'empty') return <Empty title='还没有保存的筛选' description='保存的筛选会出现在这里。' />

  const rename = async (f: SavedFilter, name: string) => {
    setRenaming(null)
    if (name === f.name) return
    try {
      const d = await execute(FilterRenameDocument, { filterId: f.filterId, name })
      update((l) => l.map((x) => (x.filterId === f.filterId ? { ...x, name: d.renameFilter.name } : x)))
      const detail = filterStore.filterDetail
      if (detail?.id === f.filterId) filterStore.setFilterDetail({ ...detail, name: d.renameFilter.name })
      void toast.open(RENAMED_TEXT)
    } catch {
      void toast.open(FAILED_TEXT)
    }
  }

  const remove = async (f: SavedFilter) => {
    if (busy) return
    const answer = await Taro.showModal({ title: '删除筛选', content: `确定删除「${f.name}」吗？`, confirmText: '删除' })
    if (!answer.confirm) return
    setBusy(true)
    try {
      await execute(FilterDeleteDocument, { filterId: f.filterId })
      update((l) => l.filter((x) => x.filterId !== f.filterId))
      filterStore.setJustDelete(true)
      if (filterStore.filterDetail?.id === f.filterId) filterStore.setFilterDetail(null)
      void toast.open(DELETED_TEXT)
    } catch {
      void toast.open(FAILED_TEXT)
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className='alfa-filter-manage'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 4 }}>
        {list.map((f, i) => (
          <View
            key={f.filterId}
            className={`alfa-filter-manage__row${drag.dragging === i ? ' alfa-filter-manage__row--dragging' : ''}`}
            style={drag.rowStyle(i)}
          >
            <View className='alfa-filter-manage__info'>
              <Text className='alfa-filter-manage__name'>{f.name}</Text>
              <Text className='alfa-filter-manage__conditions'>{summarizeConditions(f.formValue as FilterFormValue)}</Text>
            </View>
            <View className='alfa-filter-manage__rename' role='button' aria-label={`重命名${f.name}`} onClick={() => setRenaming(f)}>
              重命名
            </View>
            <View className='alfa-filter-manage__delete' role='button' aria-label={`删除${f.name}`} onClick={() => void remove(f)}>
              删除
            </View>
            <View
              className={`alfa-filter-manage__up${i === 0 ? ' alfa-filter-manage__up--off' : ''}`}
              role='button'
              aria-label={`${f.name}上移`}
              onClick={() => reorder(i, i - 1)}
            >
              ↑
            </View>
            <View className='alfa-filter-manage__handle' aria-label={`拖动${f.name}排序`} catchMove {...drag.handleProps(i)}>
              ≡
            </View>
          </View>
        ))}
      </AsyncContent>
      {renaming && (
        <NamePrompt
          title='重命名筛选'
          initial={renaming.name}
          onConfirm={(n) => void rename(renaming, n)}
          onCancel={() => setRenaming(null)}
        />
      )}
    </View>
  )
})
