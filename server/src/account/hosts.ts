import type { Config } from '../config'

/** The openid WeChat's QA test code stands for (QA_TEST_LOGINS only): the demo account's (demo/account.ts). */
export const DEV_WECHAT_OPENID = 'dev-openid'

/** The session key Baidu's QA test code stands for (QA_TEST_LOGINS only, never in production). */
export const DEV_BAIDU_SESSION_KEY = Buffer.from('alfa-dev-baidu-session-k').toString('base64')

/** The test codes log in only when QA asked for them, and never in production (loadConfig refuses that too). */
const testLogins = (config: Config) => config.QA_TEST_LOGINS && config.NODE_ENV !== 'production'

/** A host's login service could not be reached or answered nonsense (answered 502, never trusted). */
export class HostUnavailable extends Error {}

/** JSON from a host's HTTP API, within a time limit. */
export async function hostJson(url: URL, init: RequestInit = {}, timeoutMs = 5000): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    throw new HostUnavailable(`${url.host}: ${(err as Error).message}`)
  }
  const body = await res.json().catch(() => null)
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new HostUnavailable(`${url.host}: HTTP ${res.status}, not a JSON object`)
  return body as Record<string, unknown>
}

/** code2session errcodes that say WeChat is busy (-1) or throttling the app (45011), not that the code is bad. */
const WECHAT_BUSY = new Set([-1, 45011])

/**
 * WeChat mini-program login code → openid, through code2session on the server (the client's
 * word is only the one-time code). Null when WeChat refuses the code; HostUnavailable (a 502,
 * try later) when WeChat is busy.
 */
export async function wechatOpenid(config: Config, code: string): Promise<string | null> {
  if (!config.WECHAT_CODE2SESSION_URL) {
    return testLogins(config) && config.WECHAT_TEST_CODE && code === config.WECHAT_TEST_CODE ? DEV_WECHAT_OPENID : null
  }
  const url = new URL(config.WECHAT_CODE2SESSION_URL)
  url.search = new URLSearchParams({
    appid: config.WECHAT_APP_ID,
    secret: config.WECHAT_APP_SECRET,
    js_code: code,
    grant_type: 'authorization_code',
  }).toString()
  const data = await hostJson(url)
  if (WECHAT_BUSY.has(Number(data.errcode))) throw new HostUnavailable(`code2session busy: errcode ${String(data.errcode)}`)
  return typeof data.openid === 'string' && data.openid ? data.openid : null
}

/**
 * Baidu smart program login code → session key, exchanged by the server with Baidu's
 * jscode2sessionkey (client_id = app key, sk = secret). The key stays on the server: a session
 * key sent by a client is never used, so nobody can encrypt a phone number of their choosing.
 * Null when Baidu refuses the code.
 */
export async function baiduSessionKey(config: Config, code: string): Promise<string | null> {
  if (!config.BAIDU_CODE2SESSION_URL) {
    return testLogins(config) && config.BAIDU_TEST_CODE && code === config.BAIDU_TEST_CODE ? DEV_BAIDU_SESSION_KEY : null
  }
  const data = await hostJson(new URL(config.BAIDU_CODE2SESSION_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code, client_id: config.BAIDU_APP_KEY, sk: config.BAIDU_APP_SECRET }).toString(),
  })
  return typeof data.session_key === 'string' && data.session_key ? data.session_key : null
}
