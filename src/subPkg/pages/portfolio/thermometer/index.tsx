import { Page } from '@/components/Page'
import { ThermometerScreen } from '@/features/portfolio/trade/ThermometerScreen'

export default function PortfolioThermometerPage() {
  return (
    <Page route='portfolioThermometer'>
      <ThermometerScreen />
    </Page>
  )
}
