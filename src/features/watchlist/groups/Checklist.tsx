import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import AtModal from 'taro-ui/lib/components/modal'
import AtModalAction from 'taro-ui/lib/components/modal/action'
import AtModalHeader from 'taro-ui/lib/components/modal/header'
import '../../../styles/taro-ui/modal.scss'
import './groups.scss'

export interface ChecklistItem {
  key: string
  label: string
  /** A second line (a fund's code). */
  note?: string
}

export interface ChecklistProps {
  title: string
  items: readonly ChecklistItem[]
  /** The keys ticked when it opens. */
  initial: readonly string[]
  /** Shown instead of the list when there is nothing to tick. */
  emptyText: string
  onSave: (keys: string[]) => void
  onCancel: () => void
}

/** A dialog of ticks: a fund's groups (设置分组) or a group's funds (选择基金); 保存 hands back the ticked keys in the list's order. */
export function Checklist({ title, items, initial, emptyText, onSave, onCancel }: ChecklistProps) {
  const [ticked, setTicked] = useState<string[]>([...initial])
  const flip = (key: string) => setTicked((t) => (t.includes(key) ? t.filter((k) => k !== key) : [...t, key]))
  return (
    <View className='alfa-groups-sheet' role='dialog' aria-modal aria-label={title}>
      <AtModal isOpened closeOnClickOverlay={false}>
        <AtModalHeader>{title}</AtModalHeader>
        <View className='alfa-groups-sheet__body'>
          {items.length === 0 && <Text className='alfa-groups-sheet__empty'>{emptyText}</Text>}
          {items.map((item) => {
            const on = ticked.includes(item.key)
            return (
              <View
                key={item.key}
                className={`alfa-groups-sheet__option${on ? ' alfa-groups-sheet__option--on' : ''}`}
                role='checkbox'
                aria-checked={on}
                onClick={() => flip(item.key)}
              >
                <Text className='alfa-groups-sheet__tick'>{on ? '✓' : ''}</Text>
                <Text className='alfa-groups-sheet__label'>{item.label}</Text>
                {item.note && <Text className='alfa-groups-sheet__note'>{item.note}</Text>}
              </View>
            )
          })}
        </View>
        <AtModalAction>
          <View className='alfa-groups-sheet__cancel' role='button' onClick={onCancel}>
            取消
          </View>
          <View
            className='alfa-groups-sheet__confirm'
            role='button'
            onClick={() => onSave(items.map((i) => i.key).filter((k) => ticked.includes(k)))}
          >
            保存
          </View>
        </AtModalAction>
      </AtModal>
    </View>
  )
}

/** What a long press on a 自选 fund offers: its groups and its NAV alerts (issue #25). */
export function FundActions({
  fundName,
  onGroups,
  onAlert,
  onCancel,
}: {
  fundName: string
  onGroups: () => void
  onAlert: () => void
  onCancel: () => void
}) {
  return (
    <View className='alfa-groups-sheet' role='dialog' aria-modal aria-label={fundName}>
      <AtModal isOpened onClose={onCancel}>
        <AtModalHeader>{fundName}</AtModalHeader>
        <View className='alfa-groups-sheet__body'>
          <View className='alfa-groups-sheet__option alfa-groups-sheet__action' role='button' data-action='groups' onClick={onGroups}>
            <Text className='alfa-groups-sheet__label'>设置分组</Text>
          </View>
          <View className='alfa-groups-sheet__option alfa-groups-sheet__action' role='button' data-action='alert' onClick={onAlert}>
            <Text className='alfa-groups-sheet__label'>净值提醒</Text>
          </View>
        </View>
        <AtModalAction>
          <View className='alfa-groups-sheet__cancel' role='button' onClick={onCancel}>
            取消
          </View>
        </AtModalAction>
      </AtModal>
    </View>
  )
}
