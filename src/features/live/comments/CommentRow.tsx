import { Text, View } from '@tarojs/components'
import { navigateTo } from '@/services/navigation'
import type { CommentRowFragment } from '@/services/generated/graphql'
import { formatDate } from '@/utils/format'
import { COMMENT_PATTERN, maskName } from '../labels'

/**
 * A comment (fragment CommentRow): the poster's masked name, the time and the text — always as
 * text, never markup (the server stores it as posted). Long ones are cut at three lines; a tap
 * opens the comment whole.
 */
export function CommentRow({ comment }: { comment: CommentRowFragment }) {
  return (
    <View
      className='alfa-live-comment'
      role='link'
      data-comment-id={comment.commentId}
      onClick={() => void navigateTo('commentDetail', { commentId: comment.commentId })}
    >
      <View className='alfa-live-comment__head'>
        <Text className='alfa-live-comment__name'>{maskName(comment.nickname)}</Text>
        <Text className='alfa-live-comment__time'>{formatDate(comment.createdAt, COMMENT_PATTERN)}</Text>
      </View>
      <Text className='alfa-live-comment__content'>{comment.content}</Text>
    </View>
  )
}
