import { Page } from '@/components/Page'
import { AnalysisScreen } from '@/features/portfolio'

export default function PortfolioAnalysisPage() {
  return (
    <Page route='portfolioAnalysis'>
      <AnalysisScreen />
    </Page>
  )
}
