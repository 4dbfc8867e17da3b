import { Page } from '@/components/Page'
import { IntroScreen } from '@/features/portfolio'

export default function PortfolioIntroPage() {
  return (
    <Page route='portfolioIntro'>
      <IntroScreen />
    </Page>
  )
}
