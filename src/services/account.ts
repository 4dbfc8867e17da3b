import { hostLoginCode } from '@/platform/hostLogin'
import type { SessionAnswer } from '@alfa/common/api'
import { nativeLogin } from './bridge'
import { forgetPendingAction } from './login'
import { request } from './request'
import { tracker } from './tracking'
import { user } from './user'

/** POST /user/sms/send's answer: the next code may be asked for after this many seconds. */
export interface SmsSendAnswer {
  sent: boolean
  resendAfterSeconds: number
}

/** The phone-number button's detail (WeChat and Baidu): encrypted data and its iv, or an errMsg when refused. */
export interface PhoneNumberDetail {
  encryptedData?: string
  iv?: string
  errMsg?: string
}

// Failures are shown by the login screen itself, beside the form, so the request layer shows no toast.
const quiet = { suppressToast: true } as const

/** POST /user/sms/send: a 6-digit login code to the phone (at most one a minute). */
export const sendSmsCode = (phone: string) => request<SmsSendAnswer>({ path: '/user/sms/send', method: 'POST', data: { phone }, ...quiet })

/** Login stores the token (spec section 4); tracking's login id and is_login follow the user. */
export function startSession(session: Pick<SessionAnswer, 'token'> & { user?: { userId: string } }): void {
  user.login(session.token)
  if (session.user?.userId) user.setUserId(session.user.userId)
  tracker.setLoginId(user.userId)
}

/** POST /user/sms/login: the phone and its code → a session (registers a new phone). */
export async function loginWithSms(phone: string, code: string): Promise<SessionAnswer> {
  const session = await request<SessionAnswer>({ path: '/user/sms/login', method: 'POST', data: { phone, code }, ...quiet })
  startSession(session)
  return session
}

/** WeChat: the mini-program login code (wx.login) → POST /user/wechat/login (code2session on the server). */
export async function loginWithWechat(): Promise<SessionAnswer> {
  const code = await hostLoginCode()
  const session = await request<SessionAnswer>({ path: '/user/wechat/login', method: 'POST', data: { code }, ...quiet })
  startSession(session)
  return session
}

/** Why the phone-number button gave no data (the user refused, or an old host). */
export class PhoneNumberRefused extends Error {
  constructor(readonly errMsg: string) {
    super(errMsg)
    this.name = 'PhoneNumberRefused'
  }
}

/** A prepared Baidu login code older than this is not used (the code would have expired at Baidu). */
export const BAIDU_CODE_MAX_AGE_MS = 5 * 60_000

let preparedBaiduCode: { code: Promise<string>; at: number } | null = null

/**
 * Baidu: takes the login code (swan.getLoginCode) ahead of the phone-number button, when the
 * button is shown and again after a failed attempt. Baidu encrypts the phone with the session key
 * current when the button is tapped; a login code taken after that can change the key, and the
 * server could then not decrypt the data. (WeChat keeps its order: its login asks no phone.)
 */
export function prepareBaiduLogin(now: number = Date.now()): void {
  const code = hostLoginCode()
  code.catch(() => {}) // a failure shows when the code is used
  preparedBaiduCode = { code, at: now }
}

/**
 * Baidu: the phone-number button's encrypted data and iv, with the login code taken before it
 * (prepareBaiduLogin; a fresh one only when none is ready), to POST
 * /user/baidu/smartprogram/phone-decode-register. The server exchanges the code for the session
 * key with Baidu itself: the client never has, and never sends, a session key.
 */
export async function loginWithBaiduPhone(detail: PhoneNumberDetail, now: number = Date.now()): Promise<SessionAnswer> {
  if (!detail.encryptedData || !detail.iv) throw new PhoneNumberRefused(detail.errMsg ?? 'getPhoneNumber:fail')
  const prepared = preparedBaiduCode
  preparedBaiduCode = null // a code is used once
  const code = await (prepared && now - prepared.at < BAIDU_CODE_MAX_AGE_MS ? prepared.code : hostLoginCode())
  const session = await request<SessionAnswer>({
    path: '/user/baidu/smartprogram/phone-decode-register',
    method: 'POST',
    data: { code, encryptedData: detail.encryptedData, iv: detail.iv },
    ...quiet,
  })
  startSession(session)
  return session
}

/** The provider's app: its bridge call named login answers data.access_token. */
export async function loginWithBridge(): Promise<void> {
  startSession({ token: await nativeLogin() })
}

/**
 * Logout on every host: user and token are cleared in memory and storage — which also forgets the
 * user's kept answers (services/user.ts) and picks — tracking's login id goes and is_login turns
 * false, an action waiting for a login is dropped; then the server revokes the token (best effort:
 * offline, it is forgotten here all the same).
 */
export async function logout(): Promise<void> {
  const token = user.token
  user.logout()
  tracker.setLoginId(null)
  forgetPendingAction()
  if (!token) return
  // The token goes in its own header: the user is already logged out here, and this call never starts a login.
  await request({ path: '/user/logout', method: 'POST', data: {}, header: { authorization: `Bearer ${token}` }, ...quiet }).catch(
    (err: unknown) => console.warn('logout call failed', err instanceof Error ? err.message : err),
  )
}
