import { GROUP_MESSAGES, mergeWatchlists } from '@alfa/common/watchlistGroups'
import { GroupStore, applyChange, type GroupStoreDeps, type WatchGroup } from '@/features/watchlist'

/** A storage that survives a "reload" (a new store on the same entries). */
function memoryStorage() {
  const entries = new Map<string, unknown>()
  return {
    get: (k: string) => entries.get(k) ?? null,
    set: (k: string, v: unknown) => void entries.set(k, v),
    remove: (k: string) => void entries.delete(k),
  }
}

function setup(userId: string | null = null, storage = memoryStorage()) {
  let who = userId
  const deps = {
    storage,
    userId: () => who,
    send: jest.fn<Promise<WatchGroup[]>, Parameters<GroupStoreDeps['send']>>(),
    merge: jest.fn<ReturnType<GroupStoreDeps['merge']>, Parameters<GroupStoreDeps['merge']>>(),
    showToast: jest.fn(),
  } satisfies GroupStoreDeps
  return { store: new GroupStore(deps), deps, storage, login: (id: string | null) => void (who = id) }
}

const shape = (groups: readonly WatchGroup[]) => groups.map((g) => [g.name, g.fundCodes])

describe('mergeWatchlists: a device’s list joins the account without loss or doubles', () => {
  const account = { fundCodes: ['000001', '000002'], groups: [{ name: '长线', fundCodes: ['000001'] }] }
  const device = {
    fundCodes: ['000003', '000002'],
    groups: [
      { name: ' 长线 ', fundCodes: ['000003', '000001'] },
      { name: '短线', fundCodes: ['000004'] },
    ],
  }

  it('the account’s funds first, then the device’s new ones; same-named groups become one; a fund in a group is picked', () => {
    expect(mergeWatchlists(account, device)).toEqual({
      fundCodes: ['000001', '000002', '000003', '000004'],
      groups: [
        { name: '长线', fundCodes: ['000001', '000003'] },
        { name: '短线', fundCodes: ['000004'] },
      ],
    })
  })

  it('merging the same device list again changes nothing', () => {
    const once = mergeWatchlists(account, device)
    expect(mergeWatchlists(once, device)).toEqual(once)
  })
})

describe('applyChange: the rules, checked on the device too', () => {
  const groups: WatchGroup[] = [
    { groupId: '1', name: '长线', fundCodes: ['000001'] },
    { groupId: '2', name: '短线', fundCodes: [] },
  ]
  const picked = ['000001', '000002', '000003']

  it('refuses, with the server’s Chinese messages: empty, too long, duplicate, too many, unknown group, fund not picked', () => {
    expect(applyChange(groups, { kind: 'create', name: '  ' }, picked, 'n')).toBe(GROUP_MESSAGES.empty)
    expect(applyChange(groups, { kind: 'create', name: '一二三四五六七八九十一' }, picked, 'n')).toBe('分组名称最多10个字')
    expect(applyChange(groups, { kind: 'create', name: '短线' }, picked, 'n')).toBe('已有名为「短线」的分组')
    expect(applyChange(groups, { kind: 'rename', groupId: '1', name: '短线' }, picked, 'n')).toBe('已有名为「短线」的分组')
    const twenty = Array.from({ length: 20 }, (_, i) => ({ groupId: String(i), name: `组${i}`, fundCodes: [] }))
    expect(applyChange(twenty, { kind: 'create', name: '新' }, picked, 'n')).toBe('最多创建20个分组')
    expect(applyChange(groups, { kind: 'delete', groupId: '9' }, picked, 'n')).toBe(GROUP_MESSAGES.unknownGroup)
    expect(applyChange(groups, { kind: 'setFund', fundCode: '000009', groupIds: ['1'] }, picked, 'n')).toBe('基金不在自选中：000009')
    expect(applyChange(groups, { kind: 'reorder', groupIds: ['1'] }, picked, 'n')).toBe(GROUP_MESSAGES.reorder)
  })

  it('a fund may be in several groups; funds keep the watchlist’s order; renaming to its own name is allowed', () => {
    let next = applyChange(groups, { kind: 'setFund', fundCode: '000003', groupIds: ['1', '2'] }, picked, 'n') as WatchGroup[]
    next = applyChange(next, { kind: 'groupFunds', groupId: '2', add: ['000001'], remove: [] }, picked, 'n') as WatchGroup[]
    expect(shape(next)).toEqual([
      ['长线', ['000001', '000003']],
      ['短线', ['000001', '000003']],
    ])
    expect(shape(applyChange(next, { kind: 'rename', groupId: '1', name: '长线' }, picked, 'n') as WatchGroup[])[0][0]).toBe('长线')
  })
})

describe('before login the device keeps the list and the groups', () => {
  it('a group made, filled and reordered is kept across a reload (a new store on the same storage)', async () => {
    const { store, storage, deps } = setup(null)
    store.addDevicePicks(['000001', '000002'])
    expect(await store.change({ kind: 'create', name: '长线' })).toBeNull()
    expect(await store.change({ kind: 'create', name: '短线' })).toBeNull()
    const [long, short] = store.groups
    await store.change({ kind: 'groupFunds', groupId: long.groupId, add: ['000002', '000001'], remove: [] })
    await store.change({ kind: 'reorder', groupIds: [short.groupId, long.groupId] })
    expect(deps.send).not.toHaveBeenCalled()
    const reloaded = setup(null, storage).store
    expect(shape(reloaded.groups)).toEqual([
      ['短线', []],
      ['长线', ['000001', '000002']],
    ])
    // Unpicking a fund takes it out of its groups.
    reloaded.removeDevicePicks(['000001'])
    expect(shape(reloaded.groups)[1]).toEqual(['长线', ['000002']])
  })

  it('a refused change is told and changes nothing', async () => {
    const { store, deps } = setup(null)
    await store.change({ kind: 'create', name: '长线' })
    expect(await store.change({ kind: 'create', name: '长线' })).toBe('已有名为「长线」的分组')
    expect(deps.showToast).toHaveBeenCalledWith('已有名为「长线」的分组')
    expect(shape(store.groups)).toEqual([['长线', []]])
  })
})

describe('signed in: shown at once, sent, the server’s answer kept', () => {
  it('a change shows at once; the server’s answer (its ids) replaces it and is kept for the next start', async () => {
    const { store, deps, storage } = setup('u1')
    store.replaceAccount([], ['000001'])
    let answer!: (groups: WatchGroup[]) => void
    deps.send.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const done = store.change({ kind: 'create', name: '长线', fundCodes: ['000001'] })
    expect(shape(store.groups)).toEqual([['长线', ['000001']]])
    answer([{ groupId: '7', name: '长线', fundCodes: ['000001'] }])
    expect(await done).toBeNull()
    expect(deps.send).toHaveBeenCalledWith({ kind: 'create', name: '长线', fundCodes: ['000001'] })
    expect(setup('u1', storage).store.groups).toEqual([{ groupId: '7', name: '长线', fundCodes: ['000001'] }])
    // Another user does not see them; after logout they are gone from the device.
    expect(setup('u2', storage).store.groups).toEqual([])
    store.forgetAccounts()
    expect(setup('u1', storage).store.groups).toEqual([])
  })

  it('a refusal by the server puts the groups back and shows its message', async () => {
    const { store, deps } = setup('u1')
    store.replaceAccount([{ groupId: '7', name: '长线', fundCodes: [] }], ['000001'])
    deps.send.mockRejectedValue(new Error('分组不存在或已删除'))
    expect(await store.change({ kind: 'rename', groupId: '7', name: '短线' })).toBe('分组不存在或已删除')
    expect(shape(store.groups)).toEqual([['长线', []]])
    expect(deps.showToast).toHaveBeenCalledWith('分组不存在或已删除')
  })
})

describe('at login the device’s list is merged into the account', () => {
  it('sends the device’s picks and groups once, keeps the account’s answer and empties the device', async () => {
    const { store, deps, login, storage } = setup(null)
    store.addDevicePicks(['000003', '000002'])
    await store.change({ kind: 'create', name: '长线' })
    await store.change({ kind: 'setFund', fundCode: '000003', groupIds: [store.groups[0].groupId] })
    login('u1')
    deps.merge.mockResolvedValue({
      fundCodes: ['000001', '000003', '000002'],
      groups: [{ groupId: '5', name: '长线', fundCodes: ['000001', '000003'] }],
    })
    const [a, b] = [store.mergeDevice(), store.mergeDevice()]
    expect(await a).toEqual(['000001', '000003', '000002'])
    expect(await b).toEqual(['000001', '000003', '000002'])
    expect(deps.merge).toHaveBeenCalledTimes(1)
    expect(deps.merge).toHaveBeenCalledWith(['000003', '000002'], [{ name: '长线', fundCodes: ['000003'] }])
    expect(store.groups).toEqual([{ groupId: '5', name: '长线', fundCodes: ['000001', '000003'] }])
    expect(store.devicePicks).toEqual([])
    // Nothing left to merge: no second request.
    expect(await store.mergeDevice()).toBeNull()
    expect(deps.merge).toHaveBeenCalledTimes(1)
    login(null)
    expect(setup(null, storage).store.groups).toEqual([])
  })

  it('a failed merge keeps the device’s list for the next try', async () => {
    const { store, deps, login } = setup(null)
    store.addDevicePicks(['000003'])
    await store.change({ kind: 'create', name: '长线' })
    login('u1')
    deps.merge.mockRejectedValue(new Error('network'))
    expect(await store.mergeDevice()).toBeNull()
    expect(store.devicePicks).toEqual(['000003'])
    expect(store.groups).toEqual([])
    deps.merge.mockResolvedValue({ fundCodes: ['000003'], groups: [{ groupId: '5', name: '长线', fundCodes: [] }] })
    expect(await store.mergeDevice()).toEqual(['000003'])
  })
})
