import { Page } from '@/components/Page'
import { VideoScreen } from '@/features/course'

export default function VideoPage() {
  return (
    <Page route='video'>
      <VideoScreen />
    </Page>
  )
}
