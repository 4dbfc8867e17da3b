import { makeAutoObservable, runInAction } from '@/utils/observable'
import { GROUP_MESSAGES, MAX_GROUPS, groupNameProblem, mergeWatchlists, normaliseGroupName } from '@alfa/common/watchlistGroups'
import { execute } from '@/services/graphql'
import {
  ChangeWatchlistGroupFundsDocument,
  CreateWatchlistGroupDocument,
  DeleteWatchlistGroupDocument,
  MergeWatchlistDocument,
  RenameWatchlistGroupDocument,
  ReorderWatchlistGroupsDocument,
  SetFundWatchlistGroupsDocument,
  type WatchGroupFieldsFragment,
} from '@/services/generated/graphql'
import { hostStorage } from '@/services/storage'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import type { KeyValueBackend } from '@/utils/expiringStorage'

/** A watchlist group as the app keeps it (a device group's id starts with `d`, never sent to the server). */
export type WatchGroup = WatchGroupFieldsFragment

/** A change of the groups, applied on the device at once and, signed in, sent to the server. */
export type GroupChange =
  | { kind: 'create'; name: string; fundCodes?: string[] }
  | { kind: 'rename'; groupId: string; name: string }
  | { kind: 'delete'; groupId: string }
  | { kind: 'reorder'; groupIds: string[] }
  | { kind: 'setFund'; fundCode: string; groupIds: string[] }
  | { kind: 'groupFunds'; groupId: string; add: string[]; remove: string[] }

/** The services the store calls, replaceable in tests. */
export interface GroupStoreDeps {
  storage: KeyValueBackend
  userId: () => string | null
  /** Sends a change; resolves with the user's groups after it, rejects with the server's message. */
  send: (change: GroupChange) => Promise<WatchGroup[]>
  /** Merges a device list into the account; resolves with the account's picks and groups. */
  merge: (
    fundCodes: string[],
    groups: Array<{ name: string; fundCodes: string[] }>,
  ) => Promise<{ fundCodes: string[]; groups: WatchGroup[] }>
  showToast: (text: string) => void
}

const sendChange = async (c: GroupChange): Promise<WatchGroup[]> => {
  switch (c.kind) {
    case 'create':
      return (await execute(CreateWatchlistGroupDocument, { name: c.name, fundCodes: c.fundCodes ?? [] })).createWatchlistGroup
    case 'rename':
      return (await execute(RenameWatchlistGroupDocument, { groupId: c.groupId, name: c.name })).renameWatchlistGroup
    case 'delete':
      return (await execute(DeleteWatchlistGroupDocument, { groupId: c.groupId })).deleteWatchlistGroup
    case 'reorder':
      return (await execute(ReorderWatchlistGroupsDocument, { groupIds: c.groupIds })).reorderWatchlistGroups
    case 'setFund':
      return (await execute(SetFundWatchlistGroupsDocument, { fundCode: c.fundCode, groupIds: c.groupIds })).setFundWatchlistGroups
    case 'groupFunds':
      return (await execute(ChangeWatchlistGroupFundsDocument, { groupId: c.groupId, add: c.add, remove: c.remove }))
        .changeWatchlistGroupFunds
  }
}

const defaultDeps: GroupStoreDeps = {
  storage: hostStorage,
  userId: () => (user.isLogin ? user.userId : null),
  send: sendChange,
  merge: async (fundCodes, groups) => (await execute(MergeWatchlistDocument, { fundCodes, groups })).mergeWatchlist,
  showToast: (text) => void toast.open(text),
}

/** The device's own watchlist (before login): its picks in order and its groups. */
interface DeviceList {
  fundCodes: string[]
  groups: WatchGroup[]
}

export const DEVICE_KEY = 'alfa:watchlist:device'
/** The signed-in user's groups as last known (one user's at a time; removed at logout like the user's kept answers). */
export const ACCOUNT_KEY = 'alfa:watchlist:groups'

function read<T>(storage: KeyValueBackend, key: string): T | null {
  const raw = storage.get(key)
  if (typeof raw !== 'string' || !raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

const without = (codes: readonly string[], drop: readonly string[]) => codes.filter((c) => !drop.includes(c))

/**
 * The groups after a change, or the Chinese message saying why it cannot be made (the server's
 * rules, checked on the device first so that they hold offline too). `picked` is the watchlist.
 */
export function applyChange(
  groups: readonly WatchGroup[],
  change: GroupChange,
  picked: readonly string[],
  newId: string,
): WatchGroup[] | string {
  const find = (id: string) => groups.find((g) => g.groupId === id)
  const notPicked = (codes: readonly string[]) => {
    const missing = codes.filter((c) => !picked.includes(c))
    return missing.length ? GROUP_MESSAGES.notPicked(missing) : null
  }
  const inOrder = (codes: readonly string[]) => picked.filter((c) => codes.includes(c))
  switch (change.kind) {
    case 'create': {
      const problem =
        groupNameProblem(
          change.name,
          groups.map((g) => g.name),
        ) ??
        (groups.length >= MAX_GROUPS ? GROUP_MESSAGES.tooMany : null) ??
        notPicked(change.fundCodes ?? [])
      if (problem) return problem
      return [...groups, { groupId: newId, name: normaliseGroupName(change.name), fundCodes: inOrder(change.fundCodes ?? []) }]
    }
    case 'rename': {
      if (!find(change.groupId)) return GROUP_MESSAGES.unknownGroup
      const problem = groupNameProblem(
        change.name,
        groups.filter((g) => g.groupId !== change.groupId).map((g) => g.name),
      )
      if (problem) return problem
      return groups.map((g) => (g.groupId === change.groupId ? { ...g, name: normaliseGroupName(change.name) } : g))
    }
    case 'delete':
      if (!find(change.groupId)) return GROUP_MESSAGES.unknownGroup
      return groups.filter((g) => g.groupId !== change.groupId)
    case 'reorder': {
      const ids = new Set(change.groupIds)
      if (ids.size !== change.groupIds.length || ids.size !== groups.length || groups.some((g) => !ids.has(g.groupId)))
        return GROUP_MESSAGES.reorder
      return change.groupIds.map((id) => find(id)!)
    }
    case 'setFund': {
      if (change.groupIds.some((id) => !find(id))) return GROUP_MESSAGES.unknownGroup
      const problem = notPicked([change.fundCode])
      if (problem) return problem
      return groups.map((g) => ({
        ...g,
        fundCodes: inOrder(
          change.groupIds.includes(g.groupId) ? [...g.fundCodes, change.fundCode] : without(g.fundCodes, [change.fundCode]),
        ),
      }))
    }
    case 'groupFunds': {
      if (!find(change.groupId)) return GROUP_MESSAGES.unknownGroup
      const problem = notPicked(change.add)
      if (problem) return problem
      return groups.map((g) =>
        g.groupId === change.groupId ? { ...g, fundCodes: inOrder([...without(g.fundCodes, change.remove), ...change.add]) } : g,
      )
    }
  }
}

/**
 * 自选分组 on this device: offline-first. Before login the device keeps its own watchlist and groups
 * (one storage entry); signed in, the user's groups are kept per user and shown at once, each change
 * is made on the device first and then sent, the server's answer replacing it (a refusal puts the
 * groups back and says why). At login the device's list is merged into the account (mergeDevice).
 */
export class GroupStore {
  device: DeviceList
  /** The signed-in users' groups as last known, by user id. */
  accounts = new Map<string, WatchGroup[]>()
  /** The watchlist the account's changes are checked against (the picked codes, in order). */
  accountPicks: string[] = []
  private merging: Promise<string[] | null> | null = null
  private seq = 0

  constructor(private readonly deps: GroupStoreDeps = defaultDeps) {
    this.device = read<DeviceList>(deps.storage, DEVICE_KEY) ?? { fundCodes: [], groups: [] }
    makeAutoObservable<GroupStore, 'deps' | 'merging' | 'seq'>(this, ['deps', 'merging', 'seq'])
  }

  private get userId() {
    return this.deps.userId()
  }

  /** The groups shown: the signed-in user's, or the device's. */
  get groups(): WatchGroup[] {
    const id = this.userId
    if (!id) return this.device.groups
    if (!this.accounts.has(id)) {
      const kept = read<{ userId: string; groups: WatchGroup[] }>(this.deps.storage, ACCOUNT_KEY)
      if (kept?.userId === id) return kept.groups
    }
    return this.accounts.get(id) ?? []
  }

  /** The device's picks (before login). */
  get devicePicks(): string[] {
    return this.device.fundCodes
  }

  private saveDevice(next: DeviceList) {
    this.device = next
    this.deps.storage.set(DEVICE_KEY, JSON.stringify(next))
  }

  private saveAccount(userId: string, groups: WatchGroup[]) {
    this.accounts.set(userId, groups)
    this.deps.storage.set(ACCOUNT_KEY, JSON.stringify({ userId, groups }))
  }

  /** Forgets the signed-in users' groups (logout): on a shared device the next person does not see them. */
  forgetAccounts() {
    this.accounts.clear()
    this.accountPicks = []
    this.deps.storage.remove(ACCOUNT_KEY)
  }

  /** The server's groups for the signed-in user (a load of the watchlist), with the watchlist they belong to. */
  replaceAccount(groups: WatchGroup[], picks: string[]) {
    const id = this.userId
    if (!id) return
    this.accountPicks = picks
    this.saveAccount(id, groups)
  }

  /** Adds funds to the device's watchlist (before login), after the ones it has. */
  addDevicePicks(codes: readonly string[]) {
    const next = [...this.device.fundCodes, ...codes.filter((c) => !this.device.fundCodes.includes(c))]
    this.saveDevice({ ...this.device, fundCodes: [...new Set(next)] })
  }

  /** Takes funds out of the device's watchlist and so out of its groups. */
  removeDevicePicks(codes: readonly string[]) {
    this.saveDevice({
      fundCodes: without(this.device.fundCodes, codes),
      groups: this.device.groups.map((g) => ({ ...g, fundCodes: without(g.fundCodes, codes) })),
    })
  }

  /** Funds left the signed-in user's watchlist (the server took them out of its groups too). */
  forgetAccountPicks(codes: readonly string[]) {
    const id = this.userId
    if (!id) return
    this.accountPicks = without(this.accountPicks, codes)
    this.saveAccount(
      id,
      this.groups.map((g) => ({ ...g, fundCodes: without(g.fundCodes, codes) })),
    )
  }

  /** The signed-in user's watchlist as a screen shows it (a kept answer, before the refresh). */
  knowAccountPicks(codes: readonly string[]) {
    if (!this.accountPicks.length) this.accountPicks = [...codes]
  }

  /** Funds joined the signed-in user's watchlist. */
  addAccountPicks(codes: readonly string[]) {
    this.accountPicks = [...new Set([...this.accountPicks, ...codes])]
  }

  /** Makes a change; resolves with null when made, or the Chinese message (also shown) why not. */
  async change(change: GroupChange): Promise<string | null> {
    const id = this.userId
    const before = this.groups
    const picked = id ? this.accountPicks : this.device.fundCodes
    const next = applyChange(before, change, picked, `d${Date.now().toString(36)}${(this.seq += 1)}`)
    if (typeof next === 'string') {
      this.deps.showToast(next)
      return next
    }
    if (!id) {
      this.saveDevice({ ...this.device, groups: next })
      return null
    }
    this.saveAccount(id, next)
    try {
      const answer = await this.deps.send(change)
      runInAction(() => this.saveAccount(id, answer))
      return null
    } catch (err) {
      // The server refused or could not be reached: the groups go back to what the server has.
      runInAction(() => this.saveAccount(id, before))
      const message = err instanceof Error && err.message && /[\u4e00-\u9fa5]/.test(err.message) ? err.message : '网络异常，分组未保存'
      this.deps.showToast(message)
      return message
    }
  }

  /**
   * Merges the device's list and groups into the signed-in user's (at login), once at a time:
   * resolves with the account's picks after it, or null when there was nothing to merge or it
   * failed (the device keeps its list for the next login or start).
   */
  mergeDevice(): Promise<string[] | null> {
    const id = this.userId
    const { fundCodes, groups } = this.device
    if (!id || (!fundCodes.length && !groups.length)) return this.merging ?? Promise.resolve(null)
    if (this.merging) return this.merging
    const sent = { fundCodes: [...fundCodes], groups: groups.map((g) => ({ name: g.name, fundCodes: [...g.fundCodes] })) }
    // Shown at once as the merge will leave it; the server's answer replaces it.
    const account = { fundCodes: this.accountPicks, groups: this.groups }
    const preview = mergeWatchlists(account, sent)
    this.saveAccount(
      id,
      preview.groups.map((g) => ({ groupId: this.groups.find((a) => a.name === g.name)?.groupId ?? `d${g.name}`, ...g })),
    )
    this.merging = this.deps
      .merge(sent.fundCodes, sent.groups)
      .then((res) =>
        runInAction(() => {
          this.accountPicks = res.fundCodes
          this.saveAccount(id, res.groups)
          // Only what was sent leaves the device: a pick made meanwhile stays for the next merge.
          const kept = without(this.device.fundCodes, sent.fundCodes)
          const keptGroups = this.device.groups.filter((g) => !sent.groups.some((s) => s.name === g.name))
          this.saveDevice({ fundCodes: kept, groups: keptGroups })
          return res.fundCodes
        }),
      )
      .catch(() => {
        runInAction(() => this.saveAccount(id, account.groups))
        return null
      })
      .finally(() => {
        this.merging = null
      })
    return this.merging
  }

  /** Waits for a merge under way (a watchlist load asks after it, so that it shows the merged list). */
  settled(): Promise<unknown> {
    return this.merging ?? Promise.resolve()
  }
}

export const groupStore = new GroupStore()
