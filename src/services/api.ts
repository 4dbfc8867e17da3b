import type {
  BatchPicksAnswer,
  FundInfoAnswer,
  ManagePickSeqAnswer,
  PickOp,
  PickListAnswer,
  PopularPicksAnswer,
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

/** GET /user/info/detail: the signed-in user. */
export const userInfoDetail = () => request<UserInfoDetailAnswer>({ path: '/user/info/detail' })

/** GET /fund/info/{code}: a terminated fund fires fund-stopped instead of a toast. */
export const fundInfo = (code: string) => request<FundInfoAnswer>({ path: `/fund/info/${encodeURIComponent(code)}` })
