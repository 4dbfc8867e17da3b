import { Text } from '@tarojs/components'
import { InfoRows } from '@/components/Card'
import { SignedRate } from '@/components/Figure'
import type { AipOutcomeFieldsFragment } from '@/services/generated/graphql'
import { formatAmount, toneModifier } from '@/utils/number'

/** Money in 元 with its sign's colour (gains red, losses green, UI.md). */
export function SignedAmount({ value }: { value: string }) {
  return (
    <Text className={`alfa-num alfa-num--${toneModifier(value, 2)} alfa-aip-digits`}>{`${formatAmount(value, { sign: true })}元`}</Text>
  )
}

const amount = (value: string) => <Text className='alfa-aip-digits'>{`${formatAmount(value)}元`}</Text>

/** The figures of a plan or of the lump sum: 投入本金, 期末市值, 收益, 累计收益率, 年化收益率(XIRR); with `periodsLabel` the number of purchases first. */
export function OutcomeRows({ outcome, cash, periodsLabel }: { outcome: AipOutcomeFieldsFragment; cash: boolean; periodsLabel?: string }) {
  const rows: Array<readonly [string, JSX.Element]> = []
  if (periodsLabel) rows.push([periodsLabel, <Text key='n' className='alfa-aip-digits'>{`${outcome.purchaseCount} 期`}</Text>])
  rows.push(['投入本金', amount(outcome.invested)], ['其中申购费', amount(outcome.fees)], ['期末市值', amount(outcome.endValue)])
  if (cash) rows.push(['现金分红', amount(outcome.cashDividends)])
  rows.push(
    ['收益', <SignedAmount key='p' value={outcome.profit} />],
    ['累计收益率', <SignedRate key='r' value={outcome.totalReturn} />],
    [
      '年化收益率(XIRR)',
      outcome.annualizedReturn === null ? <Text key='a'>--</Text> : <SignedRate key='a' value={outcome.annualizedReturn} />,
    ],
  )
  return <InfoRows rows={rows} />
}
