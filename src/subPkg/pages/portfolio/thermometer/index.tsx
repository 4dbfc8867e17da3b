import { Page } from '@/components/Page'
import { ThermometerScreen } from '@/features/portfolio'

export default function PortfolioThermometerPage() {
  return (
    <Page route='portfolioThermometer'>
      <ThermometerScreen />
    </Page>
  )
}
