import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioEntryPage() {
  return (
    <Page route='portfolioEntry'>
      <PageLoading />
    </Page>
  )
}
