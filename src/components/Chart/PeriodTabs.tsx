import { View } from '@tarojs/components'
import { CHART_PERIODS, type ChartPeriod, type PeriodOption } from './periods'

export interface PeriodTabsProps<P extends ChartPeriod = ChartPeriod> {
  value: P
  onChange: (value: P) => void
  /** Tabs to show (default: 近1月 … 成立以来). */
  periods?: ReadonlyArray<PeriodOption & { value: P }>
}

/** A row of period tabs under a chart. */
export function PeriodTabs<P extends ChartPeriod = ChartPeriod>({ value, onChange, periods }: PeriodTabsProps<P>) {
  const list = (periods ?? CHART_PERIODS) as ReadonlyArray<PeriodOption & { value: P }>
  return (
    <View className='alfa-period-tabs' role='tablist'>
      {list.map((p) => (
        <View
          key={p.value}
          role='tab'
          aria-selected={p.value === value}
          className={`alfa-period-tabs__tab${p.value === value ? ' alfa-period-tabs__tab--active' : ''}`}
          data-period={p.value}
          onClick={() => p.value !== value && onChange(p.value)}
        >
          {p.label}
        </View>
      ))}
    </View>
  )
}
