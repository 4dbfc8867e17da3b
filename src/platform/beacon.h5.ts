/**
 * H5 reports that must survive the page closing: navigator.sendBeacon, or a keepalive fetch
 * where beacons are refused. Browser APIs only, so Taro.request (and the fetch and jsonp
 * polyfills it brings) stays out of the first screen's JS.
 */
export function sendBeacon(url: string, body: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return Promise.resolve(true)
    } catch {
      // Fall through to fetch.
    }
  }
  if (typeof fetch !== 'function') return Promise.resolve(false)
  return fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).then(
    (r) => r.ok,
    () => false,
  )
}

/** An image GET (the share-SDK report): no CORS, no response read. */
export function sendImageGet(url: string): void {
  const img = new Image()
  img.src = url
}
