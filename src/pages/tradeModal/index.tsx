import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function TradeModalPage() {
  return (
    <Page route='tradeModal'>
      <PageLoading />
    </Page>
  )
}
