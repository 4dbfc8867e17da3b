import { currentAuthority } from '@/platform/web'
import { parseQuery } from '@/utils/url'

/**
 * Brand and broker by host name (spec section 1, ARCHITECTURE.md section 4): the main
 * (investment-advice) brand on configured hosts sends broker 0008, every other host is the
 * fund-diagnosis brand with 0009. The hosts are build configuration (ALFA_MAIN_HOSTS, see
 * config/buildSettings.ts and the README), compared at run time with location.host on H5: an
 * entry with a port matches that host and port, one without matches the host on any port.
 * Loopback names are main by default, so `zhenduan.localhost` shows the other brand on the same
 * machine.
 */
export type Broker = '0008' | '0009'
export type Brand = 'main' | 'diagnosis'

export const MAIN_BROKER: Broker = '0008'
export const DIAGNOSIS_BROKER: Broker = '0009'
export const DEFAULT_MAIN_HOSTS: readonly string[] = parseHostList(process.env.ALFA_MAIN_HOSTS) ?? ['localhost', '127.0.0.1']

/** A comma-separated host list, lower-case; null when empty. */
export function parseHostList(value: string | undefined): string[] | null {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
  return hosts.length ? hosts : null
}

let mainHosts: readonly string[] = DEFAULT_MAIN_HOSTS

/** Replaces the list of main-brand host names (deployment configuration). */
export function configureMainHosts(hosts: readonly string[]): void {
  mainHosts = hosts.map((h) => h.toLowerCase())
}

/**
 * Whether `host` (location.host, or a bare host name) is a main-brand host. Mini-programs have
 * no host: they are main-brand builds.
 */
export function isMainHost(host: string = currentAuthority()): boolean {
  if (host === '') return true
  const h = host.toLowerCase()
  const name = h.replace(/:\d+$/, '')
  return mainHosts.some((entry) => (/:\d+$/.test(entry) ? entry === h : entry === name))
}

export function brandOf(hostname: string = currentAuthority()): Brand {
  return isMainHost(hostname) ? 'main' : 'diagnosis'
}

export function brokerOf(hostname: string = currentAuthority()): Broker {
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
export function isCustomPlan(poCode: string, hostname: string = currentAuthority()): boolean {
  return poCode.startsWith('AP') && isMainHost(hostname)
}

let partner: string | null = null

/**
 * Turns the partner-embed mode on for this app session when the entry address asks for it (the
 * embed parameter with its value and a known utm_source); an address without it leaves the mode
 * as it was, so in-app navigation (which drops the query) stays embedded. Returns the partner code.
 */
export function activatePartnerEmbed(search: string | Record<string, string>): string | null {
  const code = partnerEmbed(search)
  if (code) partner = code
  return partner
}

/** The partner code of the embed mode (sdic-taikang), or null outside it. */
export function partnerCode(): string | null {
  return partner
}

/** Leaves the partner-embed mode (tests). */
export function resetPartnerEmbed(): void {
  partner = null
}
