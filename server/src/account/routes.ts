import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import type { Database } from '../db'
import { ok, parseInput, fail } from '../http'
import { hit } from '../ratelimit'
import { requireUser } from '../security'
import { issueToken, revokeToken } from './tokens'
import { decryptBaiduData } from './baidu'

/** Delivers an SMS login code. The development sender prints it to the server log. */
export type SmsSender = (phone: string, code: string) => Promise<void>

export const SMS_CODE_TTL_MS = 5 * 60_000
export const SMS_RESEND_MS = 60_000
export const SMS_MAX_PER_HOUR = 5
export const SMS_MAX_ATTEMPTS = 5

const phone = z.string().regex(/^1\d{10}$/, '请输入11位大陆手机号码')
const hash = (s: string) => createHash('sha256').update(s).digest('hex')
const mask = (p: string | null) => (p ? `${p.slice(0, 3)}****${p.slice(-4)}` : null)

async function upsertUser(database: Database, column: 'phone' | 'wechat_openid' | 'baidu_openid', value: string, nickname: string) {
  const [row] = await database.query<{ userId: string }>(
    `insert into users (user_id, ${column}, nickname) values ($1, $2, $3)
     on conflict (${column}) do update set ${column} = excluded.${column} returning user_id as "userId"`, [`u_${randomUUID().slice(0, 12)}`, value, nickname])
  return row.userId
}

/** Log-in ways (SMS for H5, WeChat code, Baidu phone), the current user, A/B groups and assets. */
export async function accountRoutes(app: FastifyInstance, opts: RestOptions) {
  const { database, config } = opts
  const send: SmsSender = opts.smsSender ?? (async (to, code) => {
    if (config.SMS_SENDER === 'none') throw new Error('no SMS sender configured')
    app.log.info(`[dev SMS] login code for ${mask(to)}: ${code}`)
  })
  /** Per-address (and global) limits kept in the database; answers 429 and returns true when over. */
  const limited = async (reply: import('fastify').FastifyReply, checks: Array<[key: string, windowSeconds: number, limit: number]>) => {
    for (const [key, windowSeconds, limit] of checks) {
      const rate = await hit(database, key, windowSeconds, limit)
      if (!rate.allowed) {
        await reply.code(429).header('retry-after', String(rate.retryAfter)).send({ code: 429, msg: '请求过于频繁，请稍后再试' })
        return true
      }
    }
    return false
  }
  const loginLimit = (ip: string): Array<[string, number, number]> => [[`login:addr:${ip}`, 3600, config.RATE_LOGIN_PER_ADDRESS_HOUR]]
  const session = async (userId: string) => {
    const { token, exp } = await issueToken(config.JWT_SECRET, userId)
    const [user] = await database.query<{ userId: string; nickname: string; phone: string | null }>('select user_id as "userId", nickname, phone from users where user_id = $1', [userId])
    return ok({ token, exp, user: { ...user, phone: mask(user.phone) } })
  }

  /**
   * Sends a 6-digit code: at most one a minute and five an hour per phone (one atomic upsert, so
   * concurrent requests cannot both pass), a number per client address and hour, and a global
   * hourly budget. Without an SMS sender the service is unavailable (503).
   */
  app.post('/user/sms/send', async (req, reply) => {
    if (config.SMS_SENDER === 'none' && !opts.smsSender) return fail(reply, 503, '短信验证码服务暂未开放，请使用其他方式登录')
    const body = parseInput(z.object({ phone }), req.body, reply)
    if (!body) return
    if (await limited(reply, [[`sms:addr:${req.ip}`, 3600, config.RATE_SMS_PER_ADDRESS_HOUR], ['sms:global', 3600, config.RATE_SMS_GLOBAL_HOUR]])) return
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    const sent = await database.query(
      `insert into sms_codes as s (phone, code_hash, expires_at, attempts, window_start, sent_in_window, last_sent_at)
       values ($1, $2, now() + make_interval(secs => $3), 0, now(), 1, now())
       on conflict (phone) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0,
         window_start = case when s.window_start < now() - interval '1 hour' then now() else s.window_start end,
         sent_in_window = case when s.window_start < now() - interval '1 hour' then 1 else s.sent_in_window + 1 end,
         last_sent_at = now()
       where s.last_sent_at <= now() - make_interval(secs => $4) and (s.window_start < now() - interval '1 hour' or s.sent_in_window < $5)
       returning phone`,
      [body.phone, hash(`${body.phone}:${code}`), SMS_CODE_TTL_MS / 1000, SMS_RESEND_MS / 1000, SMS_MAX_PER_HOUR])
    if (!sent.length) {
      const [prev] = await database.query<{ recent: boolean }>(`select last_sent_at > now() - make_interval(secs => $2) as recent from sms_codes where phone = $1`, [body.phone, SMS_RESEND_MS / 1000])
      return fail(reply, 429, prev?.recent ? '验证码发送过于频繁，请稍后再试' : '验证码发送次数过多，请一小时后再试')
    }
    await send(body.phone, code)
    return ok({ sent: true, resendAfterSeconds: SMS_RESEND_MS / 1000 })
  })

  /** Logs in (registering if new) with the phone and its code: at most five attempts per code. */
  app.post('/user/sms/login', async (req, reply) => {
    const body = parseInput(z.object({ phone, code: z.string().regex(/^\d{6}$/, '验证码为6位数字') }), req.body, reply)
    if (!body) return
    if (await limited(reply, loginLimit(req.ip))) return
    const [row] = await database.query<{ code_hash: string; expires_at: Date; attempts: number }>(
      'update sms_codes set attempts = attempts + 1 where phone = $1 returning code_hash, expires_at, attempts', [body.phone])
    if (!row || row.expires_at.getTime() < Date.now()) return fail(reply, 400, '验证码已过期，请重新获取')
    if (row.attempts > SMS_MAX_ATTEMPTS) return fail(reply, 429, '尝试次数过多，请重新获取验证码')
    if (!timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hash(`${body.phone}:${body.code}`)))) return fail(reply, 400, '验证码错误')
    await database.query('update sms_codes set expires_at = now() where phone = $1', [body.phone]) // one use
    return session(await upsertUser(database, 'phone', body.phone, `用户${body.phone.slice(-4)}`))
  })

  /** WeChat mini-program login code → openid via code2session (development: the configured test code). */
  app.post('/user/wechat/login', async (req, reply) => {
    if (!config.WECHAT_APP_ID) return fail(reply, 503, '微信登录暂未开放')
    const body = parseInput(z.object({ code: z.string().min(1).max(200) }), req.body, reply)
    if (!body) return
    if (await limited(reply, loginLimit(req.ip))) return
    let openid: string | undefined
    if (config.WECHAT_CODE2SESSION_URL) {
      const url = new URL(config.WECHAT_CODE2SESSION_URL)
      url.search = new URLSearchParams({ appid: config.WECHAT_APP_ID, secret: config.WECHAT_APP_SECRET, js_code: body.code, grant_type: 'authorization_code' }).toString()
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000) })
        const data = (await res.json()) as { openid?: string; errcode?: number; errmsg?: string }
        openid = data.openid
      } catch (err) {
        req.log.warn({ err: (err as Error).message }, 'code2session failed')
        return fail(reply, 502, '微信登录服务暂不可用')
      }
    } else if (config.NODE_ENV !== 'production' && config.WECHAT_TEST_CODE && body.code === config.WECHAT_TEST_CODE) {
      openid = 'dev-openid'
    }
    if (!openid) return fail(reply, 400, '微信登录凭证无效')
    return session(await upsertUser(database, 'wechat_openid', openid, '微信用户'))
  })

  /** Baidu: decrypts the phone number (see baidu.ts), then registers or logs in that phone. */
  app.post('/user/baidu/smartprogram/phone-decode-register', async (req, reply) => {
    const body = parseInput(z.object({
      encryptedData: z.string().min(1).max(4096),
      iv: z.string().min(1).max(64),
      sessionKey: z.string().min(1).max(64),
    }), req.body, reply)
    if (!body) return
    if (await limited(reply, loginLimit(req.ip))) return
    let mobile: string | undefined
    try {
      const data = JSON.parse(decryptBaiduData(body.encryptedData, body.sessionKey, body.iv, config.BAIDU_APP_KEY)) as { mobile?: string }
      mobile = data.mobile
    } catch {
      return fail(reply, 400, '手机号数据解密失败')
    }
    if (!mobile || !/^1\d{10}$/.test(mobile)) return fail(reply, 400, '手机号数据无效')
    return session(await upsertUser(database, 'phone', mobile, `用户${mobile.slice(-4)}`))
  })

  /** Logout: the app clears its token, and the token itself is revoked (refused from now on, on every instance). */
  app.post('/user/logout', async (req) => {
    await revokeToken(database, await req.auth())
    return ok({ loggedOut: true })
  })

  app.get('/user/info/detail', async (req, reply) => {
    const userId = await requireUser(req, reply)
    if (!userId) return
    const [user] = await database.query<{ userId: string; nickname: string; avatarUrl: string | null; phone: string | null; createdAt: Date }>(
      'select user_id as "userId", nickname, avatar_url as "avatarUrl", phone, created_at as "createdAt" from users where user_id = $1', [userId])
    if (!user) return fail(reply, 401, '登录已失效，请重新登录')
    return ok({ ...user, phone: mask(user.phone), isLogin: true })
  })

  /** A/B groups: stable per user (or per sensors-anonymous-id), public. */
  app.get('/user/ab-test', async (req) => {
    const auth = await req.auth()
    const subject = auth.status === 'valid' ? auth.userId : (req.headers['sensors-anonymous-id'] as string | undefined) ?? 'anonymous'
    const bucket = (name: string) => (parseInt(hash(`${name}:${subject}`).slice(0, 8), 16) % 2 === 0 ? 'A' : 'B')
    return ok({ experiments: { portfolioDetailLayout: bucket('portfolioDetailLayout'), homeFeed: bucket('homeFeed') } })
  })

  /** The user's holdings with their market value at the latest NAV (exact, computed as NUMERIC). */
  app.get('/asset/detail', async (req, reply) => {
    const userId = await requireUser(req, reply)
    if (!userId) return
    const list = await database.query(
      `select h.po_code as "poCode", p.po_name as "poName", h.ca_id as "caId", h.units, h.signed, n.nav, n.nav_date as "navDate", round(h.units * n.nav, 2) as "marketValue"
       from user_holdings h join portfolios p using (po_code)
       left join lateral (select nav, nav_date from portfolio_navs where po_code = h.po_code order by nav_date desc limit 1) n on true
       where h.user_id = $1 order by h.po_code`, [userId])
    const [{ total }] = await database.query<{ total: string }>(
      `select coalesce(round(sum(h.units * n.nav), 2), 0)::text as total from user_holdings h
       left join lateral (select nav from portfolio_navs where po_code = h.po_code order by nav_date desc limit 1) n on true where h.user_id = $1`, [userId])
    return ok({ totalAsset: total, list })
  })
}
