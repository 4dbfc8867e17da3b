import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function PortfolioAdvisorPage() {
  return (
    <Page route='portfolioAdvisor'>
      <PageLoading />
    </Page>
  )
}
