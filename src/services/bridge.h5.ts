/**
 * The provider's native app bridge. The app injects `window.AlfaNativeBridge` into its web view,
 * possibly after the page has started, and fires `AlfaNativeBridgeReady` on the document then.
 */

import { BRIDGE_GLOBAL, BRIDGE_NOT_FOUND, BRIDGE_READY_EVENT, BRIDGE_WAIT_MS, NativeCallError, type NativeBridge } from './bridgeProtocol'

export * from './bridgeProtocol'

const POLL_MS = 50

type BridgeWindow = { [BRIDGE_GLOBAL]?: NativeBridge }

function globalScope(): (BridgeWindow & Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>) | null {
  return typeof window !== 'undefined' ? window : null
}

/** The bridge if it is there now. */
export function currentBridge(): NativeBridge | null {
  return globalScope()?.[BRIDGE_GLOBAL] ?? null
}

/** Resolves with the bridge once it appears; rejects with 'native bridge not found.' after 3000 ms. */
export function waitForBridge(timeoutMs: number = BRIDGE_WAIT_MS): Promise<NativeBridge> {
  const ready = currentBridge()
  if (ready) return Promise.resolve(ready)
  const scope = globalScope()
  return new Promise((resolve, reject) => {
    let poll: ReturnType<typeof setInterval> | null = null
    let deadline: ReturnType<typeof setTimeout> | null = null
    const done = () => {
      if (poll) clearInterval(poll)
      if (deadline) clearTimeout(deadline)
      scope?.removeEventListener?.(BRIDGE_READY_EVENT, check)
    }
    function check() {
      const bridge = currentBridge()
      if (!bridge) return
      done()
      resolve(bridge)
    }
    scope?.addEventListener?.(BRIDGE_READY_EVENT, check)
    poll = setInterval(check, POLL_MS)
    deadline = setTimeout(() => {
      done()
      reject(new Error(BRIDGE_NOT_FOUND))
    }, timeoutMs)
  })
}

/** Calls the app; resolves with `data` when the error code is 0, rejects otherwise. */
export async function callNative<T = unknown>(name: string, params: Record<string, unknown> = {}, timeoutMs?: number): Promise<T> {
  const bridge = await waitForBridge(timeoutMs)
  return new Promise<T>((resolve, reject) => {
    bridge.invoke(name, params, (res) => {
      if (res && res.code === 0) resolve(res.data as T)
      else reject(new NativeCallError(name, res?.code ?? -1, res?.msg))
    })
  })
}

/** The bridge call named login answers data.access_token. */
export async function nativeLogin(): Promise<string> {
  const data = await callNative<{ access_token?: string }>('login')
  if (!data?.access_token) throw new NativeCallError('login', -1, 'login returned no access_token')
  return data.access_token
}
