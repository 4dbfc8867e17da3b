import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
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

/** The data folder's own JWT secret, when JWT_SECRET is unset (embedded database only). */
export const JWT_SECRET_FILE = '.alfa-jwt-secret'

/**
 * Reads the data folder's JWT secret, or generates one (32 random bytes) on first start: written
 * whole or not at all, readable by its owner only (0600, and made so when found otherwise).
 */
export function dataFolderSecret(dataDir: string): { secret: string; file: string; created: boolean; madePrivate: boolean } {
  const file = path.join(dataDir, JWT_SECRET_FILE)
  fs.mkdirSync(dataDir, { recursive: true })
  let created = false
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.${randomUUID()}`
    fs.writeFileSync(tmp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 })
    try {
      fs.linkSync(tmp, file)
      created = true
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err // another start made it first
    } finally {
      fs.rmSync(tmp, { force: true })
    }
  }
  let madePrivate = false
  if (fs.statSync(file).mode & 0o077) {
    fs.chmodSync(file, 0o600)
    madePrivate = true
  }
  const secret = fs.readFileSync(file, 'utf8').trim()
  if (secret.length < 32)
    throw new Error(`${file} holds no usable JWT secret (under 32 characters): delete it to generate a new one (every session ends)`)
  return { secret, file, created, madePrivate }
}

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
