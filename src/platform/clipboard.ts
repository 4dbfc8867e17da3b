import Taro from '@tarojs/taro'
import { isH5 } from './env'

/**
 * Copies `text` to the clipboard. Resolves whether the app should say so itself: the
 * mini-programs show their own 内容已复制 notice, a browser shows none.
 */
export function copyText(text: string): Promise<{ copied: boolean; notify: boolean }> {
  return Taro.setClipboardData({ data: text }).then(
    () => ({ copied: true, notify: isH5 }),
    () => ({ copied: false, notify: true }),
  )
}
