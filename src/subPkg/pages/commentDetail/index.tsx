import { Page } from '@/components/Page'
import { PageLoading } from '@/components/PageLoading'

export default function CommentDetailPage() {
  return (
    <Page route='commentDetail'>
      <PageLoading />
    </Page>
  )
}
