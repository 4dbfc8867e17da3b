import { Page } from '@/components/Page'
import { TradeRuleScreen } from '@/features/portfolio/trade/TradeRuleScreen'

export default function TradeModalPage() {
  return (
    <Page route='tradeModal'>
      <TradeRuleScreen />
    </Page>
  )
}
