import { Text, View } from '@tarojs/components'
import { SignedRate } from '@/components/Figure'
import type { PortfolioPoolFundFragment } from '@/services/generated/graphql'
import { formatDate, formatNav, MONTH_DAY } from '@/utils/format'
import { formatPercent } from '@/utils/number'
import './index.scss'

/**
 * A fund's NAV (4 decimals) with its date and daily return, as fund rows show them. With `onBasis`
 * the daily return is a button that opens its 口径 (issue #25) and does not also open the row's link.
 */
export function FundNavFigures({ fund, onBasis }: { fund: PortfolioPoolFundFragment; onBasis?: (fundCode: string) => void }) {
  const daily = <SignedRate value={fund.dailyReturn} className='alfa-po-comp__daily' />
  return (
    <View className='alfa-po-comp__nav'>
      <View className='alfa-po-comp__nav-value'>
        <Text>{`净值 ${formatNav(fund.nav)}`}</Text>
        {fund.navDate && <Text className='alfa-po-comp__nav-date'>{`（${formatDate(fund.navDate, MONTH_DAY)}）`}</Text>}
      </View>
      {onBasis && fund.dailyReturn != null ? (
        <View
          className='alfa-po-comp__daily-basis'
          role='button'
          aria-haspopup='dialog'
          aria-label={`日涨跌幅 ${formatPercent(fund.dailyReturn, 2, { sign: true })}，查看计算口径`}
          data-figure='DAILY'
          onClick={(e) => {
            e.stopPropagation()
            onBasis(fund.fundCode)
          }}
        >
          {daily}
        </View>
      ) : (
        daily
      )}
    </View>
  )
}
