import { View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Chart } from '@/components/Chart'
import { Tabs } from '@/components/Tabs'
import { execute } from '@/services/graphql'
import { MarketIndexChartDocument, MarketIndicesDocument, type MarketQuoteCardFragment } from '@/services/generated/graphql'
import { formatDate, formatNumber, formatPercent, DATE, toneOf } from '@/utils/format'
import { useRemote } from '@/hooks/remote'
import '../../styles/list.scss'
import './MarketScreen.scss'

export type ChartRange = 'intraday' | 'daily'

const points = (v: number) => v.toFixed(2)
const RANGE_TABS = [
  { key: 'intraday' as const, label: '分时' },
  { key: 'daily' as const, label: '日K(近120日)' },
]

/** 市场行情: index quotes (red up, green down, grey flat); tapping one shows its intraday or daily chart. */
export function MarketScreen() {
  const { state, data, stale, reload } = useRemote('marketIndices', async () => (await execute(MarketIndicesDocument, {})).marketIndices)
  const [selected, setSelected] = useState<string | null>(null)
  const quotes = data ?? []
  const current = selected ?? quotes[0]?.indexCode ?? null
  return (
    <View className='alfa-market'>
      <AsyncContent
        state={state}
        stale={stale}
        onRetry={() => reload()}
        emptyTitle='暂无行情'
        emptyDescription='下拉刷新再试一次。'
        skeleton={{ rows: 6 }}
      >
        <View className='alfa-market__grid'>
          {quotes.map((q) => (
            <QuoteCard key={q.indexCode} quote={q} active={q.indexCode === current} onTap={() => setSelected(q.indexCode)} />
          ))}
        </View>
        {quotes[0] && <View className='alfa-list__demo'>演示数据 · {formatDate(quotes[0].date, DATE)}</View>}
        {current && <IndexChart key={current} indexCode={current} />}
      </AsyncContent>
    </View>
  )
}

/** An index's quote (fragment MarketQuoteCard); the selected one is highlighted. */
function QuoteCard({ quote, active, onTap }: { quote: MarketQuoteCardFragment; active: boolean; onTap: () => void }) {
  const tone = toneOf(quote.change, 2) // the change is shown in points with 2 decimals
  return (
    <View
      className={`alfa-market__quote${active ? ' alfa-market__quote--active' : ''}`}
      role='button'
      aria-pressed={active}
      onClick={onTap}
    >
      <View className='alfa-market__name'>{quote.indexName}</View>
      <View className={`alfa-market__latest alfa-tone--${tone}`}>{formatNumber(quote.latest, 2)}</View>
      <View className={`alfa-market__change alfa-tone--${tone}`}>
        {formatNumber(quote.change, 2, { sign: true })} {formatPercent(quote.changePercent, 2, { sign: true })}
      </View>
    </View>
  )
}

function IndexChart({ indexCode }: { indexCode: string }) {
  const [range, setRange] = useState<ChartRange>('intraday')
  const { state, data, reload } = useRemote(
    `marketIndex:${indexCode}`,
    async () => (await execute(MarketIndexChartDocument, { indexCode, days: 120 })).marketIndex ?? null,
  )
  // One series object per answer and range: a new one would rebuild the chart model and redraw F2.
  const series = useMemo(() => {
    if (!data) return []
    const points$ = range === 'intraday' ? data.intraday : data.daily
    return [{ name: data.indexName, data: points$.map((p) => ({ date: p.time, value: Number(p.value) })) }]
  }, [data, range])
  return (
    <View className='alfa-card alfa-market__chart'>
      <Tabs items={RANGE_TABS} value={range} onChange={setRange} />
      <AsyncContent state={state} onRetry={() => void reload()} emptyTitle='暂无走势' skeleton={{ rows: 4, title: false }}>
        {data && <Chart series={series} format={points} height={220} allowFullscreen={false} />}
      </AsyncContent>
    </View>
  )
}
