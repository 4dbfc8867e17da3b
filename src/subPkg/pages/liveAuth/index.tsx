import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function LiveAuthPage() {
  return (
    <Page route='liveAuth'>
      <PageLoading />
    </Page>
  )
}
