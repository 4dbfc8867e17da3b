import { Page } from '@/components/Page'
import { CompositionScreen } from '@/features/portfolio/composition/CompositionScreen'

export default function PortfolioCompositionPage() {
  return (
    <Page route='portfolioComposition'>
      <CompositionScreen />
    </Page>
  )
}
