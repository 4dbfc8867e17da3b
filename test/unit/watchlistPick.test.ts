import { PickStore, PICK_ADDED_TEXT, PICK_REMOVED_TEXT, type PickStoreDeps } from '@/features/watchlist'
import { setTransport } from '@/services/request'
import { toast } from '@/services/toast'
import { user } from '@/services/user'
import { liveToken } from '../support/services'

interface Deferred {
  resolve: (v?: unknown) => void
  reject: (e: unknown) => void
}

function setup({ login = true, picked = [] as string[] } = {}) {
  const requests: { codes: string[]; op: string; deferred: Deferred }[] = []
  const deps = {
    batchPicks: jest.fn(
      (codes: string[], op: string) => new Promise((resolve, reject) => requests.push({ codes, op, deferred: { resolve, reject } })),
    ),
    pickList: jest.fn(async () => ({ list: picked.map((fundCode) => ({ fundCode })) })),
    startLogin: jest.fn(),
    isLogin: jest.fn(() => login),
    showToast: jest.fn(),
  } satisfies PickStoreDeps
  const store = new PickStore(deps)
  store.replaceAll(picked)
  return { store, deps, requests }
}

describe('toggling a pick needs a non-empty fund list', () => {
  it('an empty list does nothing: no request, no toast, no login', async () => {
    const { store, deps } = setup()
    await expect(store.toggle([])).resolves.toBe('empty')
    expect(deps.batchPicks).not.toHaveBeenCalled()
    expect(deps.showToast).not.toHaveBeenCalled()
    expect(deps.startLogin).not.toHaveBeenCalled()
  })
})

describe('the state flips at once', () => {
  it('adding shows picked before the server answers, then toasts 添加成功', async () => {
    const { store, deps, requests } = setup()
    const done = store.toggle(['000001'])
    expect(store.isPicked(['000001'])).toBe(true)
    expect(store.isPending(['000001'])).toBe(true)
    expect(deps.batchPicks).toHaveBeenCalledWith(['000001'], 'add')
    expect(deps.showToast).not.toHaveBeenCalled()
    requests[0].deferred.resolve()
    await expect(done).resolves.toBe('added')
    expect(store.isPicked(['000001'])).toBe(true)
    expect(store.isPending(['000001'])).toBe(false)
    expect(deps.showToast).toHaveBeenCalledWith(PICK_ADDED_TEXT)
  })

  it('removing shows unpicked at once, then toasts 已取消', async () => {
    const { store, deps, requests } = setup({ picked: ['000001'] })
    const done = store.toggle(['000001'])
    expect(store.isPicked(['000001'])).toBe(false)
    expect(deps.batchPicks).toHaveBeenCalledWith(['000001'], 'remove')
    requests[0].deferred.resolve()
    await expect(done).resolves.toBe('removed')
    expect(deps.showToast).toHaveBeenCalledWith(PICK_REMOVED_TEXT)
  })

  it('several funds toggle together; some picked counts as not picked, so all are added', async () => {
    const { store, deps, requests } = setup({ picked: ['000001'] })
    expect(store.isPicked(['000001', '000002'])).toBe(false)
    const done = store.toggle(['000001', '000002', '000002'])
    expect(deps.batchPicks).toHaveBeenCalledWith(['000001', '000002'], 'add')
    expect(store.isPicked(['000001', '000002'])).toBe(true)
    requests[0].deferred.resolve()
    await expect(done).resolves.toBe('added')
  })
})

describe('while a request is pending, further toggles are ignored', () => {
  it('a second tap before the answer sends nothing and keeps the flipped state', async () => {
    const { store, deps, requests } = setup()
    const first = store.toggle(['000001'])
    await expect(store.toggle(['000001'])).resolves.toBe('ignored')
    await expect(store.toggle(['000001', '000002'])).resolves.toBe('ignored')
    expect(deps.batchPicks).toHaveBeenCalledTimes(1)
    expect(store.isPicked(['000001'])).toBe(true)
    requests[0].deferred.resolve()
    await first
    expect(deps.showToast).toHaveBeenCalledTimes(1)
  })

  it('after the answer, the next tap toggles again', async () => {
    const { store, deps, requests } = setup()
    const first = store.toggle(['000001'])
    requests[0].deferred.resolve()
    await first
    const second = store.toggle(['000001'])
    expect(deps.batchPicks).toHaveBeenLastCalledWith(['000001'], 'remove')
    requests[1].deferred.resolve()
    await expect(second).resolves.toBe('removed')
  })

  it('another fund is not blocked by a pending one', async () => {
    const { store, deps } = setup()
    void store.toggle(['000001'])
    void store.toggle(['000002'])
    expect(deps.batchPicks).toHaveBeenCalledTimes(2)
  })
})

describe('the state is reverted silently if the request fails', () => {
  it('a failed add goes back to unpicked, with no success toast', async () => {
    const { store, deps, requests } = setup()
    const done = store.toggle(['000001'])
    requests[0].deferred.reject(new Error('HTTP 500'))
    await expect(done).resolves.toBe('reverted')
    expect(store.isPicked(['000001'])).toBe(false)
    expect(store.isPending(['000001'])).toBe(false)
    expect(deps.showToast).not.toHaveBeenCalled()
  })

  it('a failed remove restores exactly the funds that were picked', async () => {
    const { store, requests } = setup({ picked: ['000001', '000002'] })
    const done = store.toggle(['000001', '000002'])
    expect(store.isPicked(['000001'])).toBe(false)
    requests[0].deferred.reject(new Error('network'))
    await done
    expect(store.isPicked(['000001', '000002'])).toBe(true)
  })

  it('a partial add that fails leaves the already picked fund picked', async () => {
    const { store, requests } = setup({ picked: ['000001'] })
    const done = store.toggle(['000001', '000002'])
    requests[0].deferred.reject(new Error('network'))
    await done
    expect(store.isPicked(['000001'])).toBe(true)
    expect(store.isPicked(['000002'])).toBe(false)
  })
})

describe('through the request layer, a pick that fails is reverted without a toast', () => {
  const failures: Array<[string, () => never | { statusCode: number; data: unknown; header: Record<string, string> }]> = [
    [
      'the network',
      () => {
        throw new Error('Failed to fetch')
      },
    ],
    ['the server', () => ({ statusCode: 500, data: { code: 500, msg: '服务繁忙' }, header: {} })],
  ]
  it.each(failures)('a failure of %s: reverted, no 请检查网络连接 or server message', async (_, answer) => {
    const previous = setTransport(async () => answer())
    user.login(liveToken())
    toast.close()
    try {
      const store = new PickStore()
      await expect(store.toggle(['000001'])).resolves.toBe('reverted')
      expect(store.isPicked(['000001'])).toBe(false)
      expect(toast.show).toBe(false)
    } finally {
      setTransport(previous)
      user.logout()
    }
  })
})

describe('anonymous users are sent to login', () => {
  it('no request, no flip, the login flow starts', async () => {
    const { store, deps } = setup({ login: false })
    await expect(store.toggle(['000001'])).resolves.toBe('login')
    expect(deps.startLogin).toHaveBeenCalledTimes(1)
    expect(deps.batchPicks).not.toHaveBeenCalled()
    expect(store.isPicked(['000001'])).toBe(false)
  })
})

describe('the known picks come from the server once per login', () => {
  it('several loads share one request', async () => {
    const { deps } = setup()
    const store = new PickStore({ ...deps, pickList: jest.fn(async () => ({ list: [{ fundCode: '000009' }] })) })
    await Promise.all([store.load(), store.load()])
    await store.load()
    expect(store.isPicked(['000009'])).toBe(true)
    expect((store as unknown as { deps: PickStoreDeps }).deps.pickList).toHaveBeenCalledTimes(1)
  })

  it('an anonymous user loads nothing and sees nothing picked', async () => {
    const { store, deps } = setup({ login: false, picked: ['000001'] })
    await store.load(true)
    expect(deps.pickList).not.toHaveBeenCalled()
    expect(store.isPicked(['000001'])).toBe(false)
  })
})

describe('a late list answer does not undo a flip in flight', () => {
  it('the pending fund keeps its flipped state when the server list arrives', async () => {
    const { store } = setup()
    void store.toggle(['000001'])
    store.replaceAll([])
    expect(store.isPicked(['000001'])).toBe(true)
  })
})
