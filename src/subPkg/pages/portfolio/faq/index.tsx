import { Page } from '@/components/Page'
import { FaqScreen } from '@/features/portfolio/trade/FaqScreen'

export default function PortfolioFaqPage() {
  return (
    <Page route='portfolioFaq'>
      <FaqScreen />
    </Page>
  )
}
