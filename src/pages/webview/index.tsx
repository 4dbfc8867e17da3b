import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function WebviewPage() {
  return (
    <Page route='webview'>
      <PageLoading />
    </Page>
  )
}
