/**
 * The provider's native app bridge as both sides speak it: what the app injects, what a call
 * answers, the names and the wait (spec sections 7 to 9). The bridge exists only around the H5
 * page in the app's web view: bridge.h5.ts talks to it, bridge.ts (mini-programs) never finds one.
 */

/** What a native call answers: error code 0 is success (spec section 8). */
export interface NativeResponse<T = unknown> {
  code: number
  data?: T
  msg?: string
}

/** Data the app hands over when the page opens. */
export interface NativeInitialData {
  access_token?: string
  /** The page was opened in the app's anonymous (guest) mode. */
  anonymous?: boolean
}

export interface NativeBridge {
  /** Absent or null when the app has nothing to hand over. */
  initialData?: NativeInitialData | null
  invoke(name: string, params: Record<string, unknown>, callback: (res: NativeResponse) => void): void
  /** Events sent by the app: 'userLogin' ({access_token?}), 'exitAnonymous'. */
  on?(event: string, listener: (data: unknown) => void): void
}

export const BRIDGE_GLOBAL = 'AlfaNativeBridge'
export const BRIDGE_READY_EVENT = 'AlfaNativeBridgeReady'
/** How long the page waits for the bridge to appear (spec section 9). */
export const BRIDGE_WAIT_MS = 3000
export const BRIDGE_NOT_FOUND = 'native bridge not found.'

export class NativeCallError extends Error {
  constructor(
    readonly call: string,
    readonly code: number,
    msg?: string,
  ) {
    super(msg || `native call ${call} failed with code ${code}`)
    this.name = 'NativeCallError'
  }
}
