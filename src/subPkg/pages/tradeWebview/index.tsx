import { Page } from '@/components/Page'
import { TradeWebviewScreen } from '@/features/web'

export default function TradeWebviewPage() {
  return (
    <Page route='tradeWebview'>
      <TradeWebviewScreen />
    </Page>
  )
}
