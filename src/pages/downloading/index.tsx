import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function DownloadingPage() {
  return (
    <Page route='downloading'>
      <PageLoading />
    </Page>
  )
}
