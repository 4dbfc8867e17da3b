import Taro from '@tarojs/taro'
import { isH5 } from './env'

/**
 * Sends a small report that must survive the page closing: navigator.sendBeacon on H5 (a
 * keepalive fetch where beacons are refused), a fire-and-forget request in mini-programs.
 * Resolves true when the host accepted it.
 */
export function sendBeacon(url: string, body: string): Promise<boolean> {
  if (isH5 && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return Promise.resolve(true)
    } catch {
      // Fall through to fetch.
    }
  }
  if (isH5 && typeof fetch === 'function') {
    return fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).then(
      (r) => r.ok,
      () => false,
    )
  }
  return Taro.request({ url, method: 'POST', data: body, header: { 'content-type': 'text/plain;charset=UTF-8' } }).then(
    (r) => r.statusCode >= 200 && r.statusCode < 300,
    () => false,
  )
}

/** An image GET (the share-SDK report): no CORS, no response read. */
export function sendImageGet(url: string): void {
  if (isH5 && typeof Image !== 'undefined') {
    const img = new Image()
    img.src = url
    return
  }
  Taro.request({ url, method: 'GET' }).catch(() => undefined)
}
