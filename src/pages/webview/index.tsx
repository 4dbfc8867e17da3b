import { Page } from '@/components/Page'
import { WebviewScreen } from '@/features/web'

export default function WebviewPage() {
  return (
    <Page route='webview'>
      <WebviewScreen />
    </Page>
  )
}
