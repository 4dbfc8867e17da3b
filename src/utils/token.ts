/** Client-side reading of an access token (a JWT). No verification: the server does that. */

/** The part of the payload the app reads: `exp` in seconds (spec section 3). */
export interface TokenPayload {
  exp?: number
  sub?: string
  [key: string]: unknown
}

const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** base64url → UTF-8 text without atob (absent in mini-programs); null when malformed. */
export function base64UrlDecode(input: string): string | null {
  const b64 = input.replace(/-/g, '+').replace(/_/g, '/')
  if (!/^[A-Za-z0-9+/]*$/.test(b64) || b64.length % 4 === 1) return null
  const bytes: number[] = []
  let buffer = 0
  let bits = 0
  for (const ch of b64) {
    buffer = (buffer << 6) | B64_ALPHABET.indexOf(ch)
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes.push((buffer >> bits) & 0xff)
    }
  }
  try {
    return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''))
  } catch {
    return null
  }
}

/** The payload of a three-part token, or null when the shape or the payload is unreadable. */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((p) => p === '')) return null
  const json = base64UrlDecode(parts[1])
  if (json === null) return null
  try {
    const payload: unknown = JSON.parse(json)
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as TokenPayload) : null
  } catch {
    return null
  }
}

/** Epoch milliseconds at which the token expires, or null when it carries no exp. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeTokenPayload(token)?.exp
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
}

export type TokenLogger = (message: string) => void

/**
 * Spec section 4: a malformed token (not three dot-separated parts, or an undecodable payload)
 * is logged as invalid and yields null; an expired token is logged as invalid but still returned.
 */
export function checkToken(
  token: string | null | undefined,
  now: number = Date.now(),
  log: TokenLogger = (m) => console.warn(m),
): string | null {
  if (!token) return null
  const payload = decodeTokenPayload(token)
  if (!payload) {
    log('invalid token: malformed')
    return null
  }
  if (typeof payload.exp === 'number' && payload.exp * 1000 <= now) log('invalid token: expired')
  return token
}
