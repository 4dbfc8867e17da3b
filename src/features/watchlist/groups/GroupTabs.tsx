import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useEffect, useState } from 'react'
import { Tabs } from '@/components/Tabs'
import { user } from '@/services/user'
import type { PickedFund } from '../picks'
import { navigateTo } from '@/services/navigation'
import { Checklist, FundActions } from './Checklist'
import { GroupsManage } from './GroupsManage'
import { groupStore as defaultStore, type GroupStore, type WatchGroup } from './groupStore'
import './groups.scss'

/** The tab of every fund. */
export const ALL_TAB = 'all'

/** `back`: the sheet a group's funds return to (管理分组 when opened from it, none from an empty group's tab). */
type Sheet =
  | { kind: 'manage' }
  | { kind: 'actions'; fundCode: string; fundName: string }
  | { kind: 'fund'; fundCode: string; fundName: string }
  | { kind: 'groupFunds'; group: WatchGroup; back: Sheet | null }

/**
 * 我的自选's groups: the chosen tab (全部 or a group), the funds it shows in the list's order, and
 * the open sheet (管理分组, a fund's actions, a fund's groups, a group's funds). Read inside an observer component.
 */
export function useGroupTab(picks: readonly PickedFund[], store: GroupStore = defaultStore) {
  const [groupId, setGroupId] = useState<string>(ALL_TAB)
  const [sheet, setSheet] = useState<Sheet | null>(null)
  const groups = store.groups
  // A group deleted (here or on another device) leaves its tab for 全部.
  const group = groups.find((g) => g.groupId === groupId) ?? null
  const isLogin = user.isLogin
  const codes = picks.map((p) => p.fund.fundCode).join(',')
  useEffect(() => {
    // A kept answer shown before the refresh is the watchlist changes are checked against meanwhile.
    if (isLogin && codes) store.knowAccountPicks(codes.split(','))
  }, [isLogin, codes, store])
  return {
    store,
    groups,
    group,
    picks,
    groupId: group ? group.groupId : ALL_TAB,
    funds: group ? picks.filter((p) => group.fundCodes.includes(p.fund.fundCode)) : [...picks],
    select: setGroupId,
    sheet,
    setSheet,
    openManage: () => setSheet({ kind: 'manage' }),
    /** A long press on a fund: 设置分组 or 净值提醒. */
    openFund: (fundCode: string, fundName: string) => setSheet({ kind: 'actions', fundCode, fundName }),
  }
}

export type GroupTab = ReturnType<typeof useGroupTab>

/** The group tabs (全部 first; none before the first group), an empty group's prompt and the group sheets. */
export const GroupTabs = observer(function GroupTabs({ tab }: { tab: GroupTab }) {
  const { store, groups, group, sheet, setSheet } = tab
  const close = () => setSheet(null)
  return (
    <>
      {groups.length > 0 && (
        <Tabs
          className='alfa-groups-tabs'
          layout='scroll'
          items={[{ key: ALL_TAB, label: '全部' }, ...groups.map((g) => ({ key: g.groupId, label: g.name }))]}
          value={tab.groupId}
          onChange={tab.select}
        />
      )}
      {group && tab.funds.length === 0 && (
        <View className='alfa-groups-empty'>
          <Text>「{group.name}」还没有基金</Text>
          <Text className='alfa-groups-empty__action' role='button' onClick={() => setSheet({ kind: 'groupFunds', group, back: null })}>
            选基金
          </Text>
        </View>
      )}
      {sheet?.kind === 'manage' && (
        <GroupsManage
          store={store}
          onClose={close}
          onPickFunds={(g) => setSheet({ kind: 'groupFunds', group: g, back: { kind: 'manage' } })}
        />
      )}
      {sheet?.kind === 'actions' && (
        <FundActions
          fundName={sheet.fundName}
          onGroups={() => setSheet({ kind: 'fund', fundCode: sheet.fundCode, fundName: sheet.fundName })}
          onAlert={() => {
            close()
            navigateTo('navAlert', { fundCode: sheet.fundCode })
          }}
          onCancel={close}
        />
      )}
      {sheet?.kind === 'fund' && (
        <Checklist
          title={`设置分组：${sheet.fundName}`}
          items={groups.map((g) => ({ key: g.groupId, label: g.name }))}
          initial={groups.filter((g) => g.fundCodes.includes(sheet.fundCode)).map((g) => g.groupId)}
          emptyText='还没有分组，先在「分组」里新建一个。'
          onCancel={close}
          onSave={(ids) =>
            void store.change({ kind: 'setFund', fundCode: sheet.fundCode, groupIds: ids }).then((problem) => problem === null && close())
          }
        />
      )}
      {sheet?.kind === 'groupFunds' && (
        <Checklist
          title={`选择基金：${sheet.group.name}`}
          items={tab.picks.map((p) => ({ key: p.fund.fundCode, label: p.fund.fundName, note: p.fund.fundCode }))}
          initial={store.groups.find((g) => g.groupId === sheet.group.groupId)?.fundCodes ?? []}
          emptyText='自选里还没有基金。'
          onCancel={() => setSheet(sheet.back)}
          onSave={(codes) => {
            const had = store.groups.find((g) => g.groupId === sheet.group.groupId)?.fundCodes ?? []
            void store
              .change({
                kind: 'groupFunds',
                groupId: sheet.group.groupId,
                add: codes.filter((c) => !had.includes(c)),
                remove: had.filter((c) => !codes.includes(c)),
              })
              .then((problem) => problem === null && setSheet(sheet.back))
          }}
        />
      )}
    </>
  )
})
