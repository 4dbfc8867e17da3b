import { Page } from '@/components/Page'
import { DownloadingScreen } from '@/features/site'

export default function DownloadingPage() {
  return (
    <Page route='downloading'>
      <DownloadingScreen />
    </Page>
  )
}
