import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioAipListPage() {
  return (
    <Page route='portfolioAipList'>
      <PageLoading />
    </Page>
  )
}
