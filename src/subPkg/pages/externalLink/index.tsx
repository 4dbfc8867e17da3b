import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function ExternalLinkPage() {
  return (
    <Page route='externalLink'>
      <PageLoading />
    </Page>
  )
}
