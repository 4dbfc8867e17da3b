import { Page } from '@/components/Page'
import { AdvisorContentScreen } from '@/features/portfolio/trade/AdvisorContentScreen'

export default function AdvisorContentPage() {
  return (
    <Page route='advisorContent'>
      <AdvisorContentScreen />
    </Page>
  )
}
