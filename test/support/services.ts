/** Helpers for the services tests: tokens the client can decode (unsigned, the client never verifies). */
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

export function makeToken(payload: Record<string, unknown>): string {
  return `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.c2lnbmF0dXJl`
}

/** A token valid for an hour from now. */
export function liveToken(sub = 'u1'): string {
  return makeToken({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })
}
