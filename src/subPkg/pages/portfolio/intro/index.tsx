import { Page } from '@/components/Page'
import { IntroScreen } from '@/features/portfolio/composition/IntroScreen'

export default function PortfolioIntroPage() {
  return (
    <Page route='portfolioIntro'>
      <IntroScreen />
    </Page>
  )
}
