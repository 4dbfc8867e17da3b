import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex } from '@noble/hashes/utils'

/**
 * The x-sign header shared by the app and the API server (spec section 7): a millisecond
 * timestamp followed by 32 uppercase hash characters of a scaled timestamp. We use the first
 * 32 hex characters of sha256(floor(1.01 × timestamp)).
 */
export const SIGN_SCALE = 1.01
export const SIGN_HASH_LENGTH = 32
/** How far a signature's timestamp may be from the server's clock. */
export const SIGN_MAX_SKEW_MS = 5 * 60 * 1000

/** ASCII text to bytes without TextEncoder, which some mini-program engines lack. */
function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0))
}

export function signHash(timestamp: number): string {
  const scaled = Math.floor(SIGN_SCALE * timestamp)
  return bytesToHex(sha256(asciiBytes(String(scaled))))
    .slice(0, SIGN_HASH_LENGTH)
    .toUpperCase()
}

export function createSign(now: number = Date.now()): string {
  const timestamp = Math.floor(now)
  return `${timestamp}${signHash(timestamp)}`
}

export type SignCheck = { ok: true; timestamp: number } | { ok: false; reason: string }

export function verifySign(sign: string | undefined | null, now: number = Date.now()): SignCheck {
  if (!sign) return { ok: false, reason: 'x-sign header is missing' }
  const m = /^(\d{10,16})([0-9A-F]{32})$/.exec(sign)
  if (!m) return { ok: false, reason: 'x-sign must be a millisecond timestamp followed by 32 uppercase hex characters' }
  const timestamp = Number(m[1])
  if (Math.abs(now - timestamp) > SIGN_MAX_SKEW_MS) return { ok: false, reason: 'x-sign timestamp is outside the allowed five minutes' }
  if (signHash(timestamp) !== m[2]) return { ok: false, reason: 'x-sign hash does not match its timestamp' }
  return { ok: true, timestamp }
}
