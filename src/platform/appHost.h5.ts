import { downloadHostOf, type DownloadHost } from './appStore'
import { currentHost } from './host'
import { assignLocation } from './web'

/** H5: the user agent says the host (platform/host.ts). */
export function currentDownloadHost(): DownloadHost {
  return downloadHostOf('h5', currentHost())
}

/** Hands the provider's app address (appSchemeUrl's) to the browser, which opens the app when it is installed. */
export function openAppAddress(url: string): boolean {
  assignLocation(url)
  return true
}
