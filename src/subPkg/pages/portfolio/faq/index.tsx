import { Page } from '@/components/Page'
import { FaqScreen } from '@/features/portfolio'

export default function PortfolioFaqPage() {
  return (
    <Page route='portfolioFaq'>
      <FaqScreen />
    </Page>
  )
}
