import { Page } from '@/components/Page'
import { WebIframeScreen } from '@/features/web'

export default function WebIframePage() {
  return (
    <Page route='webIframe'>
      <WebIframeScreen />
    </Page>
  )
}
