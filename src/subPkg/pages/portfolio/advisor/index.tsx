import { Page } from '@/components/Page'
import { AdvisorScreen } from '@/features/portfolio'

export default function PortfolioAdvisorPage() {
  return (
    <Page route='portfolioAdvisor'>
      <AdvisorScreen />
    </Page>
  )
}
