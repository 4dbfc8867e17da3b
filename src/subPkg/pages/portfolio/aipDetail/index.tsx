import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioAipDetailPage() {
  return (
    <Page route='portfolioAipDetail'>
      <PageLoading />
    </Page>
  )
}
