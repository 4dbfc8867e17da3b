import { Input, Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useState } from 'react'
import AtModal from 'taro-ui/lib/components/modal'
import AtModalAction from 'taro-ui/lib/components/modal/action'
import AtModalHeader from 'taro-ui/lib/components/modal/header'
import { GROUP_NAME_MAX } from '@alfa/common/watchlistGroups'
import { groupStore as defaultStore, type GroupStore, type WatchGroup } from './groupStore'
import '../../../styles/taro-ui/modal.scss'
import './groups.scss'

export interface GroupsManageProps {
  /** Opens the funds of a group to tick (选择基金). */
  onPickFunds: (group: WatchGroup) => void
  onClose: () => void
  store?: GroupStore
}

/** 管理分组: create, rename, delete and move groups; each change is saved at once (on the device, and on the server when signed in). */
export const GroupsManage = observer(function GroupsManage({ onPickFunds, onClose, store = defaultStore }: GroupsManageProps) {
  const [name, setName] = useState('')
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null)
  const groups = store.groups

  const create = async () => {
    if ((await store.change({ kind: 'create', name })) === null) setName('')
  }
  const rename = async () => {
    if (!editing) return
    if ((await store.change({ kind: 'rename', groupId: editing.id, name: editing.text })) === null) setEditing(null)
  }
  const move = (index: number, by: number) => {
    const ids = groups.map((g) => g.groupId)
    const [id] = ids.splice(index, 1)
    ids.splice(index + by, 0, id)
    void store.change({ kind: 'reorder', groupIds: ids })
  }

  return (
    <View className='alfa-groups-sheet' role='dialog' aria-modal aria-label='管理分组'>
      <AtModal isOpened closeOnClickOverlay={false}>
        <AtModalHeader>管理分组</AtModalHeader>
        <View className='alfa-groups-sheet__body'>
          <View className='alfa-groups-sheet__new'>
            <Input
              className='alfa-groups-sheet__input'
              value={name}
              // One more than allowed, so that a too long name is told rather than cut silently.
              maxlength={GROUP_NAME_MAX + 1}
              placeholder={`新分组名称（最多${GROUP_NAME_MAX}个字）`}
              aria-label='新分组名称'
              onInput={(e) => setName(e.detail.value)}
              onConfirm={() => void create()}
            />
            <Text className='alfa-groups-sheet__add' role='button' onClick={() => void create()}>
              新建
            </Text>
          </View>
          {groups.length === 0 && <Text className='alfa-groups-sheet__empty'>还没有分组，新建一个，把自选基金分门别类。</Text>}
          {groups.map((g, i) => (
            <View key={g.groupId} className='alfa-groups-sheet__group' data-group={g.name}>
              {editing?.id === g.groupId ? (
                <>
                  <Input
                    className='alfa-groups-sheet__input'
                    value={editing.text}
                    maxlength={GROUP_NAME_MAX + 1}
                    focus
                    aria-label='分组新名称'
                    onInput={(e) => setEditing({ id: g.groupId, text: e.detail.value })}
                    onConfirm={() => void rename()}
                  />
                  <Text className='alfa-groups-sheet__action' role='button' onClick={() => void rename()}>
                    确定
                  </Text>
                </>
              ) : (
                <>
                  <View className='alfa-groups-sheet__name'>
                    <Text>{g.name}</Text>
                    <Text className='alfa-groups-sheet__count'>{g.fundCodes.length}只</Text>
                  </View>
                  <Text className='alfa-groups-sheet__action' role='button' onClick={() => onPickFunds(g)}>
                    选基金
                  </Text>
                  <Text className='alfa-groups-sheet__action' role='button' onClick={() => setEditing({ id: g.groupId, text: g.name })}>
                    改名
                  </Text>
                  <Text
                    className={`alfa-groups-sheet__action${i === 0 ? ' alfa-groups-sheet__action--off' : ''}`}
                    role='button'
                    aria-label={`上移${g.name}`}
                    aria-disabled={i === 0}
                    onClick={() => i > 0 && move(i, -1)}
                  >
                    ↑
                  </Text>
                  <Text
                    className={`alfa-groups-sheet__action${i === groups.length - 1 ? ' alfa-groups-sheet__action--off' : ''}`}
                    role='button'
                    aria-label={`下移${g.name}`}
                    aria-disabled={i === groups.length - 1}
                    onClick={() => i < groups.length - 1 && move(i, 1)}
                  >
                    ↓
                  </Text>
                  <Text
                    className='alfa-groups-sheet__action alfa-groups-sheet__action--danger'
                    role='button'
                    aria-label={`删除${g.name}`}
                    onClick={() => void store.change({ kind: 'delete', groupId: g.groupId })}
                  >
                    删除
                  </Text>
                </>
              )}
            </View>
          ))}
          {groups.length > 0 && <Text className='alfa-groups-sheet__hint'>删除分组不会删除其中的自选基金</Text>}
        </View>
        <AtModalAction>
          <View className='alfa-groups-sheet__confirm' role='button' onClick={onClose}>
            完成
          </View>
        </AtModalAction>
      </AtModal>
    </View>
  )
})
