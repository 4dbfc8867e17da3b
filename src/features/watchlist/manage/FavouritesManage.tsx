import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { BarButton, BottomBar } from '@/components/BottomBar'
import { Empty } from '@/components/Empty'
import { useRemote } from '@/hooks/remote'
import { batchPicks, managePickSeq } from '@/services/api'
import { startLogin } from '@/services/login'
import { toast } from '@/services/toast'
import { moveItem } from '@/utils/dragOrder'
import { useDragOrder } from '@/hooks/useDragOrder'
import type { FavouritesManageRowFragment } from '@/services/generated/graphql'
import { pickStore } from '../pick/pickStore'
import { loadPicks, PICKS_KEY } from '../picks'
import './FavouritesManage.scss'

/** A row of the list (fragment FavouritesManageRow). */
export type ManagedFund = FavouritesManageRowFragment

export { moveItem }

export const SEQ_FAILED_TEXT = '排序保存失败，请重试'
export const REMOVE_FAILED_TEXT = '删除失败，请重试'
export const REMOVED_TEXT = '已删除'

/**
 * 管理自选: the picked funds in their order. Dragging a row by its handle (≡), or 置顶 / 上移 / 下移
 * (the accessible alternative), saves the new order at once
 * (manage-seq; a failure puts the old order back with a toast); several funds can be ticked and
 * removed together after a confirmation. Edits go into the watchlist's kept answer as well.
 */
export const FavouritesManage = observer(function FavouritesManage() {
  const { state, data, stale, reload, update } = useRemote(PICKS_KEY, loadPicks, { user: true })
  const picks = data ?? []
  const list: ManagedFund[] = picks.map((p) => p.fund)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [busy, setBusy] = useState(false)
  // Ticks of funds that are gone (removed elsewhere, then reloaded) do not count.
  const chosen = list.filter((f) => selected.has(f.fundCode))

  const move = (index: number, to: number) => {
    const before = picks
    const next = moveItem(picks, index, to)
    if (busy || next === before) return
    update(next)
    setBusy(true)
    managePickSeq(next.map((p) => p.fund.fundCode))
      .catch(() => {
        update(before)
        void toast.open(SEQ_FAILED_TEXT)
      })
      .finally(() => setBusy(false))
  }

  const drag = useDragOrder({ count: list.length, rowSelector: '.alfa-manage__row', onDrop: move })

  const toggle = (fundCode: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(fundCode)) next.delete(fundCode)
      else next.add(fundCode)
      return next
    })

  const allSelected = list.length > 0 && chosen.length === list.length
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(list.map((f) => f.fundCode)))

  const remove = () => {
    const codes = chosen.map((f) => f.fundCode)
    if (busy || codes.length === 0) return
    void Taro.showModal({ title: '删除自选', content: `确定删除选中的 ${codes.length} 只基金吗？`, confirmText: '删除' }).then((answer) => {
      if (!answer.confirm) return
      setBusy(true)
      return batchPicks(codes, 'remove')
        .then(() => {
          update((all) => all.filter((p) => !codes.includes(p.fund.fundCode)))
          setSelected(new Set())
          pickStore.setPicked(codes, false)
          void toast.open(REMOVED_TEXT)
          void pickStore.load(true)
        })
        .catch(() => void toast.open(REMOVE_FAILED_TEXT))
        .finally(() => setBusy(false))
    })
  }

  if (state === 'login') {
    return (
      <Empty
        title='登录后管理自选'
        description='登录后可调整自选基金的顺序或删除。'
        actionText='去登录'
        onAction={() => void startLogin()}
      />
    )
  }
  if (state === 'empty') return <Empty title='还没有自选基金' description='去搜索基金，点「+ 自选」加入这里。' />

  return (
    <View className='alfa-manage'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6 }}>
        <View className='alfa-manage__head'>
          <Text className='alfa-manage__name'>基金名称</Text>
          <Text className='alfa-manage__actions-head'>排序</Text>
        </View>
        {list.map((f, i) => {
          const checked = selected.has(f.fundCode)
          return (
            <View
              key={f.fundCode}
              className={`alfa-manage__row${checked ? ' alfa-manage__row--checked' : ''}${drag.dragging === i ? ' alfa-manage__row--dragging' : ''}`}
              style={drag.rowStyle(i)}
            >
              <View
                className='alfa-manage__pick'
                role='checkbox'
                aria-checked={checked}
                aria-label={`选择${f.fundName}`}
                onClick={() => toggle(f.fundCode)}
              >
                <View className={`alfa-manage__check${checked ? ' alfa-manage__check--on' : ''}`}>{checked ? '✓' : ''}</View>
                <View className='alfa-manage__name'>
                  <Text className='alfa-manage__fund'>{f.fundName}</Text>
                  <Text className='alfa-manage__code'>{f.fundCode}</Text>
                </View>
              </View>
              <View
                className={`alfa-manage__move${i === 0 ? ' alfa-manage__move--off' : ''}`}
                role='button'
                aria-label={`${f.fundName}置顶`}
                onClick={() => move(i, 0)}
              >
                置顶
              </View>
              <View
                className={`alfa-manage__move${i === 0 ? ' alfa-manage__move--off' : ''}`}
                role='button'
                aria-label={`${f.fundName}上移`}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </View>
              <View
                className={`alfa-manage__move${i === list.length - 1 ? ' alfa-manage__move--off' : ''}`}
                role='button'
                aria-label={`${f.fundName}下移`}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </View>
              <View className='alfa-manage__handle' aria-label={`拖动${f.fundName}排序`} catchMove {...drag.handleProps(i)}>
                ≡
              </View>
            </View>
          )
        })}
        <BottomBar>
          <View className='alfa-manage__all' role='checkbox' aria-checked={allSelected} onClick={toggleAll}>
            <View className={`alfa-manage__check${allSelected ? ' alfa-manage__check--on' : ''}`}>{allSelected ? '✓' : ''}</View>
            <Text>全选</Text>
          </View>
          <BarButton className='alfa-manage__remove' tone='danger' width='narrow' disabled={!chosen.length} onClick={remove}>
            {chosen.length ? `删除(${chosen.length})` : '删除'}
          </BarButton>
        </BottomBar>
      </AsyncContent>
    </View>
  )
})
