import { Page } from '@/components/Page'
import { SiteScreen } from '@/features/site'

export default function SitePage() {
  return (
    <Page route='site'>
      <SiteScreen />
    </Page>
  )
}
