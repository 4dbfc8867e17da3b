import { Page } from '@/components/Page'
import { CompositionScreen } from '@/features/portfolio'

export default function PortfolioCompositionPage() {
  return (
    <Page route='portfolioComposition'>
      <CompositionScreen />
    </Page>
  )
}
