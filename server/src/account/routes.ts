import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { abTestAnswer, assetDetailAnswer, logoutAnswer, sessionAnswer, smsSendAnswer, userInfoDetailAnswer } from '@alfa/common/apiSchema'
import { answers, httpError, ok } from '../http'
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

/** A host login's answers: the session, or why not (bad code 400, over a limit 429, host down 502, not configured 503). */
const hostLoginAnswers = answers(sessionAnswer, 400, 429, 502, 503)

/** Log-in ways (SMS for H5, WeChat code, Baidu phone), the current user, A/B groups and assets. */
export const accountRoutes: FastifyPluginAsyncZod<{ smsSender?: SmsSender }> = async (app, opts) => {
  const { database, config } = app
  const send: SmsSender =
    opts.smsSender ??
    (async (to, code) => {
      if (config.SMS_SENDER === 'none') throw new Error('no SMS sender configured')
      app.log.info(`[dev SMS] login code for ${maskPhone(to)}: ${code}`)
    })
  /** Per-address (and global) limits kept in the database: 429 when over any. */
  const checkLimits = async (checks: Array<[key: string, windowSeconds: number, limit: number]>) => {
    for (const [key, windowSeconds, limit] of checks) {
      const rate = await hit(database, key, windowSeconds, limit)
      if (!rate.allowed) throw httpError.tooManyRequests('请求过于频繁，请稍后再试', rate.retryAfter)
    }
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
  const smsAvailable = async () => {
    if (config.SMS_SENDER === 'none' && !opts.smsSender) throw httpError.serviceUnavailable('短信验证码服务暂未开放，请使用其他方式登录')
  }
  const smsSendAnswers = answers(smsSendAnswer, 400, 429, 503)
  app.post(
    '/user/sms/send',
    { preValidation: smsAvailable, schema: { body: z.object({ phone }), response: smsSendAnswers } },
    async (req) => {
      const { body } = req
      const global: [string, number, number] = ['sms:global', 3600, config.RATE_SMS_GLOBAL_HOUR]
      const day: [string, number, number] = [`sms:phone-day:${hash(body.phone).slice(0, 32)}`, 86_400, config.RATE_SMS_PER_PHONE_DAY]
      await checkLimits([[`sms:addr:${addressKey(req.ip)}`, 3600, config.RATE_SMS_PER_ADDRESS_HOUR], global])
      const takeBack = (...keys: Array<[string, number, number]>) => Promise.all(keys.map(([key, window]) => refund(database, key, window)))
      const today = await hit(database, ...day)
      if (!today.allowed) {
        await takeBack(global)
        throw httpError.tooManyRequests('该手机号今日验证码发送次数已达上限，请明天再试')
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
        throw httpError.tooManyRequests(
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
    },
  )

  /** Logs in (registering if new) with the phone and its code: at most five attempts per code. */
  app.post(
    '/user/sms/login',
    {
      schema: {
        body: z.object({ phone, code: z.string().regex(/^\d{6}$/, '验证码为6位数字') }),
        response: answers(sessionAnswer, 400, 429),
      },
    },
    async (req) => {
      const { body } = req
      await checkLimits(loginLimit(req.ip))
      const row = await attemptSmsCode(database, body.phone)
      if (!row?.live) throw httpError.badRequest('验证码已过期，请重新获取')
      if (row.attempts > SMS_MAX_ATTEMPTS) throw httpError.tooManyRequests('尝试次数过多，请重新获取验证码')
      if (!timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(hash(`${body.phone}:${body.code}`))))
        throw httpError.badRequest('验证码错误')
      // One use: a login racing with this one on the same code has taken it.
      if (!(await useSmsCode(database, body.phone, row.code_hash))) throw httpError.badRequest('验证码已过期，请重新获取')
      return session(await upsertUser(database, 'phone', body.phone, `用户${body.phone.slice(-4)}`))
    },
  )

  /** WeChat mini-program login code → openid via code2session (development: the configured test code). */
  const wechatAvailable = async () => {
    if (!config.WECHAT_APP_ID) throw httpError.serviceUnavailable('微信登录暂未开放')
  }
  app.post(
    '/user/wechat/login',
    { preValidation: wechatAvailable, schema: { body: z.object({ code: z.string().min(1).max(200) }), response: hostLoginAnswers } },
    async (req) => {
      const { body } = req
      await checkLimits(loginLimit(req.ip))
      const openid = await hostAnswer(req.log, '微信登录服务暂不可用，请稍后再试', () => wechatOpenid(config, body.code))
      if (!openid) throw httpError.badRequest('微信登录凭证无效，请重新登录')
      return session(await upsertUser(database, 'wechat_openid', openid, '微信用户'))
    },
  )

  /**
   * Baidu: the login code is exchanged by the server for the session key (hosts.ts), which
   * decrypts the phone number (baidu.ts); then that phone registers or logs in. Only the code,
   * the encrypted data and its iv are read: a session key in the body is ignored.
   */
  const baiduAvailable = async () => {
    if (!config.BAIDU_APP_KEY) throw httpError.serviceUnavailable('百度登录暂未开放')
  }
  const baiduBody = z.object({
    code: z.string({ required_error: '缺少登录凭证，请重新授权' }).min(1, '缺少登录凭证，请重新授权').max(200),
    encryptedData: z.string().min(1).max(4096),
    iv: z.string().min(1).max(64),
  })
  app.post(
    '/user/baidu/smartprogram/phone-decode-register',
    { preValidation: baiduAvailable, schema: { body: baiduBody, response: hostLoginAnswers } },
    async (req) => {
      const { body } = req
      await checkLimits(loginLimit(req.ip))
      const sessionKey = await hostAnswer(req.log, '百度登录服务暂不可用，请稍后再试', () => baiduSessionKey(config, body.code))
      if (!sessionKey) throw httpError.badRequest('百度登录凭证无效，请重新授权')
      const mobile = decryptedMobile(body.encryptedData, sessionKey, body.iv)
      if (!mobile || !/^1\d{10}$/.test(mobile)) throw httpError.badRequest('手机号数据无效')
      return session(await upsertUser(database, 'phone', mobile, `用户${mobile.slice(-4)}`))
    },
  )

  /** The phone number in Baidu's encrypted data (400 when it does not decrypt with this session key). */
  function decryptedMobile(encryptedData: string, sessionKey: string, iv: string): string | undefined {
    try {
      return (JSON.parse(decryptBaiduData(encryptedData, sessionKey, iv, config.BAIDU_APP_KEY)) as { mobile?: string }).mobile
    } catch {
      throw httpError.badRequest('手机号数据解密失败，请重新授权')
    }
  }

  /** A host's answer; when its service is down, 502 with `msg`. */
  async function hostAnswer<T>(log: FastifyBaseLogger, msg: string, ask: () => Promise<T>): Promise<T> {
    try {
      return await ask()
    } catch (err) {
      if (!(err instanceof HostUnavailable)) throw err
      log.warn({ err: err.message }, 'host login service failed')
      throw httpError.badGateway(msg)
    }
  }

  /** Logout: the app clears its token, and the token itself is revoked (refused from now on, on every instance). */
  app.post('/user/logout', { schema: { response: answers(logoutAnswer) } }, async (req) => {
    await revokeToken(database, await req.auth())
    return ok({ loggedOut: true as const })
  })

  app.get('/user/info/detail', { config: { needsUser: true }, schema: { response: answers(userInfoDetailAnswer, 401) } }, async (req) => {
    const user = await userById(database, req.userId)
    if (!user) throw httpError.unauthorized('登录已失效，请重新登录')
    return ok({ ...user, phone: maskPhone(user.phone), isLogin: true as const })
  })

  /** A/B groups: stable per user (or per sensors-anonymous-id), public. */
  app.get('/user/ab-test', { schema: { response: answers(abTestAnswer) } }, async (req) => {
    const auth = await req.auth()
    const subject = auth.status === 'valid' ? auth.userId : ((req.headers['sensors-anonymous-id'] as string | undefined) ?? 'anonymous')
    const bucket = (name: string): 'A' | 'B' => (parseInt(hash(`${name}:${subject}`).slice(0, 8), 16) % 2 === 0 ? 'A' : 'B')
    return ok({ experiments: { portfolioDetailLayout: bucket('portfolioDetailLayout'), homeFeed: bucket('homeFeed') } })
  })

  /** The user's holdings with their market value at the latest NAV (exact, computed as NUMERIC). */
  app.get('/asset/detail', { config: { needsUser: true }, schema: { response: answers(assetDetailAnswer, 401) } }, async (req) =>
    ok(await holdings(database, req.userId)),
  )
}
