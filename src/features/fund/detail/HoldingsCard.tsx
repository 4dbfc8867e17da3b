import { Text, View } from '@tarojs/components'
import { Card } from '@/components/Card'
import { DemoBadge } from '@/components/Figure'
import type { FundHoldingsCardFragment } from '@/services/generated/graphql'
import { formatPercent } from '@/utils/format'
import '../index.scss'

/** The top holdings with their report date (fragment FundHoldingsCard). */
export function HoldingsCard({ holdings }: { holdings: FundHoldingsCardFragment }) {
  return (
    <Card title='重仓持仓' extra={holdings.isDemo ? <DemoBadge /> : undefined}>
      {holdings.list.length === 0 ? (
        <Text className='alfa-fund-muted'>该基金暂无披露的持仓明细（货币型基金不披露重仓证券）。</Text>
      ) : (
        <View className='alfa-fund-holdings'>
          {holdings.reportDate && <Text className='alfa-fund-muted'>{`截至 ${holdings.reportDate}`}</Text>}
          {holdings.list.map((h) => (
            <View key={h.securityCode} className='alfa-rows__row'>
              <View className='alfa-rows__label'>
                <Text>{h.securityName}</Text>
                <Text className='alfa-fund-muted'>{` ${h.securityCode}`}</Text>
              </View>
              <Text className='alfa-fund-digits'>{formatPercent(h.percent)}</Text>
            </View>
          ))}
        </View>
      )}
    </Card>
  )
}
