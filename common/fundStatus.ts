/**
 * The terminated-fund answer of GET /fund/info/{code}, shared by the app and the API server
 * (spec sections 5 and 8): the app turns this message into a fund-stopped event, not a toast.
 */
export const FUND_TERMINATED_STATUS = 410
export const FUND_TERMINATED_MSG = '该基金已终止运作'

/** True when a /fund/info answer is the terminated-fund message. */
export function isFundTerminatedAnswer(body: { msg?: unknown } | null | undefined): boolean {
  return body?.msg === FUND_TERMINATED_MSG
}
