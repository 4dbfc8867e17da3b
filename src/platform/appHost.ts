import Taro from '@tarojs/taro'
import { downloadHostOf, type DownloadHost } from './appStore'
import { TARGET } from './env'
import { currentHost } from './host'

/** Mini-programs: the system's platform says the store ('ios', 'android', 'devtools'). */
export function currentDownloadHost(): DownloadHost {
  let platform = ''
  try {
    platform = Taro.getSystemInfoSync().platform ?? ''
  } catch {
    // An older base library without it: the Android package.
  }
  return downloadHostOf(TARGET, currentHost(), platform)
}

/** Mini-programs cannot open another app from a page. */
export function openAppAddress(_url: string): boolean {
  return false
}
