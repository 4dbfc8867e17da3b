import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function VideoPage() {
  return (
    <Page route='video'>
      <PageLoading />
    </Page>
  )
}
