/** Pure url helpers shared by every target (mini-programs have no URL global). */

export interface ParsedUrl {
  protocol: string
  host: string
  pathname: string
  query: Record<string, string>
  hash: string
}

const URL_RE = /^(?:([a-z][a-z\d+.-]*:)?\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/i

export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    const key = eq < 0 ? part : part.slice(0, eq)
    const value = eq < 0 ? '' : part.slice(eq + 1)
    out[safeDecode(key)] = safeDecode(value.replace(/\+/g, ' '))
  }
  return out
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export function parseUrl(url: string): ParsedUrl {
  const m = URL_RE.exec(url.trim()) ?? []
  return {
    protocol: (m[1] ?? '').toLowerCase(),
    host: (m[2] ?? '').toLowerCase(),
    pathname: m[3] ?? '',
    query: parseQuery(m[4] ?? ''),
    hash: m[5] ?? '',
  }
}

export type QueryValue = string | number | boolean | null | undefined

export function stringifyQuery(query: Record<string, QueryValue>): string {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
}

/** Adds (or replaces) query parameters, keeping the hash. */
export function withQuery(url: string, query: Record<string, QueryValue>): string {
  const hashAt = url.indexOf('#')
  const hash = hashAt < 0 ? '' : url.slice(hashAt)
  const base = hashAt < 0 ? url : url.slice(0, hashAt)
  const qAt = base.indexOf('?')
  const path = qAt < 0 ? base : base.slice(0, qAt)
  const existing = qAt < 0 ? {} : parseQuery(base.slice(qAt + 1))
  const merged = stringifyQuery({ ...existing, ...query })
  return `${path}${merged ? `?${merged}` : ''}${hash}`
}

/** Navigation appends a timestamp parameter `ts` to each navigated url (spec section 2). */
export function withTimestamp(url: string, now: number = Date.now()): string {
  return withQuery(url, { ts: now })
}

/**
 * A url counts as an in-mini-program page when it contains the product host and its path
 * starts with /pages/ or /subPkg/pages/ (spec section 2).
 */
export function isMiniProgramPageUrl(url: string, productHost: string): boolean {
  if (!productHost || !url.includes(productHost)) return false
  const { pathname } = parseUrl(url)
  return pathname.startsWith('/pages/') || pathname.startsWith('/subPkg/pages/')
}
