import Taro from '@tarojs/taro'
import { isH5 } from '@/platform/env'
import { currentLocation } from '@/platform/web'
import { startAuth } from './auth'
import { activatePartnerEmbed, configureMainHosts } from './brand'
import { configureExternalHosts } from './external'
import { startPageReports } from './pageReports'
import { beginSessionRestore, finishSessionRestore } from './session'
import { configureTrackingEndpoints, tracker } from './tracking'
import type { Brand } from './brand'

export interface ServicesConfig {
  /** Host names of the main brand (default localhost and 127.0.0.1). */
  mainHosts?: readonly string[]
  /** Hosts external pages may be opened on. */
  externalHosts?: readonly string[]
  /** Analytics servers by brand (default the API server's /track). */
  trackingEndpoints?: Partial<Record<Brand, string>>
}

let started: Promise<string | null> | null = null

/** The query the app was opened with: the address on H5, the launch options in a mini-program. */
function entryQuery(): string | Record<string, string> {
  if (isH5) return currentLocation()?.search ?? ''
  try {
    return Taro.getLaunchOptionsSync().query ?? {}
  } catch {
    return {}
  }
}

/**
 * Everything the services need once per app start, in order: configuration; tracking ids from
 * the url (then removed from the address bar); chunk-load failure reporting and page_performance
 * on H5; the token (silent login when the native app provides one). Safe to call twice.
 */
export function startServices(config: ServicesConfig = {}): Promise<string | null> {
  if (started) return started
  beginSessionRestore()
  if (config.mainHosts) configureMainHosts(config.mainHosts)
  if (config.externalHosts) configureExternalHosts(config.externalHosts)
  if (config.trackingEndpoints) configureTrackingEndpoints(config.trackingEndpoints)
  // The partner-embed mode, from the entry address (spec section 1).
  activatePartnerEmbed(entryQuery())
  tracker.applyUrlIds()
  startPageReports()
  started = startAuth().finally(finishSessionRestore)
  return started
}
