import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function BackPage() {
  return (
    <Page route='back'>
      <PageLoading />
    </Page>
  )
}
