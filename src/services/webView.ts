import { isH5 } from '@/platform/env'
import { currentHost } from '@/platform/host'
import { webViewNavigateTo } from '@/platform/wechatSdk'
import { assignLocation } from '@/platform/web'
import { routes } from '@/routes'

/** The native app's login deep link (spec section 2). */
export const NATIVE_LOGIN_PATH = '/n/user/login'

/** H5 opened inside a mini-program's web-view (WeChat's or Baidu's). */
export function inMiniProgramWebView(): boolean {
  return isH5 && currentHost().kinds.includes('miniProgram')
}

/** The mini-program's own login page, as its web-view bridge names pages. */
export const MINI_PROGRAM_LOGIN_PAGE = `/${routes.login.page}`

/**
 * The login deep link: inside a mini-program's web-view it opens the mini-program's own login
 * page through the web-view bridge (the deep link itself is not a page there); elsewhere, and
 * when the bridge is missing, the deep link.
 */
export async function openNativeLogin(): Promise<void> {
  if (inMiniProgramWebView() && (await webViewNavigateTo(MINI_PROGRAM_LOGIN_PAGE, currentHost().baidu))) return
  assignLocation(NATIVE_LOGIN_PATH)
}
