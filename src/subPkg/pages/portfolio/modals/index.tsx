import { Page } from '@/components/Page'
import { ModalsScreen } from '@/features/portfolio/trade/ModalsScreen'

export default function PortfolioModalsPage() {
  return (
    <Page route='portfolioModals'>
      <ModalsScreen />
    </Page>
  )
}
