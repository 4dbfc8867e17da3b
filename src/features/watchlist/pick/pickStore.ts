import { makeAutoObservable, reaction, runInAction } from '@/utils/observable'
import { batchPicks, pickList, type PickOp } from '@/services/api'
import { rememberPendingAction, startLogin, takePendingAction } from '@/services/login'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { groupStore } from '../groups/groupStore'

/** Toast texts of a successful toggle (spec section 4). */
export const PICK_ADDED_TEXT = '添加成功'
export const PICK_REMOVED_TEXT = '已取消'

/** What a toggle did; callers and tests read it, users see the state and the toast. */
export type PickToggleResult = 'empty' | 'ignored' | 'login' | 'added' | 'removed' | 'reverted'

/** The services the store calls, replaceable in tests. */
export interface PickStoreDeps {
  batchPicks: (fundCodes: string[], op: PickOp) => Promise<unknown>
  /** The picked codes (GET /user-fund-picks/list; the store reads only fundCode). */
  pickList: () => Promise<{ list: ReadonlyArray<{ fundCode: string }> }>
  startLogin: () => unknown
  /** Remembers a pick that needed login, to finish it after the return (default: services/login). */
  rememberPending?: (target: string) => void
  /** True, once, when this pick was waiting for the login that just happened. */
  takePending?: (target: string) => boolean
  isLogin: () => boolean
  showToast: (text: string) => void
  /** The device's own watchlist, picked into before login (issue #25); without it an anonymous pick starts login. */
  device?: {
    picks: () => readonly string[]
    add: (fundCodes: readonly string[]) => void
    remove: (fundCodes: readonly string[]) => void
  }
  /** Resolves when a merge of the device's list into the account is over (the list read after it has the merged picks). */
  settled?: () => Promise<unknown>
  /** Picks changed on the server (the groups follow: a removed fund leaves them). */
  onChanged?: (fundCodes: readonly string[], op: PickOp) => void
}

const defaultDeps: PickStoreDeps = {
  // Failures are reverted silently: no server-message toast (401 still starts login in the request layer).
  batchPicks: (fundCodes, op) => batchPicks(fundCodes, op, { suppressToast: true }),
  pickList: () => pickList(),
  startLogin: () => void startLogin(),
  rememberPending: (target) => rememberPendingAction({ kind: 'pick', target }),
  takePending: (target) => takePendingAction({ kind: 'pick', target }),
  isLogin: () => user.isLogin,
  showToast: (text) => void toast.open(text),
  device: {
    picks: () => groupStore.devicePicks,
    add: (codes) => groupStore.addDevicePicks(codes),
    remove: (codes) => groupStore.removeDevicePicks(codes),
  },
  settled: () => groupStore.settled(),
  onChanged: (codes, op) => (op === 'add' ? groupStore.addAccountPicks(codes) : groupStore.forgetAccountPicks(codes)),
}

/**
 * My Watchlist picks as this device knows them, and the pick toggle of spec sections 4, 5 and 8:
 * needs a non-empty fund list; ignored while a request for the same funds is pending; flips at
 * once and is reverted silently when the request fails; success toasts 添加成功 or 已取消.
 */
export class PickStore {
  /** Fund codes the user has picked. */
  picked = new Set<string>()
  /** Fund codes with a toggle request in flight. */
  readonly pending = new Set<string>()
  /** The server's list was read since the last login. */
  loaded = false
  private loading: Promise<void> | null = null

  constructor(private readonly deps: PickStoreDeps = defaultDeps) {
    makeAutoObservable<PickStore, 'deps' | 'loading'>(this, ['deps', 'loading'])
  }

  /** Every one of the codes is picked (false for an empty list); before login, in the device's list. */
  isPicked(fundCodes: readonly string[]): boolean {
    if (fundCodes.length === 0) return false
    if (!this.deps.isLogin()) {
      const device = this.deps.device?.picks() ?? []
      return fundCodes.every((c) => device.includes(c))
    }
    return fundCodes.every((c) => this.picked.has(c))
  }

  isPending(fundCodes: readonly string[]): boolean {
    return fundCodes.some((c) => this.pending.has(c))
  }

  /** Records what a screen learned from the server (e.g. the watchlist itself). */
  setPicked(fundCodes: readonly string[], picked: boolean) {
    for (const c of fundCodes) {
      if (picked) this.picked.add(c)
      else this.picked.delete(c)
    }
  }

  /** Replaces the known picks with the server's list; a fund with a toggle in flight keeps its flipped state. */
  replaceAll(fundCodes: readonly string[]) {
    const next = fundCodes.filter((c) => !this.pending.has(c))
    for (const c of this.pending) if (this.picked.has(c)) next.push(c)
    // Assigned whole: readers hear one change.
    this.picked = new Set(next)
    this.loaded = true
  }

  /** Reads the picked codes once per login (several buttons share one request). */
  load(force = false): Promise<void> {
    if (!this.deps.isLogin()) return Promise.resolve()
    if (this.loaded && !force) return Promise.resolve()
    if (this.loading) return this.loading
    this.loading = (this.deps.settled?.() ?? Promise.resolve())
      .then(() => this.deps.pickList())
      .then((res) => this.replaceAll((res?.list ?? []).map((p) => p.fundCode)))
      .catch(() => undefined)
      .finally(() => {
        this.loading = null
      })
    return this.loading
  }

  /** Forgets the picks (logout). */
  clear() {
    this.picked.clear()
    this.loaded = false
  }

  /**
   * Finishes a pick that needed login, once the user is back logged in: picks the funds unless the
   * server's list already has them. Null when no pick of these funds was waiting.
   */
  async resumePending(fundCodes: readonly string[]): Promise<PickToggleResult | null> {
    const codes = [...new Set(fundCodes)]
    if (codes.length === 0 || !this.deps.isLogin() || !(this.deps.takePending ?? defaultDeps.takePending!)(codes.join(','))) return null
    await this.load()
    if (this.isPicked(codes)) return null
    return this.toggle(codes)
  }

  /** The pick toggle. Resolves with what happened; never rejects. */
  async toggle(fundCodes: readonly string[]): Promise<PickToggleResult> {
    const codes = [...new Set(fundCodes)]
    if (codes.length === 0) return 'empty'
    if (this.isPending(codes)) return 'ignored'
    if (!this.deps.isLogin() && this.deps.device) {
      // Before login the device keeps the list; it joins the account at login (groupStore.mergeDevice).
      const wasPicked = this.isPicked(codes)
      if (wasPicked) this.deps.device.remove(codes)
      else this.deps.device.add(codes)
      this.deps.showToast(wasPicked ? PICK_REMOVED_TEXT : PICK_ADDED_TEXT)
      return wasPicked ? 'removed' : 'added'
    }
    if (!this.deps.isLogin()) {
      const remember = this.deps.rememberPending ?? defaultDeps.rememberPending!
      remember(codes.join(','))
      this.deps.startLogin()
      return 'login'
    }
    const wasPicked = this.isPicked(codes)
    const before = codes.filter((c) => this.picked.has(c))
    const op: PickOp = wasPicked ? 'remove' : 'add'
    this.setPicked(codes, !wasPicked)
    codes.forEach((c) => this.pending.add(c))
    try {
      await this.deps.batchPicks(codes, op)
    } catch {
      runInAction(() => {
        this.setPicked(codes, false)
        this.setPicked(before, true)
      })
      return 'reverted'
    } finally {
      runInAction(() => codes.forEach((c) => this.pending.delete(c)))
    }
    this.deps.onChanged?.(codes, op)
    this.deps.showToast(wasPicked ? PICK_REMOVED_TEXT : PICK_ADDED_TEXT)
    return wasPicked ? 'removed' : 'added'
  }
}

export const pickStore = new PickStore()

// Another user (or none) means other picks: read them again on the next use.
reaction(
  () => user.token,
  (token) => {
    pickStore.clear()
    if (!token) groupStore.forgetAccounts()
  },
)

// At login (or a start with a user while the device still holds a list) the device's list joins the account.
reaction(
  () => (user.isLogin ? user.userId : null),
  (userId) => {
    if (userId) void groupStore.mergeDevice().then((codes) => codes && pickStore.replaceAll(codes))
  },
  { fireImmediately: true },
)
