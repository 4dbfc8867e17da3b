import { request } from './request'

/**
 * The REST calls of spec section 7, one function each. Every call goes through the request
 * layer (headers, error catalogue); answers are the `data` of the server's envelope.
 */

/** Popular picks (spec section 9: 6 by default). */
export const POPULAR_PICKS_SIZE = 6

export type PickOp = 'add' | 'remove'

/** GET /user-fund-picks/popular: the most picked funds. */
export const popularPicks = <T = unknown>(size: number = POPULAR_PICKS_SIZE) => request<T>({ path: '/user-fund-picks/popular', query: { size } })

/** POST /user-fund-picks/batch: adds or removes picks (the fund list must not be empty). */
export function batchPicks<T = unknown>(fundCodes: string[], op: PickOp, options: { suppressToast?: boolean } = {}) {
  if (fundCodes.length === 0) return Promise.reject(new Error('fundCodes must not be empty'))
  return request<T>({ path: '/user-fund-picks/batch', method: 'POST', data: { fundCodes, op }, ...options })
}

/** GET /user-fund-picks/detail: picked funds with their NAV; with fundCode, whether that fund is picked. */
export const pickDetail = <T = unknown>(fundCode?: string) => request<T>({ path: '/user-fund-picks/detail', query: { fundCode } })

/** GET /user-fund-picks/list: the picked fund codes in order. */
export const pickList = <T = unknown>() => request<T>({ path: '/user-fund-picks/list' })

/** POST /user-fund-picks/manage-seq: persists the new order of the picks. */
export const managePickSeq = <T = unknown>(fundCodes: string[]) => request<T>({ path: '/user-fund-picks/manage-seq', method: 'POST', data: { fundCodes } })

/** POST /user/baidu/smartprogram/phone-decode-register: Baidu's encrypted phone number → a session. */
export const baiduPhoneRegister = <T = unknown>(data: { encryptedData: string; iv: string; sessionKey: string }) =>
  request<T>({ path: '/user/baidu/smartprogram/phone-decode-register', method: 'POST', data })

/** GET /asset/detail: the user's holdings. */
export const assetDetail = <T = unknown>() => request<T>({ path: '/asset/detail' })

/** GET /user/info/detail: the signed-in user. */
export const userInfoDetail = <T = unknown>() => request<T>({ path: '/user/info/detail' })

/** GET /user/ab-test: the user's A/B groups. */
export const abTest = <T = unknown>() => request<T>({ path: '/user/ab-test' })

/** GET /m4 on the second API (mini-program home). */
export const m4 = <T = unknown>() => request<T>({ path: '/m4', second: true })

/** GET /m4/hand-picked on the second API. */
export const m4HandPicked = <T = unknown>() => request<T>({ path: '/m4/hand-picked', second: true })

/** What /utils/wechat-req answers for WeChat's share set-up. */
export interface WechatShareConfig {
  appId: string
  timestamp: number | string
  nonceStr: string
  signature: string
}

/** GET /utils/wechat-req?url=: the JS-SDK signature for the page at url. */
export const wechatReq = (url: string) => request<WechatShareConfig>({ path: '/utils/wechat-req', query: { url } })

/** GET /fund/info/{code}: a terminated fund fires fund-stopped instead of a toast. */
export const fundInfo = <T = unknown>(code: string) => request<T>({ path: `/fund/info/${encodeURIComponent(code)}` })
