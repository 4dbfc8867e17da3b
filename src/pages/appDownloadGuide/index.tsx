import { Page } from '@/components/Page'
import { AppDownloadGuideScreen } from '@/features/site'

export default function AppDownloadGuidePage() {
  return (
    <Page route='appDownloadGuide'>
      <AppDownloadGuideScreen />
    </Page>
  )
}
