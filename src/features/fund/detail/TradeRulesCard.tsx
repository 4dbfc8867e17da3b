import { Text } from '@tarojs/components'
import { Card, InfoRows } from '@/components/Card'
import type { FundTradeRulesCardFragment } from '@/services/generated/graphql'
import { formatAmount, formatPercent } from '@/utils/format'
import '../index.scss'

/** Fee and trade rules (fragment FundTradeRulesCard); orders are not placed in the app (spec). */
export function TradeRulesCard({ rules }: { rules: FundTradeRulesCardFragment }) {
  return (
    <Card title='交易规则'>
      <InfoRows
        rows={[
          [
            '申购状态',
            <Text key='s' className={rules.canBuy ? '' : 'alfa-fund-warn'}>
              {rules.canBuy ? '开放申购' : `暂停申购${rules.canNotBuyReason ? `（${rules.canNotBuyReason}）` : ''}`}
            </Text>,
          ],
          [
            '申购费率',
            <Text key='f' className='alfa-fund-digits'>
              {formatPercent(rules.buyFeeRate)}
            </Text>,
          ],
          ['起购金额', <Text key='a' className='alfa-fund-digits'>{`${formatAmount(rules.lowestBuyAmount)}元`}</Text>],
          // Yearly operating fees, taken from the fund's assets every day (shown only when known).
          ...(
            [
              ['管理费率', rules.managementFeeRate],
              ['托管费率', rules.custodyFeeRate],
              ['销售服务费率', rules.salesServiceFeeRate],
            ] as const
          )
            .filter(([, rate]) => rate != null)
            .map(
              ([label, rate]) =>
                [
                  label,
                  <Text key={label} className='alfa-fund-digits'>
                    {`${formatPercent(rate)}/年`}
                  </Text>,
                ] as const,
            ),
        ]}
      />
      <Text className='alfa-fund-subtitle'>赎回规则</Text>
      {rules.redeemRules.map((r) => (
        <Text key={r} className='alfa-fund-line'>
          {r}
        </Text>
      ))}
      <Text className='alfa-fund-muted'>本应用仅展示交易规则，不提供下单。</Text>
    </Card>
  )
}
