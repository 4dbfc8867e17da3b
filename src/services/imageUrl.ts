import { isH5 } from '@/platform/env'
import { API_ORIGIN } from './apiOrigin'
import { externalHosts } from './external'
import { isAllowedExternalUrl, isAppPath } from '@/utils/externalUrl'
import { parseUrl } from '@/utils/url'

/**
 * Where image urls may come from. The API server stores its own images host-relative
 * ('/alfa/static/demo/v1/avatar/manager-3.png', server/README.md "Images"): the app resolves them
 * against the API origin, which is the page's own origin on H5 ('') and ALFA_API_ORIGIN on
 * mini-programs.
 */
export interface ImageUrlOptions {
  /** The API server's origin ('https://api.example.com'); '' when it is the page's own origin. */
  apiOrigin: string
  /** True where a host-relative path loads from the page's origin (H5). */
  sameOrigin: boolean
  /** Other hosts images may load from (the external-page allow-list). */
  allowedHosts: readonly string[]
  /** Also accept http on loopback hosts (development). */
  allowHttp?: boolean
}

function originOf(url: string): string | null {
  const { protocol, host } = parseUrl(url)
  // userinfo ('https://api.example.com@evil.com') never names our origin.
  return (protocol === 'https:' || protocol === 'http:') && host && !host.includes('@') ? `${protocol}//${host}` : null
}

/**
 * The url an <Image> may load, or null (show the fallback instead): a host-relative path on
 * the API origin, an absolute url on the API origin, or https on an allowed host. Anything
 * else (other hosts, data:/javascript: urls, '//host', backslashes, control characters) is null,
 * so no request leaves for a host the app does not trust.
 */
export function resolveImageUrl(url: string | null | undefined, opts: ImageUrlOptions): string | null {
  if (typeof url !== 'string') return null
  const trimmed = url.trim()
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!trimmed || /[\u0000-\u001f\u007f\\\s]/.test(trimmed)) return null
  const apiOrigin = opts.apiOrigin.replace(/\/+$/, '')
  if (isAppPath(trimmed)) {
    if (apiOrigin) return `${apiOrigin}${trimmed}`
    return opts.sameOrigin ? trimmed : null
  }
  const origin = originOf(trimmed)
  if (apiOrigin && origin && origin === originOf(apiOrigin)) return trimmed
  return isAllowedExternalUrl(trimmed, opts.allowedHosts, { allowHttp: opts.allowHttp }) ? trimmed : null
}

/** resolveImageUrl with this build's API origin and the current external-host allow-list. */
export function imageSrc(url: string | null | undefined): string | null {
  return resolveImageUrl(url, {
    apiOrigin: API_ORIGIN,
    sameOrigin: isH5,
    allowedHosts: externalHosts(),
    allowHttp: process.env.NODE_ENV !== 'production',
  })
}
