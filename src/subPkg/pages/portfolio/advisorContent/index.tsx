import { Page } from '@/components/Page'
import { AdvisorContentScreen } from '@/features/portfolio'

export default function AdvisorContentPage() {
  return (
    <Page route='advisorContent'>
      <AdvisorContentScreen />
    </Page>
  )
}
