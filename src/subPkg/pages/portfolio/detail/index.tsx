import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioDetailPage() {
  return (
    <Page route='portfolioDetail'>
      <PageLoading />
    </Page>
  )
}
