import { View } from '@tarojs/components'
import { observer } from '@/hooks/observer'
import { useCallback, useEffect, useRef } from 'react'
import { user } from '@/services/user'
import { followStore, type FollowState, type FollowStore, type FollowToggleResult } from './followStore'
import './index.scss'

export interface FollowButtonProps {
  poCode: string
  /** The page answer's hasFollowed and followersCount (the store keeps what changed since). */
  followed: boolean
  followersCount: number
  className?: string
  /** A toggle was taken by the server (the page keeps the new state in its answer). */
  onChange?: (state: FollowState) => void
  /** The store (tests); default the app's one. */
  store?: FollowStore
}

/** 关注 / 已关注: the follow toggle of a strategy. */
export const FollowButton = observer(function FollowButton({
  poCode,
  followed,
  followersCount,
  className = '',
  onChange,
  store = followStore,
}: FollowButtonProps) {
  // The page's answer is the server's word once useRemote has let it through: an answer asked before
  // a toggle's edit gives way to the kept one (hooks/remote.ts), so it never undoes the toggle.
  useEffect(() => store.seen(poCode, { followed, followersCount }), [store, poCode, followed, followersCount])
  const isLogin = user.isLogin
  // The caller's latest onChange hears of a toggle that ends after a re-render.
  const onChangeNow = useRef(onChange)
  onChangeNow.current = onChange
  const taken = useCallback(
    (result: FollowToggleResult | null) => {
      const now = store.state(poCode)
      if ((result === 'followed' || result === 'unfollowed') && now) onChangeNow.current?.(now)
    },
    [store, poCode],
  )
  useEffect(() => {
    // A follow that sent the user to log in is finished on the return (once the page's answer is in).
    if (isLogin) void store.resumePending(poCode).then(taken)
  }, [isLogin, store, poCode, followed, taken])
  const state = store.state(poCode)?.followed ?? (isLogin && followed)
  const pending = store.isPending(poCode)
  return (
    <View
      className={`alfa-po-follow alfa-po-follow--${state ? 'on' : 'off'}${pending ? ' alfa-po-follow--pending' : ''} ${className}`}
      role='button'
      aria-pressed={state}
      aria-busy={pending}
      onClick={(e) => {
        e.stopPropagation?.()
        void store.toggle(poCode).then(taken)
      }}
    >
      {state ? '已关注' : '+ 关注'}
    </View>
  )
})

/** The followers count as last known (after a toggle, the server's count). */
export function useFollowersCount(poCode: string, fromAnswer: number, store: FollowStore = followStore): number {
  return store.state(poCode)?.followersCount ?? fromAnswer
}
