import { Page } from '@/components/Page'
import { BackScreen } from '@/features/site'

export default function BackPage() {
  return (
    <Page route='back'>
      <BackScreen />
    </Page>
  )
}
