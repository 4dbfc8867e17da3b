import { Page } from '@/components/Page'
import { FollowedScreen } from '@/features/account'

export default function FollowedPage() {
  return (
    <Page route='followed'>
      <FollowedScreen />
    </Page>
  )
}
