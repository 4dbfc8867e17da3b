import type {
  AssetDetailAnswer,
  BatchPicksAnswer,
  FundInfoAnswer,
  AlertMessagesAnswer,
  LiveReminderAnswer,
  M4Answer,
  M4HandPickedAnswer,
  ManagePickSeqAnswer,
  PickOp,
  PickListAnswer,
  PopularPicksAnswer,
  ReminderPlatform,
  UserInfoDetailAnswer,
} from '@alfa/common/api'
import { request } from './request'

export type * from '@alfa/common/api'

/**
 * The REST calls of spec section 7, one function each. Every call goes through the request
 * layer (headers, error catalogue); answers are the `data` of the server's envelope, typed in
 * common/api.ts.
 */

/** Popular picks (spec section 9: 6 by default). */
export const POPULAR_PICKS_SIZE = 6

/** GET /user-fund-picks/popular: the most picked funds. */
export const popularPicks = (size: number = POPULAR_PICKS_SIZE) =>
  request<PopularPicksAnswer>({ path: '/user-fund-picks/popular', query: { size } })

/** POST /user-fund-picks/batch: adds or removes picks (the fund list must not be empty). */
export function batchPicks(fundCodes: string[], op: PickOp, options: { suppressToast?: boolean } = {}): Promise<BatchPicksAnswer> {
  if (fundCodes.length === 0) return Promise.reject(new Error('fundCodes must not be empty'))
  return request<BatchPicksAnswer>({ path: '/user-fund-picks/batch', method: 'POST', data: { fundCodes, op }, ...options })
}

/** GET /user-fund-picks/list: the picked fund codes in order. */
export const pickList = () => request<PickListAnswer>({ path: '/user-fund-picks/list' })

/** POST /user-fund-picks/manage-seq: persists the new order of the picks. */
export const managePickSeq = (fundCodes: string[]) =>
  request<ManagePickSeqAnswer>({ path: '/user-fund-picks/manage-seq', method: 'POST', data: { fundCodes } })

/** GET /asset/detail: the user's holdings. */
export const assetDetail = () => request<AssetDetailAnswer>({ path: '/asset/detail' })

/** GET /user/info/detail: the signed-in user. */
export const userInfoDetail = () => request<UserInfoDetailAnswer>({ path: '/user/info/detail' })

/** GET /m4 on the second API (mini-program home). */
export const m4 = () => request<M4Answer>({ path: '/m4', second: true })

/** GET /m4/hand-picked on the second API. */
export const m4HandPicked = () => request<M4HandPickedAnswer>({ path: '/m4/hand-picked', second: true })

/** GET /fund/info/{code}: a terminated fund fires fund-stopped instead of a toast. */
export const fundInfo = (code: string) => request<FundInfoAnswer>({ path: `/fund/info/${encodeURIComponent(code)}` })

/** GET /live/{liveId}/reminder: the stream and the user’s start reminder (anonymous: not subscribed); the screen shows its failures itself. */
export const liveReminder = (liveId: string) =>
  request<LiveReminderAnswer>({ path: `/live/${encodeURIComponent(liveId)}/reminder`, suppressToast: true })

/** POST /live/{liveId}/reminder: subscribes with the platform's one-time login code (Baidu: and the subscribe-id the user authorised). */
export const subscribeLiveReminder = (liveId: string, data: { platform: ReminderPlatform; code: string; subscribeId?: string }) =>
  request<{ subscribed: boolean }>({ path: `/live/${encodeURIComponent(liveId)}/reminder`, method: 'POST', data })

/** GET /nav-alerts/messages: the platform's NAV-alert template (null: 消息 only) and the authorisations left. */
export const alertMessages = (platform: ReminderPlatform) =>
  request<AlertMessagesAnswer>({ path: `/nav-alerts/messages?platform=${platform}`, suppressToast: true })

/** POST /nav-alerts/messages: one more authorisation, with the platform's one-time login code (Baidu: and the subscribe-id). */
export const authoriseAlertMessages = (data: { platform: ReminderPlatform; code: string; subscribeId?: string }) =>
  request<AlertMessagesAnswer>({ path: '/nav-alerts/messages', method: 'POST', data })

/** DELETE /live/{liveId}/reminder: cancels the user's start reminder. */
export const cancelLiveReminder = (liveId: string) =>
  request<{ subscribed: boolean }>({ path: `/live/${encodeURIComponent(liveId)}/reminder`, method: 'DELETE' })
