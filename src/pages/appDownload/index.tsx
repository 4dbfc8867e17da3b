import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function AppDownloadPage() {
  return (
    <Page route='appDownload'>
      <PageLoading />
    </Page>
  )
}
