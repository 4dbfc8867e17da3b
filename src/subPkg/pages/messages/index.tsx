import { Page } from '@/components/Page'
import { MessagesScreen } from '@/features/alerts'

export default function MessagesPage() {
  return (
    <Page route='messages'>
      <MessagesScreen />
    </Page>
  )
}
