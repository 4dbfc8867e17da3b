import { View } from '@tarojs/components'
import './index.scss'

/** Paging state of a long list. */
export type LoadMoreStatus = 'more' | 'loading' | 'noMore' | 'error'

export interface LoadMoreProps {
  status: LoadMoreStatus
  /** Called when the user taps to load more or to retry. */
  onLoad?: () => void
}

const TEXT: Record<LoadMoreStatus, string> = {
  more: '上拉加载更多',
  loading: '正在加载',
  noMore: '没有更多了',
  error: '加载失败，点击重试',
}

/** The footer of a paged list. */
export function LoadMore({ status, onLoad }: LoadMoreProps) {
  const tappable = status === 'more' || status === 'error'
  return (
    <View
      className={`alfa-load-more alfa-load-more--${status}`}
      role={tappable ? 'button' : 'status'}
      onClick={tappable ? onLoad : undefined}
    >
      {TEXT[status]}
    </View>
  )
}
