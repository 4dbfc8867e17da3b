import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function LivePage() {
  return (
    <Page route='live'>
      <PageLoading />
    </Page>
  )
}
