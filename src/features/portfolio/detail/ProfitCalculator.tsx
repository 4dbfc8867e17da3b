import { Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { Card, InfoRows } from '@/components/Card'
import { DatePicker } from '@/components/DatePicker'
import { SignedRate } from '@/components/Figure'
import type { PortfolioChartFragment } from '@/services/generated/graphql'
import { formatAmount } from '@/utils/format'
import { StepsSheet } from '../sheets'
import { computeProfit, profitBasisSteps } from '../profit'

export const DEFAULT_AMOUNT = 10000
export const PROFIT_CAVEAT = '以上为按策略历史净值的模拟测算，未计费用，过往业绩不代表未来表现，不构成投资建议。'

/** 收益计算器: an amount and a start date within the series shown give its worth on the series' last day. */
export function ProfitCalculator({ series }: { series: PortfolioChartFragment['navHistory']['series'] }) {
  const first = series[0].date
  const last = series[series.length - 1].date
  const [amountText, setAmountText] = useState(String(DEFAULT_AMOUNT))
  const [start, setStart] = useState<string | null>(null)
  const startDate = start && start >= first && start < last ? start : first
  const amount = Number(amountText)
  const result = computeProfit(series, amount, startDate)
  // The result's 口径 sheet is open.
  const [basis, setBasis] = useState(false)
  return (
    <Card title='收益计算器' className='alfa-po-profit'>
      <View className='alfa-po-profit__inputs'>
        <View className='alfa-po-profit__field'>
          <Text className='alfa-po-profit__label'>投入金额（元）</Text>
          <Input
            className='alfa-po-profit__input'
            type='digit'
            value={amountText}
            maxlength={10}
            aria-label='投入金额'
            onInput={(e) => setAmountText(e.detail.value.replace(/[^\d.]/g, ''))}
          />
        </View>
        <DatePicker value={startDate} start={first} end={last} onChange={setStart} label='买入日期'>
          <View className='alfa-po-profit__field'>
            <Text className='alfa-po-profit__label'>买入日期</Text>
            <Text className='alfa-po-profit__date'>{startDate} ›</Text>
          </View>
        </DatePicker>
      </View>
      {result ? (
        <InfoRows
          rows={[
            [`持有至 ${result.endDate} 价值`, <Text key='v' className='alfa-po-digits'>{`${formatAmount(result.value)}元`}</Text>],
            ['收益', <SignedRate key='r' value={result.rate} />],
            ['收益金额', <Text key='p' className='alfa-po-digits'>{`${formatAmount(result.profit, { sign: true })}元`}</Text>],
            [
              '年化收益',
              result.annualized === null ? <Text key='a'>持有不足30天不计算</Text> : <SignedRate key='a' value={result.annualized} />,
            ],
          ]}
        />
      ) : (
        <Text className='alfa-po-muted'>请输入大于0的金额，并选择区间内的买入日期。</Text>
      )}
      {result && (
        <View className='alfa-po-link alfa-po-profit__basis' role='button' aria-haspopup='dialog' onClick={() => setBasis(true)}>
          查看计算口径
        </View>
      )}
      {basis && result && (
        <StepsSheet title='收益计算器的计算口径' steps={profitBasisSteps(result, amount, startDate)} onClose={() => setBasis(false)} />
      )}
      <Text className='alfa-po-muted alfa-po-profit__caveat'>{PROFIT_CAVEAT}</Text>
    </Card>
  )
}
