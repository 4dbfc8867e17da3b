import Taro from '@tarojs/taro'

/** Whether the text was copied, and whether the app should say so itself (clipboard.h5.ts: the browser says nothing). */
export interface Copied {
  copied: boolean
  notify: boolean
}

/** Mini-programs: the host copies and shows its own 内容已复制 notice; only a failure is the app's to tell. */
export function copyText(text: string): Promise<Copied> {
  return Taro.setClipboardData({ data: text }).then(
    () => ({ copied: true, notify: false }),
    () => ({ copied: false, notify: true }),
  )
}
