import Taro from '@tarojs/taro'
import { isH5 } from '@/platform/env'
import { assignLocation } from '@/platform/web'
import { isAllowedExternalUrl } from '@/utils/externalUrl'
import { DEFAULT_MAIN_HOSTS, parseHostList } from './brand'
import { routeUrl } from './navigation'

/** A host list entry without its port ('localhost:3000' → 'localhost'): pages are allowed per host. */
const hostName = (entry: string) => entry.replace(/:\d+$/, '')

/**
 * The product's own hosts: its H5 host (ALFA_PRODUCT_HOST) and the main-brand hosts. Their pages
 * may open inside the app and get the user's token when a link asks for it (services/links.ts).
 */
let ownHosts: readonly string[] = [...new Set([process.env.ALFA_PRODUCT_HOST || 'localhost', ...DEFAULT_MAIN_HOSTS.map(hostName)])]

/**
 * Hosts external pages may be opened on (security requirement): the product's own and its
 * partners' (ALFA_EXTERNAL_HOSTS, config/buildSettings.ts). Deployments may replace the list with
 * configureExternalHosts.
 */
let allowedHosts: readonly string[] = [...ownHosts, ...(parseHostList(process.env.ALFA_EXTERNAL_HOSTS) ?? [])]

export function configureExternalHosts(hosts: readonly string[]): void {
  allowedHosts = [...hosts]
}

export function externalHosts(): readonly string[] {
  return allowedHosts
}

/** Replaces the product's own hosts (tests, deployments); a page opens only when the allow-list has its host as well. */
export function configureProductHosts(hosts: readonly string[]): void {
  ownHosts = hosts.map(hostName)
}

export function productHosts(): readonly string[] {
  return ownHosts
}

/** Plain http only for development servers on loopback, never in a production build. */
export const ALLOW_HTTP_ON_LOOPBACK = process.env.NODE_ENV !== 'production'

/** Whether the app may open `url`; every opener goes through this. */
export function canOpenExternal(url: string): boolean {
  return isAllowedExternalUrl(url, allowedHosts, { allowHttp: ALLOW_HTTP_ON_LOOPBACK })
}

/**
 * Opens an external page: in the same tab on H5, in the external-link page of a mini-program.
 * A url off the allow-list is refused (logged, nothing opens); returns whether it opened.
 * New code uses openLink (services/links.ts), which also shows the refusal page.
 */
export function openExternal(url: string): boolean {
  if (!canOpenExternal(url)) {
    console.warn('refused to open a url off the allow-list')
    return false
  }
  if (isH5) assignLocation(url)
  else void Taro.navigateTo({ url: routeUrl('externalLink', { url }) })
  return true
}
