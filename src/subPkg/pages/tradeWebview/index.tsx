import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function TradeWebviewPage() {
  return (
    <Page route='tradeWebview'>
      <PageLoading />
    </Page>
  )
}
