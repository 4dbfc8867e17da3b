import { useRouter } from '@tarojs/taro'

/** A query parameter of the route, decoded and trimmed ('' when absent). */
function useParam(name: string): string {
  const { params } = useRouter()
  const raw = String(params[name] ?? '')
  try {
    return decodeURIComponent(raw).trim()
  } catch {
    return raw.trim()
  }
}

/** The stream of the live and live-message-authorization routes ('' when none). */
export const useLiveId = () => useParam('liveId')

/** The comment of the comment-detail route ('' when none). */
export const useCommentId = () => useParam('commentId')
