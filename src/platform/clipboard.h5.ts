import type { Copied } from './clipboard'

export type { Copied } from './clipboard'

/** The older way, where the asynchronous clipboard is missing or refused (an http page, an old WebView). */
function copyBySelection(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false
  const area = document.createElement('textarea')
  area.value = text
  area.readOnly = true
  area.style.position = 'fixed'
  area.style.left = '-10000px'
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    document.body.removeChild(area)
  }
}

/**
 * H5: the browser's clipboard, else a selection copy. (Taro's setClipboardData would add its own
 * 内容已复制 toast beside the app's and keep the text in local storage.) The app tells the user.
 */
export function copyText(text: string): Promise<Copied> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined
  const viaApi = clipboard?.writeText ? clipboard.writeText(text).then(() => true) : Promise.reject(new Error('no clipboard'))
  return viaApi.catch(() => copyBySelection(text)).then((copied) => ({ copied, notify: true }))
}
