import { Text, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useMemo, useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { groupStore } from '../groups/groupStore'
import { Empty } from '@/components/Empty'
import { useRemote } from '@/hooks/remote'
import { navigateTo } from '@/services/navigation'
import { user } from '@/services/user'
import { formatDate, formatNav, formatPercent, MONTH_DAY, toneModifier } from '@/utils/format'
import { devicePicksKey, loadDevicePicks, loadPicks, PICKS_KEY, type PickedFund } from '../picks'
import { GroupTabs, useGroupTab } from '../groups/GroupTabs'
import { periodName, periodReturn, RETURN_PERIODS, type ReturnPeriod } from '@/services/periods'
import { nextSort, sortByFigure, type SortState } from '@/utils/sort'
import { CompareToggle, CompareTrayBar } from '@/features/compare'
import './Favourites.scss'

type SortKey = 'nav' | 'daily' | 'period'

/** The period columns to choose from (the periods fund statistics cover). */
export const PERIODS: { key: ReturnPeriod; label: string }[] = RETURN_PERIODS.map((key) => ({ key, label: periodName(key) }))

function figureOf(f: PickedFund, key: SortKey, period: ReturnPeriod): string | null {
  if (key === 'nav') return f.fund.nav
  if (key === 'daily') return f.fund.dailyReturn
  return periodReturn(f.returns, period)
}

/** 我的自选: the picked funds with NAV and its date, daily return and a chosen period's return. */
export const Favourites = observer(function Favourites() {
  // Signed in, the account's list; before login, the device's own (issue #25), merged into the account at login.
  const device = user.isLogin ? null : groupStore.devicePicks
  const { state, data, stale, reload } = useRemote(
    device ? devicePicksKey(device) : PICKS_KEY,
    () => (device ? loadDevicePicks(device) : loadPicks()),
    { user: 'optional' },
  )
  const tab = useGroupTab(data ?? [])
  const [period, setPeriod] = useState<ReturnPeriod>('ONE_YEAR')
  const [sort, setSort] = useState<SortState<SortKey>>({ key: null, direction: 'reverse' })

  const rows = useMemo(() => {
    const picked = tab.funds
    return sort.key ? sortByFigure(picked, (f) => figureOf(f, sort.key as SortKey, period), sort.direction) : picked
  }, [tab.funds, sort, period])

  if (state === 'empty') {
    return (
      <Empty
        title='还没有自选基金'
        description='去搜索基金，点「+ 自选」加入这里。'
        actionText='去搜索'
        onAction={() => navigateTo('search')}
      />
    )
  }

  const header = (key: SortKey, label: string) => {
    const active = sort.key === key
    return (
      <View
        className={`alfa-favourites__sort${active ? ` alfa-favourites__sort--${sort.direction}` : ''}`}
        role='button'
        aria-label={`按${label}排序`}
        onClick={() => setSort((s) => nextSort(s, key))}
      >
        {label}
        <Text className='alfa-favourites__arrow'>{active ? (sort.direction === 'reverse' ? '↓' : '↑') : '↕'}</Text>
      </View>
    )
  }

  return (
    <View className='alfa-favourites'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6 }}>
        <View className='alfa-favourites__toolbar'>
          <View className='alfa-favourites__periods'>
            {PERIODS.map((p) => (
              <Text
                key={p.key}
                className={`alfa-favourites__period${p.key === period ? ' alfa-favourites__period--active' : ''}`}
                onClick={() => setPeriod(p.key)}
              >
                {p.label}
              </Text>
            ))}
          </View>
          <Text className='alfa-favourites__groups' role='button' onClick={tab.openManage}>
            分组
          </Text>
          {user.isLogin && (
            <Text className='alfa-favourites__manage' onClick={() => navigateTo('favouritesManage')}>
              管理
            </Text>
          )}
        </View>
        <GroupTabs tab={tab} />
        <View className='alfa-favourites__head'>
          <View className='alfa-favourites__name'>基金名称</View>
          {header('nav', '净值')}
          {header('daily', '日涨幅')}
          {header('period', PERIODS.find((p) => p.key === period)?.label ?? '')}
        </View>
        {rows.map((f) => (
          <View
            key={f.fund.fundCode}
            className='alfa-favourites__row'
            onClick={() => navigateTo('fund', { fundCode: f.fund.fundCode })}
            // A long press sets the fund's groups.
            onLongPress={() => tab.openFund(f.fund.fundCode, f.fund.fundName)}
          >
            <View className='alfa-favourites__name'>
              <Text className='alfa-favourites__fund'>{f.fund.fundName}</Text>
              <Text className='alfa-favourites__code'>{f.fund.fundCode}</Text>
            </View>
            <CompareToggle variant='check' fund={f.fund} />
            <View className='alfa-favourites__cell'>
              <Text className='alfa-favourites__nav'>{formatNav(f.fund.nav)}</Text>
              <Text className='alfa-favourites__date'>{f.fund.navDate ? formatDate(f.fund.navDate, MONTH_DAY) : '--'}</Text>
            </View>
            <Text className={`alfa-favourites__cell alfa-favourites__figure--${toneModifier(f.fund.dailyReturn)}`}>
              {formatPercent(f.fund.dailyReturn, 2, { sign: true })}
            </Text>
            <Text className={`alfa-favourites__cell alfa-favourites__figure--${toneModifier(periodReturn(f.returns, period))}`}>
              {formatPercent(periodReturn(f.returns, period), 2, { sign: true })}
            </Text>
          </View>
        ))}
      </AsyncContent>
      <CompareTrayBar />
    </View>
  )
})
