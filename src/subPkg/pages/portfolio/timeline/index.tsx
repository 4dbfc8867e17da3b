import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioTimelinePage() {
  return (
    <Page route='portfolioTimeline'>
      <PageLoading />
    </Page>
  )
}
