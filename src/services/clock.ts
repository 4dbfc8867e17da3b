import { SIGN_MAX_SKEW_MS, SIGN_MESSAGES } from '@alfa/common/sign'

/**
 * The server's clock as seen from this device: x-sign carries a timestamp the server refuses when
 * it is more than five minutes from its own clock, and phones' clocks are sometimes far off. Every
 * answer carries the standard Date header (exposed to CORS); the offset learned from it corrects
 * the timestamps we sign with.
 */

/** Date has a one-second resolution: the server's time is somewhere in the second it names. */
const DATE_RESOLUTION_MS = 1000
/** Offsets smaller than this are the header's own rounding and network time, not a wrong clock. */
const NOISE_MS = 2000

let offsetMs = 0

/** Milliseconds to add to this device's clock to get the server's. */
export function clockOffset(): number {
  return offsetMs
}

/** The server's current time, by this device's clock corrected with the learned offset. */
export function serverNow(now: number = Date.now()): number {
  return now + offsetMs
}

/** Forgets the learned offset (tests). */
export function resetClock(): void {
  offsetMs = 0
}

/** The Date header's value, in a header map of any case (mini-programs keep the server's case). */
export function dateHeader(header: Record<string, unknown> | null | undefined): string | null {
  if (!header) return null
  for (const key of Object.keys(header)) {
    if (key.toLowerCase() === 'date' && typeof header[key] === 'string') return header[key]
  }
  return null
}

/**
 * Learns the offset from one answer's Date header. Returns true when the signature we sent (at
 * `sentAt`, our corrected time) was outside what the server accepts by the header's clock, so a
 * refused signature was the clock's fault and a retry with the new offset can pass.
 */
export function noteServerDate(date: string | null | undefined, now: number = Date.now(), sentAt?: number): boolean {
  if (!date) return false
  const server = Date.parse(date)
  if (!Number.isFinite(server)) return false
  // The middle of the second the header names.
  const estimate = server + DATE_RESOLUTION_MS / 2
  const next = estimate - now
  if (Math.abs(next - offsetMs) > NOISE_MS) offsetMs = Math.abs(next) > NOISE_MS ? next : 0
  return sentAt !== undefined && Math.abs(sentAt - estimate) > SIGN_MAX_SKEW_MS - NOISE_MS
}

/** The server's refusal of a signature's timestamp (server/src/security.ts, message from common/sign.ts). */
export function isSignTimestampRefusal(status: number, msg: string | null): boolean {
  return status === 400 && msg === SIGN_MESSAGES.SIGN_EXPIRED
}
