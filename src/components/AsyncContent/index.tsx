import type { ReactNode } from 'react'
import { Empty } from '@/components/Empty'
import { Skeleton, type SkeletonProps } from '@/components/Skeleton'

export type AsyncState = 'loading' | 'error' | 'empty' | 'ready'

export interface AsyncContentProps {
  state: AsyncState
  /** Retry after an error. */
  onRetry?: () => void
  /** What an empty result means and what to do next (default 暂无数据). */
  emptyTitle?: string
  emptyDescription?: string
  /** Shape of the loading skeleton. */
  skeleton?: SkeletonProps
  children?: ReactNode
}

/**
 * The three states every data screen has besides its content: a skeleton while loading, an
 * error with a retry button, and an empty state that says what to do next.
 */
export function AsyncContent({ state, onRetry, emptyTitle = '暂无数据', emptyDescription, skeleton, children }: AsyncContentProps) {
  if (state === 'loading') return <Skeleton {...skeleton} />
  if (state === 'error') {
    return <Empty tone='error' title='加载失败' description='网络或服务暂时不可用，请稍后重试。' actionText='重试' onAction={onRetry} />
  }
  if (state === 'empty') return <Empty title={emptyTitle} description={emptyDescription} />
  return <>{children}</>
}
