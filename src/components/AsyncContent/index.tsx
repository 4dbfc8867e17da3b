import { Text, View } from '@tarojs/components'
import { useState, type ReactNode } from 'react'
import { Empty, type EmptyProps } from '@/components/Empty'
import { Skeleton, type SkeletonProps } from '@/components/Skeleton'
import { goBackOrHome } from '@/services/navigation'
import './index.scss'

/**
 * What a data screen shows: the skeleton, the error with a retry, the empty state, not found (the
 * loader answered null), the login prompt (user data without a user), or the data.
 */
export type LoadState = 'loading' | 'error' | 'empty' | 'notFound' | 'login' | 'ready'

/** The notice over an answer kept from an earlier visit that could not be refreshed. */
export const STALE_TEXT = '网络异常，显示的是上次加载的内容'

/** Marks what is shown as not fresh, with a retry (stale-while-revalidate failed to revalidate). */
export function StaleNotice({ onRetry }: { onRetry?: () => unknown }) {
  const [busy, setBusy] = useState(false)
  const retry = () => {
    if (busy || !onRetry) return
    setBusy(true)
    void Promise.resolve(onRetry()).finally(() => setBusy(false))
  }
  return (
    <View className='alfa-stale' role='status'>
      <Text className='alfa-stale__text'>{STALE_TEXT}</Text>
      {onRetry && (
        <View className='alfa-stale__retry' role='button' onClick={retry}>
          {busy ? '正在重试' : '重试'}
        </View>
      )}
    </View>
  )
}

export interface AsyncContentProps {
  state: LoadState
  /** What is shown is an earlier answer that could not be refreshed: the not-fresh notice. */
  stale?: boolean
  /** Retry after an error, or refresh a stale answer. */
  onRetry?: () => unknown
  /** What an empty (or not found) result means and what to do next (default 暂无数据). */
  emptyTitle?: string
  emptyDescription?: string
  /** Shape of the loading skeleton. */
  skeleton?: SkeletonProps
  children?: ReactNode
}

/**
 * The states every data screen has besides its content: a skeleton while loading, an error with a
 * retry button, an empty state that says what to do next, a login prompt; over the content, the
 * not-fresh notice when it is an earlier answer that could not be refreshed.
 */
export function AsyncContent({ state, stale, onRetry, emptyTitle = '暂无数据', emptyDescription, skeleton, children }: AsyncContentProps) {
  if (state === 'loading') return <Skeleton {...skeleton} />
  if (state === 'error') {
    return (
      <Empty
        tone='error'
        title='加载失败'
        description='网络或服务暂时不可用，请稍后重试。'
        actionText='重试'
        onAction={() => onRetry?.()}
      />
    )
  }
  // The login flow loads when asked for: a screen's first paint does not carry it.
  if (state === 'login')
    return <Empty title='登录后查看' actionText='去登录' onAction={() => void import('@/services/login').then((m) => m.startLogin())} />
  const notice = stale && <StaleNotice onRetry={onRetry} />
  if (state === 'empty' || state === 'notFound') {
    return (
      <>
        {notice}
        <Empty title={emptyTitle} description={emptyDescription} />
      </>
    )
  }
  return (
    <>
      {notice}
      {children}
    </>
  )
}

/** What is missing when the loader answered null (e.g. 基金不存在) and what to do about it: Empty's headline and hint. */
export type NotFoundText = Required<Pick<EmptyProps, 'title' | 'description'>>

/** A missing item (unknown code, or hidden on this brand): what is missing and a way back. */
export function NotFound({ title, description }: NotFoundText) {
  return <Empty title={title} description={description} actionText='返回' onAction={() => goBackOrHome()} />
}

export interface PendingProps {
  state: LoadState
  onRetry: () => unknown
  /** Rows of the loading skeleton (default 8). */
  rows?: number
  /** What the not-found state says. */
  notFound: NotFoundText
}

/** A detail screen until its item is there: not found with a way back, the skeleton, or the error with a retry. */
export function Pending({ state, onRetry, rows = 8, notFound }: PendingProps) {
  if (state === 'notFound') return <NotFound {...notFound} />
  return <AsyncContent state={state} onRetry={onRetry} skeleton={{ rows }} />
}
