import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function AppDownloadGuidePage() {
  return (
    <Page route='appDownloadGuide'>
      <PageLoading />
    </Page>
  )
}
