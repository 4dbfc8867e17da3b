import { Page } from '@/components/Page'
import { AnalysisScreen } from '@/features/portfolio/composition/AnalysisScreen'

export default function PortfolioAnalysisPage() {
  return (
    <Page route='portfolioAnalysis'>
      <AnalysisScreen />
    </Page>
  )
}
