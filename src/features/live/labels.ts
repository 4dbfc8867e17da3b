/** A stream's status as the server names it (spec: 预告 / 直播中 / 回放). */
export type StreamStatus = 'UPCOMING' | 'LIVE' | 'REPLAY'

export const STATUS_LABELS: Record<StreamStatus, string> = { UPCOMING: '预告', LIVE: '直播中', REPLAY: '回放' }

/** The status of a stream's answer; an unknown one reads as a 预告 (nothing plays, nothing is claimed). */
export function statusOf(status: string | null | undefined): StreamStatus {
  return status === 'LIVE' || status === 'REPLAY' ? status : 'UPCOMING'
}

/** The date and time a stream starts or a comment was posted, Shanghai time. */
export const START_PATTERN = 'yyyy-MM-dd HH:mm'
export const COMMENT_PATTERN = 'MM-dd HH:mm'

/**
 * A poster's name as viewers see it: first and last character with the middle masked
 * (用户1234 → 用***4, 微信用户 → 微**户, 游客 → 游*), so a name derived from a phone number or a
 * real name is not shown whole to everyone watching.
 */
export function maskName(nickname: string | null | undefined): string {
  const chars = [...(nickname ?? '').trim()]
  if (!chars.length) return '匿名用户'
  if (chars.length <= 2) return `${chars[0]}*`
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 3))}${chars[chars.length - 1]}`
}
