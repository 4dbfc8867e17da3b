import { sendImageGet } from '@/platform/beacon'
import { stringifyQuery } from '@/utils/url'
import { isAllowedExternalUrl } from '@/utils/externalUrl'
import { pathParams, routes, type RouteName } from '@/routes'
import { DEFAULT_SHARE_PATH } from './navigation'

/** Share-to-chat info (spec section 4): what is missing falls back to the defaults. */
export interface ShareInfo {
  title: string
  path: string
  imageUrl?: string
  desc?: string
}

export const DEFAULT_SHARE_TITLE = 'Alfa 基金策略'
export const DEFAULT_SHARE_DESC = '基金与投资组合信息'

export const DEFAULT_SHARE: ShareInfo = { title: DEFAULT_SHARE_TITLE, path: DEFAULT_SHARE_PATH, desc: DEFAULT_SHARE_DESC }

export function shareInfo(info?: Partial<ShareInfo> | null): ShareInfo {
  const out: ShareInfo = { ...DEFAULT_SHARE }
  for (const [key, value] of Object.entries(info ?? {}) as [keyof ShareInfo, string | undefined][]) {
    if (value !== undefined && value !== null && value !== '') out[key] = value
  }
  return out
}

/** Share-SDK results normalised (spec section 8). */
export type ShareResult = 'ok' | 'cancel' | 'fail' | 'permission denied'

/**
 * Normalises what share SDKs answer: WeChat JS-SDK errMsg strings ('shareAppMessage:ok',
 * ':cancel', ':fail ...', 'permission denied'), native codes (0 ok, -2 or 1 cancel, 2 or 403
 * permission denied, anything else fail) and objects carrying either.
 */
export function normaliseShareResult(result: unknown): ShareResult {
  if (result && typeof result === 'object') {
    const r = result as { errMsg?: unknown; err_msg?: unknown; code?: unknown; errCode?: unknown }
    return normaliseShareResult(r.errMsg ?? r.err_msg ?? r.code ?? r.errCode)
  }
  if (typeof result === 'number') {
    if (result === 0) return 'ok'
    if (result === -2 || result === 1) return 'cancel'
    if (result === 2 || result === 403) return 'permission denied'
    return 'fail'
  }
  if (typeof result === 'string') {
    const s = result.toLowerCase()
    if (/^-?\d+$/.test(s)) return normaliseShareResult(Number(s))
    if (s.includes('permission denied') || s.includes('permission_denied') || s.includes('no permission')) return 'permission denied'
    if (/(^|:)\s*(ok|success)\b/.test(s) || s === 'confirm') return 'ok'
    if (/(^|:)\s*cancel/.test(s)) return 'cancel'
  }
  return 'fail'
}

/** The share-SDK report (spec section 7), sent as an image GET. */
export interface ShareSdkReport {
  version: string
  system: string
  clientVersion: string
  appId: string
  networkType: string
  /** Milliseconds the SDK took to initialise. */
  initTime: number
  /** Milliseconds the signature verification took. */
  verifyTime: number
  url: string
}

export function shareReportUrl(endpoint: string, report: ShareSdkReport): string {
  const query = stringifyQuery({
    version: report.version,
    system: report.system,
    client_version: report.clientVersion,
    app_id: report.appId,
    network_type: report.networkType,
    init_time: report.initTime,
    verification_time: report.verifyTime,
    url: report.url,
  })
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${query}`
}

/**
 * Sends the report to `endpoint`: a same-origin path, or an external url on the allow-list.
 * Returns false (and sends nothing) for anything else.
 */
export function reportShareSdk(
  endpoint: string,
  report: ShareSdkReport,
  allowedHosts: readonly string[] = [],
  send: (url: string) => void = sendImageGet,
): boolean {
  const sameOrigin = /^\/(?![/\\])/.test(endpoint)
  if (!sameOrigin && !isAllowedExternalUrl(endpoint, allowedHosts)) return false
  send(shareReportUrl(endpoint, report))
  return true
}

/**
 * The query parameters a shared page keeps (besides its path parameters): what names its
 * subject. Anything else in the address (ts, tracking ids, an access_token) never travels.
 */
export const SHARE_QUERY_PARAMS: readonly string[] = [
  'fundCode',
  'fundManagerId',
  'poCode',
  'sigId',
  'tabIndex',
  'columnId',
  'articleId',
  'courseId',
  'liveId',
  'filterId',
  'tab',
  'codes',
]

/** What a page says about its subject: the fund's, manager's or strategy's name. */
export interface ShareSubject {
  name?: string | null
}

/** The parameters of `route` worth sharing, in a stable order: path parameters first. */
export function shareParams(route: RouteName, params: Record<string, unknown> = {}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of [...pathParams(route), ...SHARE_QUERY_PARAMS]) {
    if (name in out) continue
    const raw = params[name]
    if (typeof raw !== 'string' && typeof raw !== 'number') continue
    let value = String(raw)
    try {
      value = decodeURIComponent(value)
    } catch {
      // Keep it as it came.
    }
    value = value.trim()
    if (value) out[name] = value
  }
  return out
}

/** The share title: the subject's name with its code, else the screen's title with the code. */
export function shareTitle(route: RouteName, params: Record<string, string>, subject: ShareSubject = {}): string {
  const name = subject.name?.trim()
  const code = params.fundCode ?? params.poCode
  if (route === 'home') return name || DEFAULT_SHARE_TITLE
  if (params.fundManagerId && !code) return name ? `基金经理 ${name}` : routes[route].title
  if (name) return code ? `${name}（${code}）` : name
  return code ? `${routes[route].title} ${code}` : routes[route].title
}

/**
 * Share-to-chat info of a page (spec sections 2 and 4): its own title and mini-program path with
 * its parameters when its route enables sharing; the defaults (home page) otherwise.
 */
export function shareFor(route: RouteName, params: Record<string, unknown> = {}, subject: ShareSubject = {}): ShareInfo {
  const entry: { share?: boolean; page: string } = routes[route]
  if (!entry.share) return shareInfo()
  const kept = shareParams(route, params)
  const query = stringifyQuery(kept)
  return shareInfo({ title: shareTitle(route, kept, subject), path: `/${entry.page}${query ? `?${query}` : ''}` })
}

/** WeChat's timeline share takes the query without the page path. */
export function timelineShare(info: ShareInfo): { title: string; query: string; imageUrl?: string } {
  const q = info.path.indexOf('?')
  return { title: info.title, query: q < 0 ? '' : info.path.slice(q + 1), ...(info.imageUrl ? { imageUrl: info.imageUrl } : {}) }
}

/** The browser address of a shared page on H5: its canonical path with the parameters filled in. */
export function shareH5Path(route: RouteName, params: Record<string, unknown> = {}): string {
  const entry: { share?: boolean; page: string; h5: readonly string[] } = routes[route]
  if (!entry.share) return entry.h5[0].includes(':') ? `/${entry.page}` : entry.h5[0]
  const kept: Record<string, string> = { ...shareParams(route, params) }
  const names = pathParams(route)
  let path = `/${entry.page}`
  if (names.every((n) => kept[n])) {
    path = entry.h5[0].replace(/:([A-Za-z]\w*)/g, (_, n: string) => {
      const v = encodeURIComponent(kept[n])
      delete kept[n]
      return v
    })
  }
  const query = stringifyQuery(kept)
  return query ? `${path}?${query}` : path
}
