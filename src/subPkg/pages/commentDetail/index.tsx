import { Page } from '@/components/Page'
import { CommentDetailScreen, useCommentId } from '@/features/live'

export default function CommentDetailPage() {
  const commentId = useCommentId()
  return (
    <Page route='commentDetail'>
      <CommentDetailScreen commentId={commentId} />
    </Page>
  )
}
