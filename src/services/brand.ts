import { currentHostname } from '@/platform/web'
import { parseQuery } from '@/utils/url'

/**
 * Brand and broker by host name (spec section 1, ARCHITECTURE.md section 4): the main
 * (investment-advice) brand on configured hosts sends broker 0008, every other host is the
 * fund-diagnosis brand with 0009. Loopback names are main by default, so `zhenduan.localhost`
 * shows the other brand on the same machine.
 */
export type Broker = '0008' | '0009'
export type Brand = 'main' | 'diagnosis'

export const MAIN_BROKER: Broker = '0008'
export const DIAGNOSIS_BROKER: Broker = '0009'
export const DEFAULT_MAIN_HOSTS: readonly string[] = ['localhost', '127.0.0.1']

let mainHosts: readonly string[] = DEFAULT_MAIN_HOSTS

/** Replaces the list of main-brand host names (deployment configuration). */
export function configureMainHosts(hosts: readonly string[]): void {
  mainHosts = hosts.map((h) => h.toLowerCase())
}

/** Mini-programs have no host name: they are main-brand builds. */
export function isMainHost(hostname: string = currentHostname()): boolean {
  return hostname === '' || mainHosts.includes(hostname.toLowerCase())
}

export function brandOf(hostname: string = currentHostname()): Brand {
  return isMainHost(hostname) ? 'main' : 'diagnosis'
}

export function brokerOf(hostname: string = currentHostname()): Broker {
  return isMainHost(hostname) ? MAIN_BROKER : DIAGNOSIS_BROKER
}

/** Partner-embed mode of the trust-company campaign. */
export const EMBED_PARAM = 'embed'
export const EMBED_VALUE = 'sdic'
/** Known partner campaign labels (utm_source) and the partner code each maps to. */
export const PARTNER_CAMPAIGNS: Readonly<Record<string, string>> = {
  sdic_taikang: 'sdic-taikang',
  sdictk_trust: 'sdic-taikang',
}

/**
 * The partner code when the page is embedded by a partner: only when the embed parameter equals
 * its expected value and utm_source is a known campaign label; null otherwise.
 */
export function partnerEmbed(search: string | Record<string, string>): string | null {
  const query = typeof search === 'string' ? parseQuery(search) : search
  if (query[EMBED_PARAM] !== EMBED_VALUE) return null
  const source = query.utm_source
  return source && Object.prototype.hasOwnProperty.call(PARTNER_CAMPAIGNS, source) ? PARTNER_CAMPAIGNS[source] : null
}

/** Portfolio codes that map to J7 (spec section 1; its purpose is not shown). */
export const J7_PORTFOLIOS: readonly string[] = ['ZH015676', 'ZH015677']
export const J7 = 'J7'

export function j7Of(poCode: string): typeof J7 | null {
  return J7_PORTFOLIOS.includes(poCode) ? J7 : null
}

/** Codes starting with AP are custom plans, on main-brand hosts only. */
export function isCustomPlan(poCode: string, hostname: string = currentHostname()): boolean {
  return poCode.startsWith('AP') && isMainHost(hostname)
}
