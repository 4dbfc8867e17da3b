import { Page } from '@/components/Page'
import { AppDownloadScreen } from '@/features/site'

export default function AppDownloadPage() {
  return (
    <Page route='appDownload'>
      <AppDownloadScreen />
    </Page>
  )
}
