import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioFaqPage() {
  return (
    <Page route='portfolioFaq'>
      <PageLoading />
    </Page>
  )
}
