import { FollowStore, FOLLOW_ADDED_TEXT, FOLLOW_REMOVED_TEXT, type FollowStoreDeps } from '@/features/portfolio/follow/followStore'
import { nextOrder } from '@/utils/order'

function setup(over: Partial<FollowStoreDeps> = {}) {
  const calls: Array<[string, boolean]> = []
  const toasts: string[] = []
  const pending = new Set<string>()
  let login = true
  let logins = 0
  const deps: FollowStoreDeps = {
    toggleFollow: async (poCode, state) => {
      calls.push([poCode, state])
      return { hasFollowed: state, followersCount: state ? 101 : 99, error: null }
    },
    startLogin: () => void logins++,
    rememberPending: (poCode) => void pending.add(poCode),
    takePending: (poCode) => pending.delete(poCode),
    isLogin: () => login,
    showToast: (t) => void toasts.push(t),
    ...over,
  }
  const store = new FollowStore(deps)
  return { store, calls, toasts, pending, setLogin: (v: boolean) => (login = v), logins: () => logins }
}

describe('Following a portfolio toggles on or off by a boolean (toggleFollow)', () => {
  it('sends state true to follow and false to unfollow, and takes the server count', async () => {
    const { store, calls, toasts } = setup()
    store.seen('ZH1', { followed: false, followersCount: 100 })
    expect(await store.toggle('ZH1')).toBe('followed')
    expect(store.state('ZH1')).toEqual({ followed: true, followersCount: 101 })
    expect(await store.toggle('ZH1')).toBe('unfollowed')
    expect(calls).toEqual([
      ['ZH1', true],
      ['ZH1', false],
    ])
    expect(toasts).toEqual([FOLLOW_ADDED_TEXT, FOLLOW_REMOVED_TEXT])
  })
})

describe('the follow button keeps the pick rules', () => {
  it('flips at once, and ignores toggles while one is pending', async () => {
    let release: () => void = () => undefined
    const { store, calls } = setup({
      toggleFollow: (poCode, state) =>
        new Promise((resolve) => {
          calls.push([poCode, state])
          release = () => resolve({ hasFollowed: state, followersCount: 1, error: null })
        }),
    })
    store.seen('ZH1', { followed: false, followersCount: 0 })
    const first = store.toggle('ZH1')
    expect(store.state('ZH1')?.followed).toBe(true)
    expect(store.isPending('ZH1')).toBe(true)
    expect(await store.toggle('ZH1')).toBe('ignored')
    release()
    expect(await first).toBe('followed')
    expect(calls).toHaveLength(1)
  })

  it('reverts silently when the request fails', async () => {
    const { store, toasts } = setup({ toggleFollow: () => Promise.reject(new Error('network')) })
    store.seen('ZH1', { followed: true, followersCount: 5 })
    expect(await store.toggle('ZH1')).toBe('reverted')
    expect(store.state('ZH1')).toEqual({ followed: true, followersCount: 5 })
    expect(toasts).toEqual([])
  })

  it('an error{code, msg, detail} in the answer shows its msg and keeps the old state', async () => {
    const { store, toasts } = setup({
      toggleFollow: async () => ({
        hasFollowed: false,
        followersCount: 5,
        error: { code: 'LIMIT', msg: '关注数量已达上限', detail: null },
      }),
    })
    store.seen('ZH1', { followed: false, followersCount: 5 })
    expect(await store.toggle('ZH1')).toBe('refused')
    expect(store.state('ZH1')).toEqual({ followed: false, followersCount: 5 })
    expect(toasts).toEqual(['关注数量已达上限'])
  })

  it('an anonymous user is sent into login, and the follow is finished on the return', async () => {
    const { store, calls, pending, setLogin, logins } = setup()
    setLogin(false)
    store.seen('ZH1', { followed: false, followersCount: 5 })
    expect(await store.toggle('ZH1')).toBe('login')
    expect(logins()).toBe(1)
    expect(calls).toEqual([])
    expect([...pending]).toEqual(['ZH1'])
    setLogin(true)
    expect(await store.resumePending('ZH2')).toBeNull()
    expect(await store.resumePending('ZH1')).toBe('followed')
    expect(calls).toEqual([['ZH1', true]])
    // Once: the remembered follow is forgotten.
    expect(await store.resumePending('ZH1')).toBeNull()
  })

  it('a returning user who already follows is not toggled off', async () => {
    const { store, calls, pending } = setup()
    pending.add('ZH1')
    store.seen('ZH1', { followed: true, followersCount: 5 })
    expect(await store.resumePending('ZH1')).toBeNull()
    expect(calls).toEqual([])
  })

  it('an anonymous answer never shows as followed', () => {
    const { store, setLogin } = setup()
    setLogin(false)
    store.seen('ZH1', { followed: true, followersCount: 5 })
    expect(store.state('ZH1')?.followed).toBe(false)
  })
})

describe('a page answer asked before a toggle does not undo it (another page’s reload answering late)', () => {
  it('ignores an answer asked before the toggle began, takes one asked after it', async () => {
    const { store } = setup()
    const askedBefore = nextOrder()
    store.seen('ZH1', { followed: false, followersCount: 100 }, askedBefore)
    expect(await store.toggle('ZH1')).toBe('followed')
    // The older answer arrives now, on a page that was reloading when the user tapped.
    store.seen('ZH1', { followed: false, followersCount: 100 }, askedBefore)
    expect(store.state('ZH1')).toEqual({ followed: true, followersCount: 101 })
    // An answer asked after the toggle is the server's word (say, unfollowed elsewhere since).
    store.seen('ZH1', { followed: false, followersCount: 100 }, nextOrder())
    expect(store.state('ZH1')).toEqual({ followed: false, followersCount: 100 })
  })

  it('an answer of unknown age, and any answer for a strategy never toggled, is taken', () => {
    const { store } = setup()
    store.seen('ZH1', { followed: true, followersCount: 7 }, 0)
    expect(store.state('ZH1')).toEqual({ followed: true, followersCount: 7 })
    store.seen('ZH2', { followed: true, followersCount: 3 })
    expect(store.state('ZH2')).toEqual({ followed: true, followersCount: 3 })
  })
})
