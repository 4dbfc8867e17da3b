import { Page } from '@/components/Page'
import { ExternalLinkScreen } from '@/features/web'

export default function ExternalLinkPage() {
  return (
    <Page route='externalLink'>
      <ExternalLinkScreen />
    </Page>
  )
}
