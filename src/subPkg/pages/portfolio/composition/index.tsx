import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioCompositionPage() {
  return (
    <Page route='portfolioComposition'>
      <PageLoading />
    </Page>
  )
}
