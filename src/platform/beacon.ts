import Taro from '@tarojs/taro'

/**
 * Mini-programs have no beacon: reports are fire-and-forget requests. (H5: beacon.h5.ts.)
 * Resolves true when the host accepted it.
 */
export function sendBeacon(url: string, body: string): Promise<boolean> {
  return Taro.request({ url, method: 'POST', data: body, header: { 'content-type': 'text/plain;charset=UTF-8' } }).then(
    (r) => r.statusCode >= 200 && r.statusCode < 300,
    () => false,
  )
}

/** The share-SDK report's GET, without reading the answer. */
export function sendImageGet(url: string): void {
  Taro.request({ url, method: 'GET' }).catch(() => undefined)
}
