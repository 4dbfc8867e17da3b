import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioSignalPage() {
  return (
    <Page route='portfolioSignal'>
      <PageLoading />
    </Page>
  )
}
