import { parseUrl } from './url'

/**
 * Security: every external url the app opens (web views, redirects, script loads, report
 * images) must be https on an allowed host or one of its subdomains. Hosts are lower-case
 * names without a port; a leading dot is not needed ('example.com' allows 'm.example.com').
 */
export interface AllowListOptions {
  /** Also accept plain http (development servers on loopback). Default false. */
  allowHttp?: boolean
}

/** Loopback hosts of development and tests; http is accepted for them when allowHttp is set. */
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$|\.localhost$/

function hostMatches(host: string, allowed: string): boolean {
  const a = allowed.toLowerCase().replace(/^\./, '')
  return host === a || host.endsWith(`.${a}`)
}

/** True when `url` is absolute https (or http on loopback when allowed) on an allowed host. */
export function isAllowedExternalUrl(url: string, allowedHosts: readonly string[], { allowHttp = false }: AllowListOptions = {}): boolean {
  if (typeof url !== 'string') return false
  const trimmed = url.trim()
  // Control characters and backslashes let browsers and parsers disagree about the host.
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!trimmed || /[\u0000-\u001f\u007f\\\s]/.test(trimmed)) return false
  const { protocol, host: authority } = parseUrl(trimmed)
  if (protocol !== 'https:' && !(allowHttp && protocol === 'http:')) return false
  // userinfo ('https://good.com@evil.com') is refused outright.
  if (!authority || authority.includes('@')) return false
  const host = authority.replace(/:\d+$/, '')
  if (!/^(\[[0-9a-f:]+\]|[a-z0-9.-]+)$/.test(host) || host.includes('..')) return false
  if (protocol === 'http:' && !LOOPBACK.test(host)) return false
  return allowedHosts.some((allowed) => hostMatches(host, allowed))
}

/** Same-origin app paths ('/alfa/...') are never external; '//host' is. */
export function isAppPath(url: string): boolean {
  return /^\/(?![/\\])/.test(url.trim())
}
