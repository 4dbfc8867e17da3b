import { Page } from '@/components/Page'
import { InvestPoolScreen } from '@/features/portfolio'

export default function PortfolioInvestPoolPage() {
  return (
    <Page route='portfolioInvestPool'>
      <InvestPoolScreen />
    </Page>
  )
}
