import { View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from '@/hooks/observer'
import { useEffect } from 'react'
import { AsyncContent } from '@/components/AsyncContent'
import { Empty } from '@/components/Empty'
import { LoadMore } from '@/components/LoadMore'
import { followStore as appFollowStore, rememberKinds, type FollowStore } from '@/features/portfolio'
import { usePaged } from '@/hooks/remote'
import { execute } from '@/services/graphql'
import { FollowedPortfoliosDocument } from '@/services/generated/graphql'
import { startLogin } from '@/services/login'
import { navigateTo } from '@/services/navigation'
import { FollowedRow } from './FollowedRow'
import './FollowedScreen.scss'

export const FOLLOWED_PAGE_SIZE = 20
/** The answer cache's key of the list (kept per user). */
export const FOLLOWED_KEY = 'followedPortfolios'

/**
 * 我的关注: the signed-in user's followed strategies, paged. 取消关注 goes through the follow store
 * (features/portfolio), so the strategy's own page agrees at once and the row leaves the list; a
 * strategy followed or unfollowed on another screen meanwhile is reflected when this one shows
 * again. An anonymous user is sent to log in, and comes back here.
 */
export const FollowedScreen = observer(function FollowedScreen({ store = appFollowStore }: { store?: FollowStore }) {
  const { items, state, stale, more, reload, loadMore } = usePaged(
    FOLLOWED_KEY,
    async (cursor) => {
      const page = (await execute(FollowedPortfoliosDocument, { page: { cursor, size: FOLLOWED_PAGE_SIZE } })).me.followedPortfolios
      rememberKinds(page.list.map((r) => r.portfolio))
      return page
    },
    { user: true },
  )
  useEffect(() => {
    if (state === 'login') void startLogin()
  }, [state])
  // The list is the server's word on what is followed; the store hears it, as from a strategy page.
  useEffect(() => {
    for (const { portfolio: p } of items) store.seen(p.poCode, { followed: true, followersCount: p.followersCount })
  }, [items, store])
  // A strategy followed elsewhere since the list was asked is not in it: ask again.
  useDidShow(() => {
    const listed = new Set(items.map((r) => r.portfolio.poCode))
    if ([...store.known].some(([poCode, s]) => s.followed && !listed.has(poCode))) void reload(true)
  })

  const shown = items.filter((r) => store.state(r.portfolio.poCode)?.followed !== false)
  const unfollow = (poCode: string) =>
    void store.toggle(poCode).then((result) => {
      // The kept answer follows the server's, so a revisit (or offline) no longer lists it.
      if (result === 'unfollowed') void reload(true)
    })

  if (state === 'login')
    return (
      <Empty title='登录后查看我的关注' description='登录后，关注的策略都在这里。' actionText='去登录' onAction={() => void startLogin()} />
    )
  if (state === 'empty' || (state === 'ready' && shown.length === 0 && more === 'noMore'))
    return (
      <Empty
        title='还没有关注的策略'
        description='在策略页点「+ 关注」，它就会出现在这里。'
        actionText='去看看策略'
        onAction={() => void navigateTo('product')}
      />
    )
  return (
    <View className='alfa-followed'>
      <AsyncContent state={state} stale={stale} onRetry={() => reload()} skeleton={{ rows: 6 }}>
        {shown.map((r) => (
          <FollowedRow
            key={r.portfolio.poCode}
            row={r}
            pending={store.isPending(r.portfolio.poCode)}
            onUnfollow={() => unfollow(r.portfolio.poCode)}
          />
        ))}
        <LoadMore status={more} onLoad={() => void loadMore()} />
      </AsyncContent>
    </View>
  )
})
