import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioModalsPage() {
  return (
    <Page route='portfolioModals'>
      <PageLoading />
    </Page>
  )
}
