import { Text, View } from '@tarojs/components'
import type { FundTitleFragment } from '@/services/generated/graphql'
import './index.scss'

/** The name and code heading a fund's sub-screen (fragment FundTitle). */
export function FundTitle({ fund }: { fund: FundTitleFragment }) {
  return (
    <View className='alfa-fund-head'>
      <Text className='alfa-fund-head__name'>{fund.fundName}</Text>
      <Text className='alfa-fund-digits alfa-fund-muted'>{fund.fundCode}</Text>
    </View>
  )
}
