import { Page } from '@/components/Page'
import { CompositionScreen, kindOf, PlanCompositionScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioCompositionPage() {
  const poCode = usePoCode()
  // An investment plan shows its own holdings beside its model portfolio's.
  return (
    <Page route='portfolioComposition'>
      {kindOf(poCode) === 'investPlan' ? <PlanCompositionScreen poCode={poCode} /> : <CompositionScreen />}
    </Page>
  )
}
