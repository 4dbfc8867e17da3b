import { Input, View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useEffect, useState } from 'react'
import { execute, GraphQLClientError } from '@/services/graphql'
import { PostLiveCommentDocument, type CommentRowFragment, type PostLiveCommentMutation } from '@/services/generated/graphql'
import { rememberPendingAction, startLogin, takePendingAction } from '@/services/login'
import { user } from '@/services/user'
import { keepDraft, readDraft } from './draft'

/** The longest comment the server takes (server/src/live/hub.ts MAX_COMMENT_LENGTH). */
export const MAX_COMMENT_LENGTH = 500

/** What a refused comment tells the user, by the server's reason (the spec's enumerated names, spelled as the spec spells them). */
export const POST_ERROR_TEXT: Record<string, string> = {
  ContentBanned: '评论含有不允许发布的内容，请修改后再发',
  ContetnPostInvalid: `评论需为1到${MAX_COMMENT_LENGTH}个字`,
  LIVE_NOT_FOUND: '直播不存在或已下线',
}
export const POST_FAILED_TEXT = '发送失败，请检查网络后重试'
export const EMPTY_COMMENT_TEXT = '请输入评论内容'

/** The message of a refusal: ours for the known reasons, the server's Chinese one (e.g. 评论太频繁) otherwise. */
export function postErrorText(error: PostLiveCommentMutation['postLiveComment']['error'] | undefined): string {
  if (!error) return POST_FAILED_TEXT
  return POST_ERROR_TEXT[error.code] ?? (/[\u4e00-\u9fff]/.test(error.msg) ? error.msg : POST_FAILED_TEXT)
}

export interface CommentBoxProps {
  liveId: string
  /** A comment the server took (shown at once). */
  onPosted: (comment: CommentRowFragment) => void
}

/**
 * Writing a comment. What is typed is kept (draft.ts), so an anonymous user sent to log in comes
 * back to the box with the text still there — on H5 after the signup page's full page loads too —
 * and sends it from there. A refusal is said under the box and keeps the text.
 */
export const CommentBox = observer(function CommentBox({ liveId, onPosted }: CommentBoxProps) {
  const [text, setText] = useState(() => readDraft(liveId))
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [focus, setFocus] = useState(false)
  const isLogin = user.isLogin
  useEffect(() => {
    // Back from the login this box sent the user to: the text is there, the cursor in the box.
    if (isLogin && takePendingAction({ kind: 'comment', target: liveId })) {
      setText(readDraft(liveId))
      setFocus(true)
    }
  }, [isLogin, liveId])

  const change = (value: string) => {
    setText(value)
    keepDraft(liveId, value)
    setError(null)
  }

  const send = async () => {
    if (sending) return
    const content = text
    if (!content.trim()) return setError(EMPTY_COMMENT_TEXT)
    if ([...content].length > MAX_COMMENT_LENGTH) return setError(POST_ERROR_TEXT.ContetnPostInvalid)
    keepDraft(liveId, content)
    if (!user.isLogin) {
      rememberPendingAction({ kind: 'comment', target: liveId })
      void startLogin()
      return
    }
    setSending(true)
    try {
      const { postLiveComment: answer } = await execute(PostLiveCommentDocument, { liveId, content })
      if (!answer.comment || answer.error) return setError(postErrorText(answer.error))
      setText('')
      keepDraft(liveId, '')
      setError(null)
      onPosted(answer.comment)
    } catch (err) {
      // A token the server no longer takes: the request layer has started login; the text waits here.
      if (err instanceof GraphQLClientError && (err.kind === 'unauthenticated' || err.kind === 'unauthorized'))
        rememberPendingAction({ kind: 'comment', target: liveId })
      else setError(POST_FAILED_TEXT)
    } finally {
      setSending(false)
    }
  }

  return (
    <View className='alfa-live-box'>
      <View className='alfa-live-box__row'>
        <Input
          className='alfa-live-box__input'
          value={text}
          placeholder={isLogin ? '说点什么…' : '登录后参与评论'}
          maxlength={MAX_COMMENT_LENGTH}
          confirmType='send'
          focus={focus}
          onInput={(e) => change(e.detail.value)}
          onConfirm={() => void send()}
          onBlur={() => setFocus(false)}
        />
        <View
          className={`alfa-live-box__send${sending ? ' alfa-live-box__send--busy' : ''}`}
          role='button'
          aria-disabled={sending}
          onClick={() => void send()}
        >
          {sending ? '发送中' : '发送'}
        </View>
      </View>
      {error && (
        <View className='alfa-live-box__error' role='alert'>
          {error}
        </View>
      )}
    </View>
  )
})
