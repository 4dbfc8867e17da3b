import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function FundIntroPage() {
  return (
    <Page route='fundIntro'>
      <PageLoading />
    </Page>
  )
}
