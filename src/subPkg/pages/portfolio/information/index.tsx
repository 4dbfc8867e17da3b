import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioInformationPage() {
  return (
    <Page route='portfolioInformation'>
      <PageLoading />
    </Page>
  )
}
