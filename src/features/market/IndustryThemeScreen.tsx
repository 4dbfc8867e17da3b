import { View } from '@tarojs/components'
import { useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Tabs } from '@/components/Tabs'
import { execute } from '@/services/graphql'
import { MarketIndustryThemesDocument, type ThemeFundRowFragment } from '@/services/generated/graphql'
import { formatPercent, toneOf } from '@/utils/format'
import { periodCode, periodName, type Period } from '@/services/periods'
import { PERIOD_TABS } from './FundListScreen'
import { useRemote } from '@/hooks/remote'
import { FundLinkRow } from '@/features/fund'
import '../../styles/list.scss'

/** 行业主题: each theme with its average return and its best funds over the chosen period. */
export function IndustryThemeScreen() {
  const [period, setPeriod] = useState<Period>('ONE_YEAR')
  const { state, data, stale, reload } = useRemote(
    `industryThemes:${period}`,
    async () => (await execute(MarketIndustryThemesDocument, { period: periodCode(period) })).industryThemes,
  )
  const label = periodName(period)
  return (
    <View>
      <Tabs items={PERIOD_TABS} value={period} onChange={setPeriod} />
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} emptyTitle='暂无主题' skeleton={{ rows: 8 }}>
        {(data ?? []).map((t) => (
          <View key={t.themeCode} className='alfa-card alfa-list'>
            <View className='alfa-list__row'>
              <View className='alfa-list__main'>
                <View className='alfa-list__title'>{t.name}</View>
                <View className='alfa-list__sub'>{t.description}</View>
              </View>
              <View className='alfa-list__figure'>
                <View className={`alfa-tone--${toneOf(t.averageReturn)}`}>{formatPercent(t.averageReturn, 2, { sign: true })}</View>
                <View className='alfa-list__sub'>
                  {label}平均 · {t.fundCount}只
                </View>
              </View>
            </View>
            {t.funds.map((f) => (
              <ThemeFundRow key={f.fund.fundCode} row={f} />
            ))}
          </View>
        ))}
        <View className='alfa-list__demo'>{`${(data ?? []).some((t) => t.funds.some((f) => f.fund.isDemo)) ? '演示数据 · ' : ''}主题按基金名称归类`}</View>
      </AsyncContent>
    </View>
  )
}

/** One of a theme's funds (fragment ThemeFundRow) with its return over the period. */
function ThemeFundRow({ row: f }: { row: ThemeFundRowFragment }) {
  return (
    <FundLinkRow
      fund={f.fund}
      figure={<View className={`alfa-tone--${toneOf(f.periodReturn)}`}>{formatPercent(f.periodReturn, 2, { sign: true })}</View>}
    />
  )
}
