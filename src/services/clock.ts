/**
 * The server's clock as this device sees it. x-sign carries a millisecond timestamp that the
 * server refuses when it is more than five minutes from its own time (SIGN_EXPIRED), so a phone
 * whose clock is off would fail every call: each answer's Date header tells the offset, requests
 * are signed with the corrected time, and a SIGN_EXPIRED refusal is retried once.
 */

/** Offsets below this are the Date header's one-second resolution and the trip, not a wrong clock. */
const IGNORED_OFFSET_MS = 2000

let offset = 0

/** Milliseconds to add to Date.now() for the server's time. */
export function clockOffset(): number {
  return offset
}

/** Now, by the server's clock (as far as its last answer told). */
export function serverNow(): number {
  return Date.now() + offset
}

/** Learns the offset from an answer's Date header (RFC 7231 date); ignores a missing or unreadable one. */
export function learnServerTime(dateHeader: string | undefined | null, receivedAt: number = Date.now()): void {
  if (!dateHeader) return
  const server = Date.parse(dateHeader)
  if (Number.isNaN(server)) return
  // The header has whole seconds: the server's time was somewhere in [server, server + 1 s).
  const next = server + 500 - receivedAt
  offset = Math.abs(next) < IGNORED_OFFSET_MS ? 0 : next
}

/** Forgets the offset (tests). */
export function resetClock(): void {
  offset = 0
}

/** The server's refusal of a signature made with a clock too far from its own (server README: x-sign). */
export function isClockRefusal(status: number, body: unknown): boolean {
  if (status !== 400 || !body || typeof body !== 'object') return false
  const data = (body as { data?: unknown }).data
  return !!data && typeof data === 'object' && (data as { reason?: unknown }).reason === 'SIGN_EXPIRED'
}
