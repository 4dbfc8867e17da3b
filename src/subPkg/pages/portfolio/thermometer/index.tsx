import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioThermometerPage() {
  return (
    <Page route='portfolioThermometer'>
      <PageLoading />
    </Page>
  )
}
