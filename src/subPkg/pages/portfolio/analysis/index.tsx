import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioAnalysisPage() {
  return (
    <Page route='portfolioAnalysis'>
      <PageLoading />
    </Page>
  )
}
