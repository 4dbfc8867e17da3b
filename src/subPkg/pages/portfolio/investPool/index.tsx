import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioInvestPoolPage() {
  return (
    <Page route='portfolioInvestPool'>
      <PageLoading />
    </Page>
  )
}
