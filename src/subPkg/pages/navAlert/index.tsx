import { Page } from '@/components/Page'
import { NavAlertScreen } from '@/features/alerts'

export default function NavAlertPage() {
  return (
    <Page route='navAlert'>
      <NavAlertScreen />
    </Page>
  )
}
