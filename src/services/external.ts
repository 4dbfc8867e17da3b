import Taro from '@tarojs/taro'
import { isH5 } from '@/platform/env'
import { assignLocation } from '@/platform/web'
import { isAllowedExternalUrl } from '@/utils/externalUrl'
import { routeUrl } from './navigation'

/**
 * Hosts external pages may be opened on (security requirement): the product's own domains and
 * its partners'. Deployments replace the list with configureExternalHosts.
 */
let allowedHosts: readonly string[] = [process.env.ALFA_PRODUCT_HOST || 'localhost']

export function configureExternalHosts(hosts: readonly string[]): void {
  allowedHosts = [...hosts]
}

export function externalHosts(): readonly string[] {
  return allowedHosts
}

/** Whether the app may open `url`; every opener goes through this. */
export function canOpenExternal(url: string): boolean {
  return isAllowedExternalUrl(url, allowedHosts, { allowHttp: process.env.NODE_ENV !== 'production' })
}

/**
 * Opens an external page: in the same tab on H5, in the web-view page of a mini-program.
 * A url off the allow-list is refused (logged, nothing opens); returns whether it opened.
 */
export function openExternal(url: string): boolean {
  if (!canOpenExternal(url)) {
    console.warn('refused to open a url off the allow-list')
    return false
  }
  if (isH5) assignLocation(url)
  else void Taro.navigateTo({ url: routeUrl('webview', { url: encodeURIComponent(url) }) })
  return true
}
