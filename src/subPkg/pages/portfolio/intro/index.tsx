import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioIntroPage() {
  return (
    <Page route='portfolioIntro'>
      <PageLoading />
    </Page>
  )
}
