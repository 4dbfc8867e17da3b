import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function WebIframePage() {
  return (
    <Page route='webIframe'>
      <PageLoading />
    </Page>
  )
}
