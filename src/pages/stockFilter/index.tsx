import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function StockFilterPage() {
  return (
    <Page route='stockFilter'>
      <PageLoading />
    </Page>
  )
}
