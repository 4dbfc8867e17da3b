import { Page } from '@/components/Page'
import { InformationScreen } from '@/features/portfolio'

export default function PortfolioInformationPage() {
  return (
    <Page route='portfolioInformation'>
      <InformationScreen />
    </Page>
  )
}
