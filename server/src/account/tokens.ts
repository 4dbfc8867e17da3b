import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, errors } from 'jose'
import type { Queryable } from '../db'
import { deleteExpiredRevocations, insertRevokedToken, isRevoked } from './data'

/** Token lifetime: 10 days, the app's stored-token lifetime (spec section 9: 864000000 ms). */
export const TOKEN_TTL_SECONDS = 864_000
/** Who issues the tokens and whom they are for: a token of another service with the same key is refused. */
export const TOKEN_ISSUER = 'alfa-api'
export const TOKEN_AUDIENCE = 'alfa-app'

export type TokenCheck =
  { status: 'none' } | { status: 'valid'; userId: string; exp: number; jti: string } | { status: 'invalid'; reason: string }

const key = (secret: string) => new TextEncoder().encode(secret)

/** Issues an HS256 JWT whose `exp` is in seconds since the epoch (spec section 3). */
export async function issueToken(secret: string, userId: string, nowMs = Date.now()): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(nowMs / 1000)
  const exp = iat + TOKEN_TTL_SECONDS
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key(secret))
  return { token, exp }
}

/** Reads `authorization: Bearer <jwt>`: none when absent; invalid when malformed, forged or expired. */
export async function readToken(secret: string, authorization: string | undefined): Promise<TokenCheck> {
  if (!authorization) return { status: 'none' }
  const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim())
  if (!m) return { status: 'invalid', reason: 'authorization must be "Bearer <token>"' }
  try {
    const { payload } = await jwtVerify(m[1], key(secret), { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE })
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.jti !== 'string')
      return { status: 'invalid', reason: 'token has no subject, expiry or id' }
    return { status: 'valid', userId: payload.sub, exp: payload.exp, jti: payload.jti }
  } catch (err) {
    return { status: 'invalid', reason: err instanceof errors.JWTExpired ? 'token expired' : 'token invalid' }
  }
}

/** Logout: the token is refused from now on, until it would have expired anyway. */
export async function revokeToken(q: Queryable, check: TokenCheck): Promise<void> {
  if (check.status !== 'valid') return
  await insertRevokedToken(q, check.jti, check.exp)
}

/** The check with revocation applied: a revoked token is invalid. */
export async function withRevocation(q: Queryable, check: TokenCheck): Promise<TokenCheck> {
  if (check.status !== 'valid') return check
  return (await isRevoked(q, check.jti)) ? { status: 'invalid', reason: 'token revoked' } : check
}

/** Deletes revocations of tokens that have expired anyway. */
export async function pruneRevokedTokens(q: Queryable): Promise<void> {
  await deleteExpiredRevocations(q)
}
