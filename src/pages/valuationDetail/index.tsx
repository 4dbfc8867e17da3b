import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ValuationDetailPage() {
  return (
    <Page route='valuationDetail'>
      <PageLoading />
    </Page>
  )
}
