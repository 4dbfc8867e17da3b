import { ConnectionLimiter } from '../src/live/connections'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { Kind, parse, validate, buildSchema, specifiedRules } from 'graphql'
import { decryptBaiduData, encryptBaiduData } from '../src/account/baidu'
import { dataFolderSecret, issueToken, JWT_SECRET_FILE, readToken } from '../src/account/tokens'
import { wechatSignature } from '../src/share/routes'
import { hasDeferOrStream, typeDefs } from '../src/graphql/plugin'
import { rangeStart } from '../src/ranges'
import { sumDecimals } from '../src/decimal'
import { Random } from '../src/demo/random'
import { tradingDays } from '../src/calendar'
import { describeMode, estimateSecretBits, loadConfig, withJwtSecret } from '../src/config'

describe('WeChat JS-SDK signature', () => {
  it("matches WeChat's documented example", () => {
    // The worked example of the JS-SDK documentation (appendix 1).
    const sig = wechatSignature(
      'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      'Wm3WZYTPz0wzccnW',
      '1414587457',
      'http://mp.weixin.qq.com?params=value',
    )
    assert.equal(sig, '0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })
})

describe('Baidu encrypted data', () => {
  const sessionKey = Buffer.alloc(24, 7).toString('base64')
  const iv = Buffer.alloc(16, 3).toString('base64')
  it('round-trips through random prefix, length, data and app key', () => {
    const data = JSON.stringify({ mobile: '13912345678' })
    assert.equal(decryptBaiduData(encryptBaiduData(data, sessionKey, iv, 'appkey'), sessionKey, iv, 'appkey'), data)
  })
  it('refuses another app key, a bad session key and garbage', () => {
    const enc = encryptBaiduData('{}', sessionKey, iv, 'appkey')
    assert.throws(() => decryptBaiduData(enc, sessionKey, iv, 'other'))
    assert.throws(() => decryptBaiduData(enc, Buffer.alloc(16).toString('base64'), iv, 'appkey'))
    assert.throws(() => decryptBaiduData('AAAA', sessionKey, iv, 'appkey'))
  })
})

describe('tokens', () => {
  const secret = 's'.repeat(40)
  it('issue and read back, exp in seconds', async () => {
    const { token, exp } = await issueToken(secret, 'u1')
    assert.ok(exp < 1e11)
    const check = await readToken(secret, `Bearer ${token}`)
    assert.equal(check.status, 'valid')
    assert.ok(check.status === 'valid' && check.userId === 'u1' && check.exp === exp && /^[0-9a-f-]{36}$/.test(check.jti))
  })
  it('a token of another issuer or audience, signed with the same key, is invalid', async () => {
    const { SignJWT } = await import('jose')
    const k = new TextEncoder().encode(secret)
    const exp = Math.floor(Date.now() / 1000) + 600
    const other = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('someone-else')
      .setAudience('alfa-app')
      .setJti('x')
      .setExpirationTime(exp)
      .sign(k)
    const noAud = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('alfa-api')
      .setJti('x')
      .setExpirationTime(exp)
      .sign(k)
    assert.equal((await readToken(secret, `Bearer ${other}`)).status, 'invalid')
    assert.equal((await readToken(secret, `Bearer ${noAud}`)).status, 'invalid')
  })
  it('missing is none; malformed, forged and expired are invalid', async () => {
    assert.equal((await readToken(secret, undefined)).status, 'none')
    assert.equal((await readToken(secret, 'Bearer a.b.c')).status, 'invalid')
    assert.equal((await readToken(secret, 'Token x')).status, 'invalid')
    const { token } = await issueToken('t'.repeat(40), 'u1')
    assert.equal((await readToken(secret, `Bearer ${token}`)).status, 'invalid')
    const old = await issueToken(secret, 'u1', Date.now() - 11 * 86_400_000)
    assert.deepEqual(await readToken(secret, `Bearer ${old.token}`), { status: 'invalid', reason: 'token expired' })
  })
})

describe('schema', () => {
  it('has the enumerations of spec section 4 with their values', () => {
    const schema = buildSchema(typeDefs)
    const values = (name: string) => (schema.getType(name) as import('graphql').GraphQLEnumType).getValues().map((v) => v.name)
    assert.deepEqual(values('FeeType'), ['Aum', 'Deduct', 'Free', 'STEP_ASSET', 'STEP_HOLDING_DAY'])
    assert.deepEqual(values('SeriesType'), ['LONG_WIN', 'LONG_WIN_S'])
    assert.deepEqual(values('FundOfferingStage'), ['ISSUE_PREVIOUSLY', 'ISSUE_RUNNING', 'ISSUE_CLOSED_BEFORE_SETUP', 'SETUP', 'UNKNOWN'])
    assert.deepEqual(values('SortDirection'), ['normal', 'reverse'])
  })
  it('detects @defer and @stream so graphql-jit is not used for them', () => {
    assert.equal(hasDeferOrStream(parse('{ a ... @defer { b } }')), true)
    assert.equal(hasDeferOrStream(parse('{ a { b } }')), false)
    assert.ok(validate(buildSchema(typeDefs), parse('{ riskLevelDict { code } }'), specifiedRules).length === 0)
  })
})

describe('ranges and decimals', () => {
  it('ranges count back from the last date', () => {
    assert.equal(rangeStart('1Y', '2026-09-30'), '2025-09-30')
    assert.equal(rangeStart('3m', '2026-09-30'), '2026-06-30')
    assert.equal(rangeStart('YTD', '2026-09-30'), '2026-01-01')
    assert.equal(rangeStart('Max', '2026-09-30'), null)
    assert.throws(() => rangeStart('forever', '2026-09-30'))
  })
  it('sums decimal strings exactly', () => {
    assert.equal(sumDecimals(['0.1', '0.2']), '0.300000')
    assert.equal(sumDecimals(['0.333333', '0.333333', '0.333334']), '1.000000')
  })
})

describe('demo data generator', () => {
  it('is deterministic for a seed', () => {
    const a = new Random(42)
    const b = new Random(42)
    assert.deepEqual([a.next(), a.next(), a.gauss()], [b.next(), b.next(), b.gauss()])
  })
  it('trading days skip weekends and holidays', () => {
    const days = tradingDays('2025-09-29', '2025-10-10')
    assert.deepEqual(days, ['2025-09-29', '2025-09-30', '2025-10-08', '2025-10-09', '2025-10-10'])
  })
})

describe('configuration', () => {
  const STRONG = randomBytes(32).toString('base64')
  const PRODUCTION = {
    NODE_ENV: 'production',
    JWT_SECRET: STRONG,
    SMS_SENDER: 'none',
    WECHAT_APP_ID: 'wx1234',
    WECHAT_APP_SECRET: 'secret',
    WECHAT_CODE2SESSION_URL: 'https://api.weixin.qq.com/sns/jscode2session',
    WECHAT_TOKEN_URL: 'https://api.weixin.qq.com/cgi-bin/token',
    WECHAT_TICKET_URL: 'https://api.weixin.qq.com/cgi-bin/ticket/getticket',
    BAIDU_APP_KEY: 'real-key',
    BAIDU_APP_SECRET: 'real-secret',
    BAIDU_CODE2SESSION_URL: 'https://spapi.baidu.com/oauth/jscode2sessionkey',
  } as NodeJS.ProcessEnv
  it('production refuses every unsafe value at once and says which', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production' }),
      (err: Error) => {
        assert.match(err.message, /^Refusing to start in production \(NODE_ENV=production\) with unsafe settings/)
        for (const name of ['SMS_SENDER=log', 'WECHAT_APP_SECRET', 'WECHAT_CODE2SESSION_URL', 'WECHAT_TOKEN_URL', 'BAIDU_APP_KEY'])
          assert.ok(err.message.includes(name), name)
        return true
      },
    )
    assert.throws(() => loadConfig({ ...PRODUCTION, SIGN_REQUIRED: 'false' }), /SIGN_REQUIRED=false/)
    assert.throws(() => loadConfig({ ...PRODUCTION, GRAPHIQL: 'true' }), /GRAPHIQL/)
    // A fixed jsapi_ticket expires within two hours: production fetches it.
    assert.throws(() => loadConfig({ ...PRODUCTION, WECHAT_TICKET_URL: '' }), /WECHAT_TOKEN_URL and WECHAT_TICKET_URL/)
    // Baidu's login code is exchanged by the server: it needs the secret and the endpoint.
    assert.throws(() => loadConfig({ ...PRODUCTION, BAIDU_APP_SECRET: '' }), /BAIDU_APP_SECRET/)
    assert.throws(() => loadConfig({ ...PRODUCTION, WECHAT_JSSDK_APP_ID: 'wx-oa' }), /WECHAT_JSSDK_APP_SECRET/)
    assert.throws(() => loadConfig({ ...PRODUCTION, BAIDU_CODE2SESSION_URL: '' }), /BAIDU_CODE2SESSION_URL/)
    // Empty app ids turn the host logins off instead.
    assert.doesNotThrow(() =>
      loadConfig({
        ...PRODUCTION,
        WECHAT_APP_ID: '',
        WECHAT_TICKET_URL: '',
        BAIDU_APP_KEY: '',
        BAIDU_APP_SECRET: '',
        BAIDU_CODE2SESSION_URL: '',
      }),
    )
  })
  it('production refuses the QA test logins and demo seeding', () => {
    assert.throws(() => loadConfig({ ...PRODUCTION, QA_TEST_LOGINS: 'true' }), /QA_TEST_LOGINS=true lets fixed test codes log in/)
    assert.throws(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }), /SEED_DEMO=true loads the demo data set/)
    assert.equal(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).SEED_DEMO, false)
  })
  it('production refuses a JS-SDK-only configuration (mini-program login off) without a real ticket source', () => {
    // The official account's JS-SDK would sign with the fixed WECHAT_JSAPI_TICKET (or none).
    const jssdkOnly = { ...PRODUCTION, WECHAT_APP_ID: '', WECHAT_JSSDK_APP_ID: 'wx-oa', WECHAT_JSSDK_APP_SECRET: 'oa-secret' }
    for (const missing of ['WECHAT_TOKEN_URL', 'WECHAT_TICKET_URL'])
      assert.throws(
        () => loadConfig({ ...jssdkOnly, [missing]: '', WECHAT_JSAPI_TICKET: 'some-fixed-ticket' }),
        /WECHAT_TOKEN_URL and WECHAT_TICKET_URL must be set/,
        missing,
      )
    assert.equal(loadConfig(jssdkOnly).WECHAT_JSSDK_APP_ID, 'wx-oa')
  })
  it('production refuses a guessable JWT_SECRET: one kind of character, repeats, sequences, a word', () => {
    for (const weak of [
      'x'.repeat(40),
      'k'.repeat(20) + '7'.repeat(20),
      'Xk9#'.repeat(10),
      '1234567890'.repeat(4),
      'abcdefghijklmnopqrstuvwxyz0123456789',
      'Supercalifragilisticexpialidocious',
      'passwordpasswordpasswordpassword12',
      randomBytes(40).toString('hex').replace(/[a-f]/g, ''), // digits only
    ])
      assert.throws(
        () => loadConfig({ ...PRODUCTION, JWT_SECRET: weak }),
        /JWT_SECRET (uses one kind of character only|looks guessable \(about \d+ bits estimated, 128 needed\))/,
        weak,
      )
    // 32 random bytes, as the README says to make them, pass every time.
    for (let i = 0; i < 200; i++) {
      for (const strong of [randomBytes(32).toString('base64'), randomBytes(32).toString('hex'), randomBytes(32).toString('base64url')]) {
        assert.ok(estimateSecretBits(strong) >= 160, strong)
        assert.equal(loadConfig({ ...PRODUCTION, JWT_SECRET: strong }).JWT_SECRET, strong)
      }
    }
    assert.equal(estimateSecretBits('x'.repeat(40)), 0)
  })
  it('every mode refuses the secret an earlier version published, and DATABASE_URL without JWT_SECRET', () => {
    // The secret earlier versions shipped in config.ts: anyone who read the code could sign tokens with it.
    const published = 'alfa-development-secret-do-not-use-in-production'
    for (const NODE_ENV of [undefined, 'development', 'test', 'production'])
      assert.throws(() => loadConfig({ ...PRODUCTION, NODE_ENV, JWT_SECRET: published }), /JWT_SECRET is a published secret/, NODE_ENV)
    assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://db/alfa' }), /JWT_SECRET is required with DATABASE_URL/)
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db/alfa', JWT_SECRET: STRONG }).JWT_SECRET, STRONG)
  })
  it('with no settings the default mode has no secret of its own, no test logins and no fixed ticket', () => {
    const none = loadConfig({})
    assert.equal(none.NODE_ENV, undefined)
    assert.deepEqual(
      [none.JWT_SECRET, none.QA_TEST_LOGINS, none.WECHAT_TEST_CODE, none.BAIDU_TEST_CODE, none.WECHAT_JSAPI_TICKET],
      ['', false, '', '', ''],
    )
    // What a fresh checkout needs: the demo data and SMS codes in the log.
    assert.deepEqual([none.SEED_DEMO, none.SMS_SENDER], [true, 'log'])
    // development is the same: test logins only when QA asks.
    assert.equal(loadConfig({ NODE_ENV: 'development' }).WECHAT_TEST_CODE, '')
  })
  it('QA_TEST_LOGINS=true turns the WeChat and Baidu test codes and the fixed ticket on; a test code alone is refused', () => {
    const qa = loadConfig({ QA_TEST_LOGINS: 'true' })
    assert.deepEqual(
      [qa.WECHAT_TEST_CODE, qa.BAIDU_TEST_CODE, qa.WECHAT_JSAPI_TICKET],
      ['dev-wechat-code', 'dev-baidu-code', 'dev-jsapi-ticket'],
    )
    const own = loadConfig({ QA_TEST_LOGINS: 'true', WECHAT_TEST_CODE: 'qa-1', BAIDU_TEST_CODE: '' })
    assert.deepEqual([own.WECHAT_TEST_CODE, own.BAIDU_TEST_CODE], ['qa-1', ''])
    for (const name of ['WECHAT_TEST_CODE', 'BAIDU_TEST_CODE'])
      assert.throws(() => loadConfig({ [name]: 'some-code' }), new RegExp(`${name} is set but QA_TEST_LOGINS is not true`))
  })
  it('production starts with real settings; demo seeding is off', () => {
    assert.equal(loadConfig(PRODUCTION).SEED_DEMO, false)
    assert.equal(loadConfig({ ...PRODUCTION, WECHAT_APP_ID: '', WECHAT_APP_SECRET: '', WECHAT_CODE2SESSION_URL: '' }).WECHAT_APP_ID, '')
    // Without JWT_SECRET on the embedded database the data folder's random secret is used (withJwtSecret).
    assert.equal(loadConfig({ ...PRODUCTION, JWT_SECRET: undefined }).JWT_SECRET, '')
  })
  it('development keeps its defaults and seeds the demo data', () => {
    const dev = loadConfig({ NODE_ENV: 'development' })
    assert.equal(dev.SEED_DEMO, true)
    assert.equal(dev.TRUST_PROXY, '')
  })
  it('reads booleans from the environment', () => {
    assert.equal(loadConfig({ NODE_ENV: 'development', SIGN_REQUIRED: 'false' }).SIGN_REQUIRED, false)
    assert.equal(loadConfig({ NODE_ENV: 'development' }).SIGN_REQUIRED, true)
  })
  it('the start-up log says the mode, where the secret is, the SMS log and whether QA test logins are on', () => {
    const file = { kind: 'file', file: '/data/.alfa-jwt-secret', created: true, madePrivate: false } as const
    const text = (lines: Array<{ level: string; msg: string }>) => lines.map((l) => `${l.level} ${l.msg}`).join('\n')
    const none = text(describeMode(loadConfig({}), file))
    assert.match(none, /^info mode: default \(NODE_ENV=unset; not production/m)
    assert.match(none, /^info JWT secret: generated at random into \/data\/\.alfa-jwt-secret/m)
    assert.match(none, /^warn SMS_SENDER=log: login codes are written to this log/m)
    assert.match(none, /^info QA test logins: off/m)
    const qa = text(describeMode(loadConfig({ QA_TEST_LOGINS: 'true' }), { kind: 'env' }))
    assert.match(qa, /^warn QA_TEST_LOGINS=true: test logins are on — WeChat code "dev-wechat-code" and Baidu code "dev-baidu-code"/m)
    assert.match(text(describeMode(loadConfig(PRODUCTION), { kind: 'env' })), /^info mode: production/m)
  })
  it('the start-up log warns when the server runs on a Node.js line past its end of life (issue #24)', () => {
    const text = (v: string) =>
      describeMode(loadConfig({}), { kind: 'env' }, v)
        .map((l) => `${l.level} ${l.msg}`)
        .join('\n')
    assert.match(text('20.20.2'), /^warn runtime: Node\.js 20\.20\.2 gets no security fixes: run the server on Node\.js 24 or later/m)
    assert.match(text('24.21.0'), /^info runtime: Node\.js 24\.21\.0$/m)
    assert.match(text('26.10.0'), /^info runtime: Node\.js 26\.10\.0$/m)
  })
})

describe('the data folder’s JWT secret', () => {
  it('is generated at random on first start, readable by its owner only, and read again later', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-secret-'))
    try {
      const first = withJwtSecret(loadConfig({ DATA_DIR: dir }))
      assert.equal(first.source.kind === 'file' && first.source.created, true)
      const file = path.join(dir, JWT_SECRET_FILE)
      assert.equal(fs.statSync(file).mode & 0o777, 0o600)
      assert.ok(estimateSecretBits(first.config.JWT_SECRET) >= 160)
      const again = withJwtSecret(loadConfig({ DATA_DIR: dir }))
      assert.equal(again.config.JWT_SECRET, first.config.JWT_SECRET)
      assert.equal(again.source.kind === 'file' && again.source.created, false)
      // Another folder, another secret.
      const other = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-secret-'))
      assert.notEqual(dataFolderSecret(other).secret, first.config.JWT_SECRET)
      fs.rmSync(other, { recursive: true })
      // Found readable by others (a copy, a restored backup): made private again, and the log says so.
      fs.chmodSync(file, 0o644)
      const reopened = withJwtSecret(loadConfig({ DATA_DIR: dir }))
      assert.equal(reopened.source.kind === 'file' && reopened.source.madePrivate, true)
      assert.equal(fs.statSync(file).mode & 0o777, 0o600)
      // JWT_SECRET, when set, wins.
      const STRONG = randomBytes(32).toString('base64')
      assert.equal(withJwtSecret(loadConfig({ DATA_DIR: dir, JWT_SECRET: STRONG })).config.JWT_SECRET, STRONG)
      // A damaged file is refused with what to do, never used.
      fs.writeFileSync(file, 'short\n')
      assert.throws(() => dataFolderSecret(dir), /holds no usable JWT secret .*delete it to generate a new one/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('operation documents use exactly the variables of spec section 7', () => {
  const SPEC: Record<string, string[]> = {
    Ad: ['recCodes', 'displayName'],
    Adjustment: ['poCode', 'page', 'needPreference', 'needCategoryDict', 'isModelPo', 'categoryType'],
    AdjustmentChart: ['poCode', 'categoryType', 'isModelPo'],
    Article: ['articleId'],
    allColumns: [],
    ColumnDetail: ['columnId', 'isRead', 'page'],
    Course: ['courseId', 'page'],
    PinnedCommunityPosts: ['poCode', 'isLongWin'],
    DailyNav: ['poCode', 'range', 'isLongWinS'],
    followersInfo: ['poCode', 'is0009'],
    longWinfollowersInfo: ['poCode'],
    toggleFollow: ['poCode', 'state'],
    InvestPlan: ['poCode', 'needQueryHolding'],
    InvestPlanFundComposition: ['poCode', 'isModelPo'],
    InvestPlanIntro: ['poCode'],
    InvestPlanModelPortfolio: ['poCode', 'isModelPo'],
    PoInvestorMessage: ['poCode'],
    PortfolioLatestSignal: ['poCode'],
    Longwin: ['poCode', 'needQueryHolding'],
    LongWinAcrHistory: ['poCode', 'range'],
    LongWinNavHistory: ['poCode', 'hasAdjustment', 'range', 'comparingIndexCode', 'hasComparingIndex', 'indexCode', 'isSInvested'],
    LongWinSignal: ['poCode'],
    NavHistory: ['poCode', 'hasExpeData', 'hasAdjustment', 'all', 'range', 'comparingIndexCode', 'hasComparingIndex', 'isModelPo'],
    SmartAipNavHistory: ['poCode', 'hasExpeData', 'hasAdjustment', 'all', 'range', 'comparingIndexCode', 'hasComparingIndex', 'isModelPo'],
    InvestPlanNavHistory: [
      'poCode',
      'hasExpeData',
      'hasAdjustment',
      'all',
      'range',
      'comparingIndexCode',
      'hasComparingIndex',
      'isModelPo',
      'investPlanCode',
    ],
    PoTradeRule: ['poCode', 'scene'],
    TimelinePosts: ['poCode', 'type', 'page'],
    AipAdvice: ['sigId'],
    RealFundHistory: ['range'],
  }
  for (const [name, expected] of Object.entries(SPEC)) {
    it(name, () => {
      const doc = parse(fs.readFileSync(path.join(__dirname, '..', 'operations', `${name}.graphql`), 'utf8'))
      const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)
      assert.ok(op && op.kind === Kind.OPERATION_DEFINITION && op.name?.value === name)
      assert.deepEqual((op.variableDefinitions ?? []).map((v) => v.variable.name.value).sort(), [...expected].sort())
    })
  }
  it('getLatestAipAdvices asks for a page of 5', () => {
    assert.match(
      fs.readFileSync(path.join(__dirname, '..', 'operations', 'getLatestAipAdvices.graphql'), 'utf8'),
      /aipAdvices\(page: \{ size: 5 \}\)/,
    )
  })
})

describe('live connection caps count a client as the rate limits do', () => {
  it('addresses of one IPv6 /64 share the per-address slots; another /64 and IPv4 do not', () => {
    const limiter = new ConnectionLimiter({ perAddress: 2, total: 100, maxLifetimeMs: 60_000 })
    const first = limiter.acquire('2001:db8:1:2::1')
    const second = limiter.acquire('2001:db8:1:2:ffff::9')
    assert.equal(typeof first, 'function')
    assert.equal(typeof second, 'function')
    assert.deepEqual(limiter.acquire('2001:db8:1:2::77'), { refused: '同一网络的直播连接过多，请关闭其他页面后再试' })
    assert.equal(typeof limiter.acquire('2001:db8:1:3::1'), 'function')
    assert.equal(typeof limiter.acquire('192.0.2.1'), 'function')
    if (typeof first === 'function') first()
    assert.equal(typeof limiter.acquire('2001:db8:1:2::78'), 'function')
  })
})
