import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function SitePage() {
  return (
    <Page route='site'>
      <PageLoading />
    </Page>
  )
}
