import { Page } from '@/components/Page'
import { AppOpenScreen } from '@/features/site'

export default function AppOpenPage() {
  return (
    <Page route='appOpen'>
      <AppOpenScreen />
    </Page>
  )
}
