import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { useMemo, useState } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Card } from '@/components/Card'
import { DEFAULT_PERIOD, PERIOD_RANGE, type ChartPeriod } from '@/components/Chart'
import { Empty } from '@/components/Empty'
import { useShareSubject } from '@/components/Page'
import { useRemote } from '@/hooks/remote'
import { execute, GraphQLClientError } from '@/services/graphql'
import { FundComparisonChartDocument, FundComparisonDocument, type FundComparisonQuery } from '@/services/generated/graphql'
import { goBackOrHome, redirectTo } from '@/services/navigation'
import { toast } from '@/services/toast'
import { formatPercent } from '@/utils/number'
import { CompareChart } from './CompareChart'
import { CompareTable, HoldingsOverlap } from './CompareTable'
import { codesRefusal, compareTray, MIN_COMPARED, parseCodes } from './tray'
import './compare.scss'

type Comparison = FundComparisonQuery['fundComparison']

/** The first screen's answer, or the server's refusal of the codes (its Chinese message). */
export type ComparisonAnswer = { kind: 'ok'; comparison: Comparison } | { kind: 'invalid'; message: string }

/** Asks the whole comparison; a refusal of the codes (BAD_USER_INPUT: too few, too many, repeated, unknown) is an answer, not a failure. */
export async function loadComparison(codes: string[], range: string): Promise<ComparisonAnswer> {
  try {
    const r = await execute(FundComparisonDocument, { codes, range })
    return { kind: 'ok', comparison: r.fundComparison }
  } catch (err) {
    const refusal = err instanceof GraphQLClientError ? err.errors.find((e) => e.extensions?.code === 'BAD_USER_INPUT') : undefined
    if (refusal) return { kind: 'invalid', message: refusal.message }
    throw err
  }
}

/** 基金对比: 2 to 4 funds of the address (`codes=000001,110011`) side by side, the rebased NAV chart with period tabs. */
export function FundCompareScreen() {
  const { params } = useRouter()
  const codes = useMemo(() => parseCodes(params.codes), [params.codes])
  const key = codes.join(',')
  const [period, setPeriod] = useState<ChartPeriod>(DEFAULT_PERIOD)
  // Codes that cannot be compared (none, one, five, a repeat) are said at once, without asking.
  const refusal = codesRefusal(codes)
  const { state, data, stale, reload } = useRemote<ComparisonAnswer>(refusal ? null : `fundCompare:${key}`, () =>
    loadComparison(codes, PERIOD_RANGE[DEFAULT_PERIOD]),
  )
  const comparison = !refusal && data?.kind === 'ok' ? data.comparison : null
  // Another tab asks the chart only; the first screen's answer holds the default tab's.
  const otherTab = comparison !== null && period !== DEFAULT_PERIOD
  const tab = useRemote(otherTab ? `fundCompareChart:${key}:${period}` : null, () =>
    execute(FundComparisonChartDocument, { codes, range: PERIOD_RANGE[period] }).then((r) => r.fundComparison),
  )
  const names = useMemo(() => Object.fromEntries((comparison?.funds ?? []).map((f) => [f.fund.fundCode, f.fund.fundName])), [comparison])
  useShareSubject(comparison ? `基金对比：${comparison.funds.map((f) => f.fund.fundName).join(' vs ')}` : null)

  // 移除 on a column head: the fund leaves the address (a new comparison of the others) and the 对比栏, never below the minimum.
  const removeRefusal = codes.length <= MIN_COMPARED ? `至少保留 ${MIN_COMPARED} 只基金进行对比` : null
  const remove = (fundCode: string) => {
    if (removeRefusal) return void toast.open(removeRefusal)
    compareTray.remove(fundCode)
    redirectTo('fundCompare', { codes: codes.filter((c) => c !== fundCode).join(',') })
  }

  const invalid = refusal ?? (data?.kind === 'invalid' ? data.message : null)
  if (invalid) return <Empty title='无法对比' description={invalid} actionText='返回' onAction={() => goBackOrHome()} />
  const chart = otherTab ? tab.data : (comparison ?? null)
  const chartState = !otherTab ? 'ready' : tab.state === 'error' ? 'error' : tab.state === 'loading' && !tab.data ? 'loading' : 'ready'
  return (
    <View className='alfa-compare'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 10 }}>
        {comparison && (
          <>
            <Card title='业绩走势'>
              <CompareChart
                chart={chart}
                names={names}
                order={comparison.funds.map((f) => f.fund.fundCode)}
                period={period}
                onPeriod={setPeriod}
                state={chartState}
                onRetry={() => void tab.reload()}
              />
            </Card>
            <Card title='对比详情'>
              <CompareTable data={comparison} onRemove={remove} removeRefusal={removeRefusal} />
            </Card>
            <Card title='持仓重合度'>
              <HoldingsOverlap data={comparison} />
            </Card>
            <Text className='alfa-compare__foot'>
              {`业绩按复权净值计算（分红再投资），最大回撤、波动率与夏普比率为成立以来；夏普比率的无风险利率为 ${formatPercent(comparison.riskFreeRate, 2)}/年。标「优」为该行最优。过往业绩不代表未来表现，不构成投资建议。${comparison.funds.some((f) => f.fund.isDemo) ? '演示基金的数据为演示数据。' : ''}`}
            </Text>
          </>
        )}
      </AsyncContent>
    </View>
  )
}
