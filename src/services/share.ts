import { sendImageGet } from '@/platform/beacon'
import { stringifyQuery } from '@/utils/url'
import { isAllowedExternalUrl } from '@/utils/externalUrl'
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
    verify_time: report.verifyTime,
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
