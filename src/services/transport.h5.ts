import type { Transport } from './request'

/** Taro.request's time limit on H5, kept. */
export const FETCH_TIMEOUT_MS = 60_000

/**
 * H5: the browser's fetch, answering as Taro.request does there (status, lower-case headers, a JSON
 * body parsed or null, a text body as text). Taro.request itself would bring fetch,
 * AbortController and JSONP polyfills every browser we serve no longer needs (about 5 KB gzipped
 * in every page's chunk).
 */
export const defaultTransport: Transport = async ({ url, method, data, header, dataType = 'json' }) => {
  const headers: Record<string, string> = { ...header }
  let body: BodyInit | undefined
  if (method !== 'GET' && data !== undefined && data !== null) {
    if (typeof data === 'object') {
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json'
      body = JSON.stringify(data)
    } else body = typeof data === 'string' ? data : JSON.stringify(data)
  }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS)
  try {
    const res = await fetch(url, { method, headers, body, signal: controller.signal })
    const answerHeader: Record<string, string> = {}
    res.headers.forEach((value, key) => {
      answerHeader[key] = value
    })
    let parsed: unknown = null
    if (res.status !== 204) parsed = dataType === 'text' ? await res.text() : await res.json().catch(() => null)
    return { statusCode: res.status, data: parsed, header: answerHeader }
  } finally {
    clearTimeout(timer)
  }
}
