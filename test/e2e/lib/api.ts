import assert from 'node:assert/strict'
import { createSign } from '@alfa/common/sign'

/** Headers of an API call as the app sends them (signed, main-brand broker), with the token when given. */
export const apiHeaders = (token?: string) => ({
  'content-type': 'application/json',
  'x-sign': createSign(),
  'x-broker': '0008',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
})

/** A real token from the server's QA test login (the WeChat test code; lib/server.ts turns QA_TEST_LOGINS on). */
export async function devLogin(origin: string): Promise<string> {
  const res = await fetch(`${origin}/alfa/v1/user/wechat/login`, {
    method: 'POST',
    headers: apiHeaders(),
    body: JSON.stringify({ code: 'dev-wechat-code' }),
  })
  const body = (await res.json()) as { data?: { token: string } }
  assert.equal(res.status, 200, `development login failed: ${JSON.stringify(body)}`)
  return body.data!.token
}
