import { FollowStore, type FollowStoreDeps } from '@/features/portfolio/follow/followStore'
import type { ToggleFollowMutation } from '@/services/generated/graphql'

/**
 * The followers count while a follow is in flight (issue #19): a follow adds one at once, an
 * unfollow takes one away, and the answer's count is taken when it comes (another user may have
 * followed meanwhile); a failure puts the old count back.
 */
type Answer = ToggleFollowMutation['toggleFollow']

function setup() {
  let settle: (answer: Answer | Error) => void = () => undefined
  const deps: FollowStoreDeps = {
    toggleFollow: () =>
      new Promise<Answer>((resolve, reject) => {
        settle = (a) => (a instanceof Error ? reject(a) : resolve(a))
      }),
    startLogin: () => undefined,
    rememberPending: () => undefined,
    takePending: () => false,
    isLogin: () => true,
    showToast: () => undefined,
  }
  return { store: new FollowStore(deps), settle: (a: Answer | Error) => settle(a) }
}

describe('the followers count moves the right way while a follow is in flight', () => {
  it('a follow adds one at once, then shows the server’s count', async () => {
    const { store, settle } = setup()
    store.seen('ZH1', { followed: false, followersCount: 500 })
    const done = store.toggle('ZH1')
    expect(store.state('ZH1')).toEqual({ followed: true, followersCount: 501 })
    settle({ hasFollowed: true, followersCount: 530, error: null })
    expect(await done).toBe('followed')
    expect(store.state('ZH1')).toEqual({ followed: true, followersCount: 530 })
  })

  it('an unfollow takes one away at once, then shows the server’s count', async () => {
    const { store, settle } = setup()
    store.seen('ZH1', { followed: true, followersCount: 500 })
    const done = store.toggle('ZH1')
    expect(store.state('ZH1')).toEqual({ followed: false, followersCount: 499 })
    settle({ hasFollowed: false, followersCount: 480, error: null })
    expect(await done).toBe('unfollowed')
    expect(store.state('ZH1')).toEqual({ followed: false, followersCount: 480 })
  })

  it('a follow then an unfollow: +1, the server’s figure, −1 from it', async () => {
    const { store, settle } = setup()
    store.seen('ZH1', { followed: false, followersCount: 10 })
    const follow = store.toggle('ZH1')
    expect(store.state('ZH1')?.followersCount).toBe(11)
    settle({ hasFollowed: true, followersCount: 12, error: null })
    await follow
    const unfollow = store.toggle('ZH1')
    expect(store.state('ZH1')).toEqual({ followed: false, followersCount: 11 })
    settle({ hasFollowed: false, followersCount: 11, error: null })
    await unfollow
    expect(store.state('ZH1')).toEqual({ followed: false, followersCount: 11 })
  })

  it('never below zero, and a failed request puts the count back', async () => {
    const { store, settle } = setup()
    store.seen('ZH1', { followed: true, followersCount: 0 })
    const done = store.toggle('ZH1')
    expect(store.state('ZH1')).toEqual({ followed: false, followersCount: 0 })
    settle(new Error('network'))
    expect(await done).toBe('reverted')
    expect(store.state('ZH1')).toEqual({ followed: true, followersCount: 0 })
    store.seen('ZH2', { followed: false, followersCount: 7 })
    const again = store.toggle('ZH2')
    expect(store.state('ZH2')?.followersCount).toBe(8)
    settle(new Error('network'))
    await again
    expect(store.state('ZH2')).toEqual({ followed: false, followersCount: 7 })
  })
})
