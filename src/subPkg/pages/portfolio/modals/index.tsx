import { Page } from '@/components/Page'
import { ModalsScreen } from '@/features/portfolio'

export default function PortfolioModalsPage() {
  return (
    <Page route='portfolioModals'>
      <ModalsScreen />
    </Page>
  )
}
