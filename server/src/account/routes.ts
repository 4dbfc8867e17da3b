import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { RestOptions } from '../rest'
import { ok, fail } from '../http'
import { addressKey, hit, refund } from '../ratelimit'
import { issueToken, revokeToken } from './tokens'
import { decryptBaiduData } from './baidu'
import { baiduSessionKey, HostUnavailable, wechatOpenid } from './hosts'
import { attemptSmsCode, holdings, maskPhone, smsSentRecently, storeSmsCode, upsertUser, useSmsCode, userById } from './data'

/** Delivers an SMS login code. The development sender prints it to the server log. */
export type SmsSender = (phone: string, code: string) => Promise<void>

export const SMS_CODE_TTL_MS = 5 * 60_000
export const SMS_RESEND_MS = 60_000
export const SMS_MAX_PER_HOUR = 5
export const SMS_MAX_ATTEMPTS = 5

const phone = z.string().regex(/^1\d{10}$/, '请输入11位大陆手机号码')
const hash = (s: string) => createHash('sha256').update(s).digest('hex')

/** Log-in ways (SMS for H5, WeChat code, Baidu phone), the current user, A/B groups and assets. */
export async function accountRoutes(fastify: FastifyInstance, opts: RestOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { database, config } = opts
  const send: SmsSender =
    opts.smsSender ??
    (async (to, code) => {
      if (config.SMS_SENDER === 'none') throw new Error('no SMS sender configured')
      app.log.info(`[dev SMS] login code for ${maskPhone(to)}: ${code}`)
    })
  /** Per-address (and global) limits kept in the database; answers 429 and returns true when over. */
  const limited = async (reply: FastifyReply, checks: Array<[key: string, windowSeconds: number, limit: number]>) => {
    for (const [key, windowSeconds, limit] of checks) {
      const rate = await hit(database, key, windowSeconds, limit)
      if (!rate.allowed) {
        await reply.code(429).header('retry-after', String(rate.retryAfter)).send({ code: 429, msg: '请求过于频繁，请稍后再试' })
        return true
      }
    }
    return false
  }
  const loginLimit = (ip: string): Array<[string, number, number]> => [
    [`login:addr:${addressKey(ip)}`, 3600, config.RATE_LOGIN_PER_ADDRESS_HOUR],
  ]
  const session = async (userId: string) => {
    const { token, exp } = await issueToken(config.JWT_SECRET, userId)
    const user = await userById(database, userId)
    return ok({ token, exp, user: { userId: user.userId, nickname: user.nickname, phone: maskPhone(user.phone) } })
  }

  /**
   * Sends a 6-digit code: at most one a minute and five an hour per phone (one atomic upsert, so
   * concurrent requests cannot both pass) and RATE_SMS_PER_PHONE_DAY a day, a number per client
   * address and hour, and a global hourly budget that counts only codes actually sent (a send
   * refused for the phone, or failing, is taken back). Without an SMS sender the service is
   * unavailable (503).
   */
  const smsAvailable = async (_req: unknown, reply: FastifyReply) => {
    if (config.SMS_SENDER === 'none' && !opts.smsSender) return fail(reply, 503, '短信验证码服务暂未开放，请使用其他方式登录')
  }
  app.post('/user/sms/send', { preValidation: smsAvailable, schema: { body: z.object({ phone }) } }, async (req, reply) => {
    const { body } = req
    const global: [string, number, number] = ['sms:global', 3600, config.RATE_SMS_GLOBAL_HOUR]
    const day: [string, number, number] = [`sms:phone-day:${hash(body.phone).slice(0, 32)}`, 86_400, config.RATE_SMS_PER_PHONE_DAY]
    if (await limited(reply, [[`sms:addr:${addressKey(req.ip)}`, 3600, config.RATE_SMS_PER_ADDRESS_HOUR], global])) return
    const takeBack = (...keys: Array<[string, number, number]>) => Promise.all(keys.map(([key, window]) => refund(database, key, window)))
    const today = await hit(database, ...day)
    if (!today.allowed) {
      await takeBack(global)
      return fail(reply, 429, '该手机号今日验证码发送次数已达上限，请明天再试')
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    if (
      !(await storeSmsCode(
        database,
        body.phone,
        hash(`${body.phone}:${code}`),
        SMS_CODE_TTL_MS / 1000,
        SMS_RESEND_MS / 1000,
        SMS_MAX_PER_HOUR,
      ))
    ) {
      await takeBack(global, day)
      return fail(
        reply,
        429,
        (await smsSentRecently(database, body.phone, SMS_RESEND_MS / 1000))
          ? '验证码发送过于频繁，请稍后再试'
          : '验证码发送次数过多，请一小时后再试',
      )
    }
    try {
      await send(body.phone, code)
    } catch (err) {
      await takeBack(global, day)
      throw err
    }
    return ok({ sent: true, resendAfterSeconds: SMS_RESEND_MS / 1000 })
  })

  /** Logs in (registering if new) with the phone and its code: at most five attempts per code. */
  app.post(
    '/user/sms/login',
    { schema: { body: z.object({ phone, code: z.string().regex(/^\d{6}$/, '验证码为6位数字') }) } },
    async (req, reply) => {
      const { body } = req
      if (await limited(reply, loginLimit(req.ip))) return
      const row = await attemptSmsCode(database, body.phone)
      if (!row?.live) return fail(reply, 400, '验证码已过期，请重新获取')
      if (row.attempts > SMS_MAX_ATTEMPTS) return fail(reply, 429, '尝试次数过多，请重新获取验证码')
      if (!timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hash(`${body.phone}:${body.code}`))))
        return fail(reply, 400, '验证码错误')
      // One use: a login racing with this one on the same code has taken it.
      if (!(await useSmsCode(database, body.phone, row.code_hash))) return fail(reply, 400, '验证码已过期，请重新获取')
      return session(await upsertUser(database, 'phone', body.phone, `用户${body.phone.slice(-4)}`))
    },
  )

  /** WeChat mini-program login code → openid via code2session (development: the configured test code). */
  const wechatAvailable = async (_req: unknown, reply: FastifyReply) => {
    if (!config.WECHAT_APP_ID) return fail(reply, 503, '微信登录暂未开放')
  }
  app.post(
    '/user/wechat/login',
    { preValidation: wechatAvailable, schema: { body: z.object({ code: z.string().min(1).max(200) }) } },
    async (req, reply) => {
      const { body } = req
      if (await limited(reply, loginLimit(req.ip))) return
      const openid = await hostAnswer(reply, '微信登录服务暂不可用，请稍后再试', () => wechatOpenid(config, body.code))
      if (openid === undefined) return
      if (!openid) return fail(reply, 400, '微信登录凭证无效，请重新登录')
      return session(await upsertUser(database, 'wechat_openid', openid, '微信用户'))
    },
  )

  /**
   * Baidu: the login code is exchanged by the server for the session key (hosts.ts), which
   * decrypts the phone number (baidu.ts); then that phone registers or logs in. Only the code,
   * the encrypted data and its iv are read: a session key in the body is ignored.
   */
  const baiduAvailable = async (_req: unknown, reply: FastifyReply) => {
    if (!config.BAIDU_APP_KEY) return fail(reply, 503, '百度登录暂未开放')
  }
  const baiduBody = z.object({
    code: z.string({ required_error: '缺少登录凭证，请重新授权' }).min(1, '缺少登录凭证，请重新授权').max(200),
    encryptedData: z.string().min(1).max(4096),
    iv: z.string().min(1).max(64),
  })
  app.post(
    '/user/baidu/smartprogram/phone-decode-register',
    { preValidation: baiduAvailable, schema: { body: baiduBody } },
    async (req, reply) => {
      const { body } = req
      if (await limited(reply, loginLimit(req.ip))) return
      const sessionKey = await hostAnswer(reply, '百度登录服务暂不可用，请稍后再试', () => baiduSessionKey(config, body.code))
      if (sessionKey === undefined) return
      if (!sessionKey) return fail(reply, 400, '百度登录凭证无效，请重新授权')
      let mobile: string | undefined
      try {
        const data = JSON.parse(decryptBaiduData(body.encryptedData, sessionKey, body.iv, config.BAIDU_APP_KEY)) as { mobile?: string }
        mobile = data.mobile
      } catch {
        return fail(reply, 400, '手机号数据解密失败，请重新授权')
      }
      if (!mobile || !/^1\d{10}$/.test(mobile)) return fail(reply, 400, '手机号数据无效')
      return session(await upsertUser(database, 'phone', mobile, `用户${mobile.slice(-4)}`))
    },
  )

  /** A host's answer; when its service is down, answers 502 with `msg` and gives undefined. */
  async function hostAnswer<T>(reply: FastifyReply, msg: string, ask: () => Promise<T>): Promise<T | undefined> {
    try {
      return await ask()
    } catch (err) {
      if (!(err instanceof HostUnavailable)) throw err
      reply.log.warn({ err: err.message }, 'host login service failed')
      await fail(reply, 502, msg)
      return undefined
    }
  }

  /** Logout: the app clears its token, and the token itself is revoked (refused from now on, on every instance). */
  app.post('/user/logout', async (req) => {
    await revokeToken(database, await req.auth())
    return ok({ loggedOut: true })
  })

  app.get('/user/info/detail', { config: { needsUser: true } }, async (req, reply) => {
    const user = await userById(database, req.userId)
    if (!user) return fail(reply, 401, '登录已失效，请重新登录')
    return ok({ ...user, phone: maskPhone(user.phone), isLogin: true })
  })

  /** A/B groups: stable per user (or per sensors-anonymous-id), public. */
  app.get('/user/ab-test', async (req) => {
    const auth = await req.auth()
    const subject = auth.status === 'valid' ? auth.userId : ((req.headers['sensors-anonymous-id'] as string | undefined) ?? 'anonymous')
    const bucket = (name: string) => (parseInt(hash(`${name}:${subject}`).slice(0, 8), 16) % 2 === 0 ? 'A' : 'B')
    return ok({ experiments: { portfolioDetailLayout: bucket('portfolioDetailLayout'), homeFeed: bucket('homeFeed') } })
  })

  /** The user's holdings with their market value at the latest NAV (exact, computed as NUMERIC). */
  app.get('/asset/detail', { config: { needsUser: true } }, async (req) => ok(await holdings(database, req.userId)))
}
