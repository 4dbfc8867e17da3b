import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function StockMarketPage() {
  return (
    <Page route='stockMarket'>
      <PageLoading />
    </Page>
  )
}
