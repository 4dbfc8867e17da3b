import { SignJWT, jwtVerify, errors } from 'jose'

/** Token lifetime: 10 days, the app's stored-token lifetime (spec section 9: 864000000 ms). */
export const TOKEN_TTL_SECONDS = 864_000

export type TokenCheck =
  | { status: 'none' }
  | { status: 'valid'; userId: string; exp: number }
  | { status: 'invalid'; reason: string }

const key = (secret: string) => new TextEncoder().encode(secret)

/** Issues an HS256 JWT whose `exp` is in seconds since the epoch (spec section 3). */
export async function issueToken(secret: string, userId: string, nowMs = Date.now()): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(nowMs / 1000)
  const exp = iat + TOKEN_TTL_SECONDS
  const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(userId).setIssuedAt(iat).setExpirationTime(exp).sign(key(secret))
  return { token, exp }
}

/** Reads `authorization: Bearer <jwt>`: none when absent; invalid when malformed, forged or expired. */
export async function readToken(secret: string, authorization: string | undefined): Promise<TokenCheck> {
  if (!authorization) return { status: 'none' }
  const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim())
  if (!m) return { status: 'invalid', reason: 'authorization must be "Bearer <token>"' }
  try {
    const { payload } = await jwtVerify(m[1], key(secret), { algorithms: ['HS256'] })
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return { status: 'invalid', reason: 'token has no subject or expiry' }
    return { status: 'valid', userId: payload.sub, exp: payload.exp }
  } catch (err) {
    return { status: 'invalid', reason: err instanceof errors.JWTExpired ? 'token expired' : 'token invalid' }
  }
}
