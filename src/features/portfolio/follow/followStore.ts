import { makeAutoObservable, reaction, runInAction } from '@/utils/observable'
import { execute } from '@/services/graphql'
import { ToggleFollowDocument, type ToggleFollowMutation } from '@/services/generated/graphql'
import { rememberPendingAction, startLogin, takePendingAction } from '@/services/login'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { nextOrder } from '@/utils/order'

/** Toast texts of a successful follow toggle. */
export const FOLLOW_ADDED_TEXT = '关注成功'
export const FOLLOW_REMOVED_TEXT = '已取消关注'

/** What a toggle did; callers and tests read it, users see the state and the toast. */
export type FollowToggleResult = 'ignored' | 'login' | 'followed' | 'unfollowed' | 'refused' | 'reverted'

/** A strategy's follow state as last known on this device. */
export interface FollowState {
  followed: boolean
  followersCount: number
}

/** The services the store calls, replaceable in tests. */
export interface FollowStoreDeps {
  toggleFollow: (poCode: string, state: boolean) => Promise<ToggleFollowMutation['toggleFollow']>
  startLogin: () => unknown
  rememberPending: (poCode: string) => void
  takePending: (poCode: string) => boolean
  isLogin: () => boolean
  showToast: (text: string) => void
}

const defaultDeps: FollowStoreDeps = {
  toggleFollow: (poCode, state) => execute(ToggleFollowDocument, { poCode, state }).then((r) => r.toggleFollow),
  startLogin: () => void startLogin(),
  rememberPending: (poCode) => rememberPendingAction({ kind: 'follow', target: poCode }),
  takePending: (poCode) => takePendingAction({ kind: 'follow', target: poCode }),
  isLogin: () => user.isLogin,
  showToast: (text) => void toast.open(text),
}

/**
 * Following a strategy (spec section 4: toggles on or off by a boolean through toggleFollow),
 * with the rules users know from the pick button: a toggle while one is pending is ignored, the
 * state flips at once and is reverted silently when the request fails; an error{code, msg,
 * detail} in the answer shows its msg and keeps the old state; an anonymous user is sent to log
 * in, and the follow is finished on the return.
 */
export class FollowStore {
  /** What this device learnt, per poCode (answers of pages, toggles). */
  readonly known = new Map<string, FollowState>()
  readonly pending = new Set<string>()
  /** When the latest toggle of each strategy began (utils/order.ts). */
  private readonly toggledAt = new Map<string, number>()

  constructor(private readonly deps: FollowStoreDeps = defaultDeps) {
    makeAutoObservable<FollowStore, 'deps'>(this, ['deps'])
  }

  /**
   * Records a page's answer. A strategy with a toggle in flight keeps its flipped state. An answer
   * asked before the latest toggle began (`askedAt`, utils/order.ts, when the caller knows it) is
   * older than what the toggle learnt; pages need not say: useRemote lets an answer asked before
   * another screen's edit give way to the kept one (hooks/remote.ts).
   */
  seen(poCode: string, state: FollowState, askedAt: number = Number.POSITIVE_INFINITY) {
    if (this.pending.has(poCode) || askedAt < (this.toggledAt.get(poCode) ?? 0)) return
    this.known.set(poCode, { ...state, followed: this.deps.isLogin() && state.followed })
  }

  state(poCode: string): FollowState | undefined {
    return this.known.get(poCode)
  }

  isPending(poCode: string): boolean {
    return this.pending.has(poCode)
  }

  /** The follow toggle. Resolves with what happened; never rejects. */
  async toggle(poCode: string): Promise<FollowToggleResult> {
    if (!poCode || this.pending.has(poCode)) return 'ignored'
    if (!this.deps.isLogin()) {
      this.deps.rememberPending(poCode)
      this.deps.startLogin()
      return 'login'
    }
    const before = this.known.get(poCode) ?? { followed: false, followersCount: 0 }
    const next = !before.followed
    this.toggledAt.set(poCode, nextOrder())
    this.known.set(poCode, { followed: next, followersCount: Math.max(0, before.followersCount + (next ? 1 : -1)) })
    this.pending.add(poCode)
    let answer: ToggleFollowMutation['toggleFollow']
    try {
      answer = await this.deps.toggleFollow(poCode, next)
    } catch {
      runInAction(() => this.known.set(poCode, before))
      return 'reverted'
    } finally {
      runInAction(() => this.pending.delete(poCode))
    }
    if (answer.error) {
      runInAction(() => this.known.set(poCode, before))
      this.deps.showToast(answer.error.msg)
      return 'refused'
    }
    runInAction(() => this.known.set(poCode, { followed: answer.hasFollowed, followersCount: answer.followersCount }))
    this.deps.showToast(answer.hasFollowed ? FOLLOW_ADDED_TEXT : FOLLOW_REMOVED_TEXT)
    return answer.hasFollowed ? 'followed' : 'unfollowed'
  }

  /** Finishes a follow that needed login, once the user is back: follows unless already followed. */
  async resumePending(poCode: string): Promise<FollowToggleResult | null> {
    if (!poCode || !this.deps.isLogin() || !this.deps.takePending(poCode)) return null
    if (this.known.get(poCode)?.followed) return null
    return this.toggle(poCode)
  }

  /** Forgets what was learnt (another user, or none). */
  clear() {
    this.known.clear()
    this.toggledAt.clear()
  }
}

export const followStore = new FollowStore()

reaction(
  () => user.token,
  () => followStore.clear(),
)
