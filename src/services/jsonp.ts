import { isAllowedExternalUrl, isAppPath } from '@/utils/externalUrl'
import { withQuery } from '@/utils/url'

/** JSONP (H5 only), spec section 7: 2000 ms per try, 2 retries. */
export const JSONP_TIMEOUT_MS = 2000
export const JSONP_RETRIES = 2
export const JSONP_NO_URL = 'Param url is needed!'
export const JSONP_CHECK_FAILED = 'Data check error, and no fallback'
export const JSONP_TIMEOUT = 'Timeout and no data return'

export interface JsonpOptions<T> {
  timeout?: number
  retries?: number
  /** The query parameter that names the callback. Default 'callback'. */
  callbackParam?: string
  /** Rejects data that fails the check (then the fallback is used, if any). */
  check?: (data: unknown) => data is T
  fallback?: T
  /** Hosts a script may come from (security: scripts run with the page's rights). */
  allowedHosts?: readonly string[]
}

let counter = 0

function loadOnce<T>(url: string, callbackParam: string, timeout: number): Promise<T> {
  return new Promise((resolve, reject) => {
    counter += 1
    const name = `__alfaJsonp${Date.now().toString(36)}${counter}`
    const scope = window as unknown as Record<string, unknown>
    const script = document.createElement('script')
    let timer: ReturnType<typeof setTimeout> | null = null
    const cleanup = () => {
      if (timer) clearTimeout(timer)
      script.parentNode?.removeChild(script)
      // A late answer after the timeout must not throw on a missing function.
      scope[name] = () => undefined
    }
    scope[name] = (data: T) => {
      cleanup()
      resolve(data)
    }
    script.src = withQuery(url, { [callbackParam]: name })
    script.async = true
    script.onerror = () => {
      cleanup()
      reject(new Error(JSONP_TIMEOUT))
    }
    timer = setTimeout(() => {
      cleanup()
      reject(new Error(JSONP_TIMEOUT))
    }, timeout)
    document.head.appendChild(script)
  })
}

/**
 * Loads `url` as JSONP with retries. Errors: 'Param url is needed!' without a url (or one off the
 * allow-list), 'Timeout and no data return' when every try fails, 'Data check error, and no
 * fallback' when the data fails the check and no fallback is given.
 */
export async function jsonp<T = unknown>(url: string, options: JsonpOptions<T> = {}): Promise<T> {
  const { timeout = JSONP_TIMEOUT_MS, retries = JSONP_RETRIES, callbackParam = 'callback', check, fallback, allowedHosts = [] } = options
  if (!url || (!isAppPath(url) && !isAllowedExternalUrl(url, allowedHosts))) throw new Error(JSONP_NO_URL)
  let lastError: unknown = new Error(JSONP_TIMEOUT)
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    let data: T
    try {
      data = await loadOnce<T>(url, callbackParam, timeout)
    } catch (err) {
      lastError = err
      continue
    }
    if (check && !check(data)) {
      if (fallback !== undefined) return fallback
      throw new Error(JSONP_CHECK_FAILED)
    }
    return data
  }
  throw lastError
}
