import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioAdjustmentPage() {
  return (
    <Page route='portfolioAdjustment'>
      <PageLoading />
    </Page>
  )
}
