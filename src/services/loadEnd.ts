import { currentHost, nativeSupports, type HostInfo } from '@/platform/host'
import { callNative } from './bridge'

/** The bridge call that tells the provider's app the page has finished loading (spec section 9). */
export const LOAD_END_CALL = 'pageLoadEnd'

/**
 * Tells the provider's app that the page has finished loading, so that it ends its own loading
 * state; only app versions with the load-end notice know the call (Android 150, iOS 213), so
 * older ones, other hosts and the mini-programs get nothing. Resolves with whether the app took it.
 */
export async function notifyLoadEnd(host: HostInfo = currentHost()): Promise<boolean> {
  if (!nativeSupports(host, 'loadEndNotice')) return false
  try {
    await callNative(LOAD_END_CALL)
    return true
  } catch (err) {
    console.warn('load-end notice failed', err instanceof Error ? err.message : err)
    return false
  }
}
