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

/** Why a signature was refused; SIGN_EXPIRED means the sender's clock is off (it may correct it and retry once). */
export type SignRefusal = 'SIGN_MISSING' | 'SIGN_FORMAT' | 'SIGN_EXPIRED' | 'SIGN_MISMATCH'

export type SignCheck = { ok: true; timestamp: number } | { ok: false; code: SignRefusal; reason: string }

/** The refusals' messages, shown to users as they are. */
export const SIGN_MESSAGES: Record<SignRefusal, string> = {
  SIGN_MISSING: '请求缺少签名（x-sign），请刷新后重试',
  SIGN_FORMAT: '请求签名（x-sign）格式不正确，请刷新后重试',
  SIGN_EXPIRED: '设备时间与服务器时间相差超过五分钟，请校准手机时间后重试',
  SIGN_MISMATCH: '请求签名（x-sign）无效，请刷新后重试',
}

const refuse = (code: SignRefusal): SignCheck => ({ ok: false, code, reason: SIGN_MESSAGES[code] })

export function verifySign(sign: string | undefined | null, now: number = Date.now()): SignCheck {
  if (!sign) return refuse('SIGN_MISSING')
  const m = /^(\d{10,16})([0-9A-F]{32})$/.exec(sign)
  if (!m) return refuse('SIGN_FORMAT')
  const timestamp = Number(m[1])
  if (Math.abs(now - timestamp) > SIGN_MAX_SKEW_MS) return refuse('SIGN_EXPIRED')
  if (signHash(timestamp) !== m[2]) return refuse('SIGN_MISMATCH')
  return { ok: true, timestamp }
}
