import { Text, View } from '@tarojs/components'
import { SignedRate } from '@/components/Figure'
import type { PortfolioPoolFundFragment } from '@/services/generated/graphql'
import { formatDate, formatNav, MONTH_DAY } from '@/utils/format'
import './index.scss'

/** A fund's NAV (4 decimals) with its date and daily return, as fund rows show them. */
export function FundNavFigures({ fund }: { fund: PortfolioPoolFundFragment }) {
  return (
    <View className='alfa-po-comp__nav'>
      <View className='alfa-po-comp__nav-value'>
        <Text>{`净值 ${formatNav(fund.nav)}`}</Text>
        {fund.navDate && <Text className='alfa-po-comp__nav-date'>{`（${formatDate(fund.navDate, MONTH_DAY)}）`}</Text>}
      </View>
      <SignedRate value={fund.dailyReturn} className='alfa-po-comp__daily' />
    </View>
  )
}
