import { BRIDGE_NOT_FOUND, type NativeBridge } from './bridgeProtocol'

/** Mini-programs are not the provider's app web view: there is never a native bridge (H5: bridge.h5.ts). */
export * from './bridgeProtocol'

export function currentBridge(): NativeBridge | null {
  return null
}

export function waitForBridge(_timeoutMs?: number): Promise<NativeBridge> {
  return Promise.reject(new Error(BRIDGE_NOT_FOUND))
}

export function callNative<T = unknown>(_name: string, _params?: Record<string, unknown>, timeoutMs?: number): Promise<T> {
  return waitForBridge(timeoutMs) as Promise<never>
}

export function nativeLogin(): Promise<string> {
  return waitForBridge() as Promise<never>
}
