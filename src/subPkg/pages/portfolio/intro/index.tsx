import { Page } from '@/components/Page'
import { IntroScreen, kindOf, PlanIntroScreen, usePoCode } from '@/features/portfolio'

export default function PortfolioIntroPage() {
  const poCode = usePoCode()
  // An investment plan's intro is its own (InvestPlanIntro).
  return <Page route='portfolioIntro'>{kindOf(poCode) === 'investPlan' ? <PlanIntroScreen poCode={poCode} /> : <IntroScreen />}</Page>
}
