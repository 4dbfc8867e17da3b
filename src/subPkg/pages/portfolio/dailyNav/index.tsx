import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioDailyNavPage() {
  return (
    <Page route='portfolioDailyNav'>
      <PageLoading />
    </Page>
  )
}
