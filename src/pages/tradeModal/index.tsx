import { Page } from '@/components/Page'
import { TradeRuleScreen } from '@/features/portfolio'

export default function TradeModalPage() {
  return (
    <Page route='tradeModal'>
      <TradeRuleScreen />
    </Page>
  )
}
