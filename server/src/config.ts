import { createHash } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import { dataFolderSecret } from './account/tokens'
import { parseAssetClassReturns } from './portfolio/expected'

const ROOT = path.resolve(__dirname, '..', '..')

/** Stand-ins that only work outside production: the QA test logins' codes and a fixed JS-SDK ticket, and a placeholder Baidu key. */
export const QA_WECHAT_TEST_CODE = 'dev-wechat-code'
export const QA_BAIDU_TEST_CODE = 'dev-baidu-code'
export const DEV_JSAPI_TICKET = 'dev-jsapi-ticket'
export const DEV_BAIDU_APP_KEY = 'dev-baidu-app-key'
/** SHA-256 of JWT secrets that were published (earlier versions shipped one in this file): refused in every mode. */
const PUBLISHED_JWT_SECRETS = new Set(['8a079f315a4c6b92e7e029b419e239ff35f7d0766abf1929156c51b139263d1a'])
/** The smallest estimated strength of a production JWT_SECRET (estimateSecretBits). */
export const MIN_JWT_SECRET_BITS = 128

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform(boolishParse)
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

/** What a start reminder's template fields hold: `key=source` pairs, comma-separated. */
export const TEMPLATE_SOURCES = ['title', 'startsAt', 'presenter', 'description'] as const
/** What a NAV alert's template fields hold. */
export const ALERT_TEMPLATE_SOURCES = ['fund', 'navDate', 'nav', 'change', 'condition'] as const
const fieldsOf = (sources: readonly string[]) =>
  z
    .string()
    .refine(
      (v) => v.split(',').every((pair) => new RegExp(`^\\s*\\w{1,32}\\s*=\\s*(${sources.join('|')})\\s*$`).test(pair)),
      `must be key=source pairs, comma-separated (sources: ${sources.join(', ')})`,
    )
const templateFields = fieldsOf(TEMPLATE_SOURCES)
const alertTemplateFields = fieldsOf(ALERT_TEMPLATE_SOURCES)

const schema = z.object({
  /**
   * production refuses every unsafe setting (PRODUCTION_RULES); anything else (unset, development,
   * test) is the default mode, which has no public secret and no test logins either: it only
   * allows conveniences (demo data, SMS codes in the log, GraphiQL) production refuses. Never
   * inferred from the address.
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Folder of the H5 build the server serves. */
  H5_DIR: z
    .string()
    .default(path.join(ROOT, 'dist', 'h5'))
    .transform((p) => path.resolve(p)),
  /** How long a page's HTML waits for its screen's first answer (server/src/h5.ts); 0: pages carry none. */
  H5_FIRST_ANSWER_MS: count(0, 60_000).default(300),
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** Data folder of the embedded database. */
  DATA_DIR: z
    .string()
    .default(path.join(ROOT, 'server', '.data'))
    .transform((p) => path.resolve(p)),
  /**
   * HS256 key. Unset: the embedded database's data folder keeps one, generated at random on first
   * start (withJwtSecret); with DATABASE_URL it is required (instances sharing a database share it).
   */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo data set into an empty database on start (default: on; off in production, which refuses it). */
  SEED_DEMO: boolish.optional(),
  /** Check x-sign and x-broker on API calls (turn off only to explore the API by hand; refused in production). */
  SIGN_REQUIRED: boolish.default('true'),
  /** Serve GraphiQL on GET /alfa/v1/graphql (refused in production). */
  GRAPHIQL: boolish.default('false'),
  /** SMS sender: 'log' prints the code to the server log (refused in production); 'none' refuses to send (503). */
  SMS_SENDER: z.enum(['log', 'none']).default('log'),
  /** WeChat: app id and secret for code2session, jsapi_ticket for JS-SDK share signatures. */
  WECHAT_APP_ID: z.string().default('wx0000000000000000'),
  WECHAT_APP_SECRET: z.string().default(''),
  /** A fixed jsapi_ticket outside production (a real one expires within two hours: production fetches it, see below); QA_TEST_LOGINS defaults it to a dummy. */
  WECHAT_JSAPI_TICKET: z.string().optional(),
  /** WeChat's access-token and jsapi_ticket endpoints (cgi-bin/token, cgi-bin/ticket/getticket); set, the ticket is fetched and cached. */
  WECHAT_TOKEN_URL: z.string().default(''),
  /**
   * The JS-SDK belongs to the official account (公众号), whose app id and secret differ from the
   * mini-program's; empty means the same as WECHAT_APP_ID / WECHAT_APP_SECRET.
   */
  WECHAT_JSSDK_APP_ID: z.string().default(''),
  WECHAT_JSSDK_APP_SECRET: z.string().default(''),
  WECHAT_TICKET_URL: z.string().default(''),
  /** code2session endpoint; empty means nobody logs in with WeChat but QA_TEST_LOGINS' test code. */
  WECHAT_CODE2SESSION_URL: z.string().default(''),
  /**
   * QA test logins (for what can send a code of its choosing: scripts, the browser tests): the
   * WeChat and Baidu test codes below log in as anyone, and the JS-SDK signs with a fixed ticket.
   * Off unless set; refused in production; said in the start-up log.
   */
  QA_TEST_LOGINS: boolish.default('false'),
  /** The test codes (only with QA_TEST_LOGINS=true; defaults dev-wechat-code and dev-baidu-code; empty turns one off). */
  WECHAT_TEST_CODE: z.string().optional(),
  /** Baidu smart program app key (client_id; also the tail of the decrypted phone data). Empty turns Baidu login off. */
  BAIDU_APP_KEY: z.string().default(DEV_BAIDU_APP_KEY),
  /** Baidu smart program secret (sk) for the login-code exchange. */
  BAIDU_APP_SECRET: z.string().default(''),
  /** Baidu's jscode2sessionkey endpoint; empty means nobody logs in with Baidu but QA_TEST_LOGINS' test code. */
  BAIDU_CODE2SESSION_URL: z.string().default(''),
  BAIDU_TEST_CODE: z.string().optional(),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs, e.g.
   * 10.0.0.0/8). Empty: none, the client address is the socket's (a forged header changes nothing).
   */
  TRUST_PROXY: z.string().default(''),
  /** Browser origins besides the server's own that may call the API with credentials (comma-separated). */
  CORS_ORIGINS: z.string().default(''),
  /** Live comments: open SSE + WebSocket connections per client address, in all, and a connection's lifetime. */
  LIVE_MAX_PER_ADDRESS: count(1, 10_000).default(20),
  LIVE_MAX_CONNECTIONS: count(1, 1_000_000).default(2000),
  LIVE_MAX_LIFETIME_S: count(10, 86_400).default(3600),
  /** Live comments holding one of these words (comma-separated; case, width and spaces ignored) are refused: ContentBanned. */
  LIVE_BANNED_WORDS: z.string().default(''),
  /** The operator API (open and close live streams, remove comments) takes this token; unset, the API is off. */
  OPERATOR_TOKEN: z.string().min(32, 'OPERATOR_TOKEN must be at least 32 characters').optional(),
  /** How often due start reminders are looked for (besides right after an operator opens a stream). */
  LIVE_REMINDER_INTERVAL_S: count(5, 86_400).default(60),
  /** Start reminders on WeChat: the subscription template, its fields (template key=title|startsAt|presenter|description) and subscribeMessage.send. */
  WECHAT_LIVE_TEMPLATE_ID: z.string().default(''),
  WECHAT_LIVE_TEMPLATE_FIELDS: templateFields.default('thing1=title,time2=startsAt'),
  WECHAT_SUBSCRIBE_SEND_URL: z.string().default(''),
  /** Start reminders on Baidu: the subscription template, its fields, the access-token and subscribe-message endpoints. */
  BAIDU_LIVE_TEMPLATE_ID: z.string().default(''),
  BAIDU_LIVE_TEMPLATE_FIELDS: templateFields.default('keyword1=title,keyword2=startsAt'),
  BAIDU_TOKEN_URL: z.string().default(''),
  BAIDU_SUBSCRIBE_SEND_URL: z.string().default(''),
  /** NAV alerts as subscription messages (issue #25): the templates and their fields per platform (empty: 消息 only), and how often due ones are sent. */
  WECHAT_ALERT_TEMPLATE_ID: z.string().default(''),
  WECHAT_ALERT_TEMPLATE_FIELDS: alertTemplateFields.default('thing1=fund,date2=navDate,character_string3=nav,thing4=condition'),
  BAIDU_ALERT_TEMPLATE_ID: z.string().default(''),
  BAIDU_ALERT_TEMPLATE_FIELDS: alertTemplateFields.default('keyword1=fund,keyword2=navDate,keyword3=nav,keyword4=condition'),
  ALERT_SEND_INTERVAL_S: count(5, 86_400).default(60),
  /** GraphQL requests one client address may have running at once; more are answered 429. */
  GRAPHQL_MAX_PER_ADDRESS: count(1, 10_000).default(8),
  /** Rate limits (per fixed window, kept in the database so they hold across instances). */
  RATE_SMS_PER_ADDRESS_HOUR: count(1, 100_000).default(10),
  RATE_SMS_GLOBAL_HOUR: count(1, 10_000_000).default(2000),
  RATE_LOGIN_PER_ADDRESS_HOUR: count(1, 100_000).default(30),
  RATE_COMMENTS_PER_USER_MINUTE: count(1, 10_000).default(5),
  RATE_TRACK_PER_ADDRESS_MINUTE: count(1, 1_000_000).default(120),
  /** Tracking events (beacon events and share-SDK reports) a minute from every address together. */
  RATE_TRACK_GLOBAL_MINUTE: count(1, 100_000_000).default(6000),
  /** SMS login codes a phone number gets a day (besides once a minute and five an hour). */
  RATE_SMS_PER_PHONE_DAY: count(1, 1000).default(10),
  /** /utils/wechat-req calls per client address and minute. */
  RATE_WECHAT_REQ_PER_ADDRESS_MINUTE: count(1, 100_000).default(30),
  /**
   * The product's H5 host and main-brand hosts, as the build has them (comma-separated `host` or
   * `host:port`): /utils/wechat-req signs pages on these hosts only. Outside production both
   * empty mean localhost and 127.0.0.1.
   */
  ALFA_PRODUCT_HOST: z.string().default(''),
  ALFA_MAIN_HOSTS: z.string().default(''),
  /**
   * Each asset class's long-run annual return for a strategy's 预期年化收益 (portfolio/expected.ts):
   * `EQUITY=0.08,FIXED_INCOME=0.035,CASH=0.02,OVERSEA=0.07,COMMODITY=0.04` (the defaults; a class not
   * named keeps its default). Read when strategies are seeded or imported.
   */
  ASSET_CLASS_RETURNS: z
    .string()
    .default('')
    .refine(
      (v) => typeof parseAssetClassReturns(v) !== 'string',
      (v) => {
        const parsed = parseAssetClassReturns(v)
        return { message: typeof parsed === 'string' ? parsed : '' }
      },
    ),
  /**
   * The Sharpe ratio's risk-free rate, a yearly rate as a decimal (0.015 = 1.5%/yr, the one-year
   * deposit benchmark, the default): the resolvers' ctx.settings.riskFreeRate (context.ts) for every screen.
   */
  RISK_FREE_RATE: z.coerce.number().min(0).max(0.2).default(0.015),
  /** Days tracking events and share-SDK reports are kept. */
  TRACKING_RETENTION_DAYS: count(1, 3650).default(90),
})

function boolishParse(v: unknown) {
  return v === true || v === 'true' || v === '1'
}

type Parsed = z.infer<typeof schema>
type Resolved = 'SEED_DEMO' | 'JWT_SECRET' | 'WECHAT_TEST_CODE' | 'BAIDU_TEST_CODE' | 'WECHAT_JSAPI_TICKET'
export type Config = Omit<Parsed, Resolved> & {
  SEED_DEMO: boolean
  /** Empty until withJwtSecret reads the data folder's (when JWT_SECRET is unset). */
  JWT_SECRET: string
  /** Empty unless QA_TEST_LOGINS is on. */
  WECHAT_TEST_CODE: string
  BAIDU_TEST_CODE: string
  WECHAT_JSAPI_TICKET: string
}

const entropyBits = (xs: number[]) => {
  const counts = new Map<number, number>()
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1)
  let bits = 0
  for (const c of counts.values()) bits += c * Math.log2(xs.length / c)
  return bits
}

/**
 * A rough strength of a secret in bits: its length times the entropy of its characters' frequencies
 * (repeats count little), or of the steps between neighbouring characters when smaller (abcd…,
 * 1234… count little). 32 random bytes as hex or base64 score over 200; a word or a repeated
 * pattern well under 128.
 */
export function estimateSecretBits(secret: string): number {
  const codes = [...secret].map((c) => c.codePointAt(0)!)
  const steps = codes.slice(1).map((c, i) => c - codes[i])
  return Math.min(entropyBits(codes), entropyBits(steps) + (codes.length ? Math.log2(95) : 0))
}

/** Lowercase, uppercase, digits, others: how many the secret uses (a capital first letter does not count, as in a word). */
const characterClasses = (s: string) => {
  const t = s.charAt(0).toLowerCase() + s.slice(1)
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(t)).length
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/**
 * What production refuses, one rule per setting: each returns the reason when the value is a
 * development value or missing. A new setting with a development default adds its rule here.
 */
const PRODUCTION_RULES: Array<(c: Config) => string | null> = [
  (c) => {
    if (!c.JWT_SECRET) return null // generated at random in the data folder
    if (characterClasses(c.JWT_SECRET) < 2)
      return 'JWT_SECRET uses one kind of character only: set 32 random bytes, e.g. `openssl rand -base64 32`'
    const bits = estimateSecretBits(c.JWT_SECRET)
    return bits < MIN_JWT_SECRET_BITS
      ? `JWT_SECRET looks guessable (about ${Math.floor(bits)} bits estimated, ${MIN_JWT_SECRET_BITS} needed): set 32 random bytes, e.g. \`openssl rand -base64 32\``
      : null
  },
  (c) => (c.SMS_SENDER === 'log' ? 'SMS_SENDER=log prints login codes to the log: set SMS_SENDER=none (or a real sender)' : null),
  (c) => (c.QA_TEST_LOGINS ? 'QA_TEST_LOGINS=true lets fixed test codes log in as anyone' : null),
  (c) => (c.SEED_DEMO ? 'SEED_DEMO=true loads the demo data set (invented funds, a demo account) into an empty database' : null),
  (c) =>
    c.WECHAT_APP_ID && !c.WECHAT_APP_SECRET
      ? 'WECHAT_APP_SECRET is empty: set it, or set WECHAT_APP_ID= (empty) to turn WeChat login off'
      : null,
  (c) =>
    c.WECHAT_APP_ID && !c.WECHAT_CODE2SESSION_URL
      ? 'WECHAT_CODE2SESSION_URL is empty (nobody could log in with WeChat): set it, or set WECHAT_APP_ID= (empty)'
      : null,
  // The JS-SDK signs for the official account when WECHAT_JSSDK_APP_ID is set, even with mini-program login off.
  (c) =>
    (c.WECHAT_APP_ID || c.WECHAT_JSSDK_APP_ID) && !(c.WECHAT_TOKEN_URL && c.WECHAT_TICKET_URL)
      ? 'WECHAT_TOKEN_URL and WECHAT_TICKET_URL must be set (a fixed WECHAT_JSAPI_TICKET expires within two hours), or set WECHAT_APP_ID= and WECHAT_JSSDK_APP_ID= (empty)'
      : null,
  (c) =>
    c.BAIDU_APP_KEY === DEV_BAIDU_APP_KEY ? 'BAIDU_APP_KEY is the placeholder key: set the real one, or set BAIDU_APP_KEY= (empty)' : null,
  (c) =>
    c.BAIDU_APP_KEY && !c.BAIDU_APP_SECRET
      ? 'BAIDU_APP_SECRET is empty: set it, or set BAIDU_APP_KEY= (empty) to turn Baidu login off'
      : null,
  (c) =>
    c.BAIDU_APP_KEY && !c.BAIDU_CODE2SESSION_URL
      ? 'BAIDU_CODE2SESSION_URL is empty (nobody could log in with Baidu): set it, or set BAIDU_APP_KEY= (empty)'
      : null,
  (c) =>
    c.WECHAT_JSSDK_APP_ID && !c.WECHAT_JSSDK_APP_SECRET
      ? 'WECHAT_JSSDK_APP_SECRET is empty: set it with WECHAT_JSSDK_APP_ID, or leave both empty to use the mini-program app'
      : null,
  (c) =>
    c.OPERATOR_TOKEN && estimateSecretBits(c.OPERATOR_TOKEN) < MIN_JWT_SECRET_BITS
      ? 'OPERATOR_TOKEN looks guessable: set 32 random bytes, e.g. `openssl rand -base64 32`, or unset it to turn the operator API off'
      : null,
  (c) =>
    c.WECHAT_LIVE_TEMPLATE_ID && !(c.WECHAT_SUBSCRIBE_SEND_URL && c.WECHAT_TOKEN_URL)
      ? 'WECHAT_LIVE_TEMPLATE_ID is set without WECHAT_SUBSCRIBE_SEND_URL and WECHAT_TOKEN_URL (no start reminder could be sent): set them, or set WECHAT_LIVE_TEMPLATE_ID= (empty)'
      : null,
  (c) =>
    c.BAIDU_LIVE_TEMPLATE_ID && !(c.BAIDU_SUBSCRIBE_SEND_URL && c.BAIDU_TOKEN_URL)
      ? 'BAIDU_LIVE_TEMPLATE_ID is set without BAIDU_SUBSCRIBE_SEND_URL and BAIDU_TOKEN_URL (no start reminder could be sent): set them, or set BAIDU_LIVE_TEMPLATE_ID= (empty)'
      : null,
  (c) =>
    c.WECHAT_ALERT_TEMPLATE_ID && !(c.WECHAT_SUBSCRIBE_SEND_URL && c.WECHAT_TOKEN_URL)
      ? 'WECHAT_ALERT_TEMPLATE_ID is set without WECHAT_SUBSCRIBE_SEND_URL and WECHAT_TOKEN_URL (no NAV alert could be sent): set them, or set WECHAT_ALERT_TEMPLATE_ID= (empty)'
      : null,
  (c) =>
    c.BAIDU_ALERT_TEMPLATE_ID && !(c.BAIDU_SUBSCRIBE_SEND_URL && c.BAIDU_TOKEN_URL)
      ? 'BAIDU_ALERT_TEMPLATE_ID is set without BAIDU_SUBSCRIBE_SEND_URL and BAIDU_TOKEN_URL (no NAV alert could be sent): set them, or set BAIDU_ALERT_TEMPLATE_ID= (empty)'
      : null,
  (c) => (!c.SIGN_REQUIRED ? 'SIGN_REQUIRED=false turns the request signature check off' : null),
  (c) => (c.GRAPHIQL ? 'GRAPHIQL=true serves GraphiQL' : null),
]

/** What every mode refuses: published secrets, a shared database without a shared secret, test codes without QA logins. */
function everyModeProblems(data: Parsed): string[] {
  const problems: string[] = []
  if (data.JWT_SECRET && PUBLISHED_JWT_SECRETS.has(sha256(data.JWT_SECRET)))
    problems.push('JWT_SECRET is a published secret (an earlier version shipped it): anyone can sign tokens with it; set a random one')
  if (data.DATABASE_URL && !data.JWT_SECRET)
    problems.push(
      'JWT_SECRET is required with DATABASE_URL (every instance on the database must sign with it): e.g. `openssl rand -base64 32`',
    )
  if (!data.QA_TEST_LOGINS)
    for (const name of ['WECHAT_TEST_CODE', 'BAIDU_TEST_CODE'] as const)
      if (data[name]) problems.push(`${name} is set but QA_TEST_LOGINS is not true: set both for QA test logins, or neither`)
  return problems
}

/** Reads and validates configuration once, at start-up; production refuses unsafe values and says which. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${detail}`)
  }
  const data = parsed.data
  const invalid = everyModeProblems(data)
  if (invalid.length) throw new Error(`Invalid configuration:\n${invalid.map((p) => `  - ${p}`).join('\n')}`)
  const qa = data.QA_TEST_LOGINS
  const nodeEnv = 'NODE_ENV' in overrides ? overrides.NODE_ENV : data.NODE_ENV
  const config: Config = {
    ...data,
    SEED_DEMO: data.SEED_DEMO ?? nodeEnv !== 'production',
    JWT_SECRET: data.JWT_SECRET ?? '',
    WECHAT_TEST_CODE: qa ? (data.WECHAT_TEST_CODE ?? QA_WECHAT_TEST_CODE) : '',
    BAIDU_TEST_CODE: qa ? (data.BAIDU_TEST_CODE ?? QA_BAIDU_TEST_CODE) : '',
    WECHAT_JSAPI_TICKET: data.WECHAT_JSAPI_TICKET ?? (qa ? DEV_JSAPI_TICKET : ''),
    ...overrides,
  }
  if (config.NODE_ENV === 'production') {
    const problems = PRODUCTION_RULES.map((rule) => rule(config)).filter((p): p is string => p !== null)
    if (problems.length) {
      throw new Error(
        'Refusing to start in production (NODE_ENV=production) with unsafe settings:\n' +
          problems.map((p) => `  - ${p}`).join('\n') +
          '\nWithout NODE_ENV the server runs its default mode (demo data, SMS codes in the log): see server/README.md.',
      )
    }
  }
  return config
}

/** Where the JWT secret came from, for the start-up log. */
export type SecretSource = { kind: 'env' } | { kind: 'file'; file: string; created: boolean; madePrivate: boolean }

/**
 * The configuration with its JWT secret: JWT_SECRET when set, otherwise the data folder's own
 * (generated at random on first start, mode 0600). loadConfig refuses an unset JWT_SECRET with DATABASE_URL.
 */
export function withJwtSecret(config: Config): { config: Config; source: SecretSource } {
  if (config.JWT_SECRET) return { config, source: { kind: 'env' } }
  const own = dataFolderSecret(config.DATA_DIR)
  return {
    config: { ...config, JWT_SECRET: own.secret },
    source: { kind: 'file', file: own.file, created: own.created, madePrivate: own.madePrivate },
  }
}

/** The lowest Node.js major line still receiving security fixes that the server supports (scripts/runtime.mjs pins the LTS). */
export const MIN_NODE_MAJOR = 24

/** The start-up log's account of the mode: what is on that a deployment must know about (warn) and what is not. */
export function describeMode(
  config: Config,
  source: SecretSource,
  nodeVersion: string = process.versions.node,
): Array<{ level: 'info' | 'warn'; msg: string }> {
  const lines: Array<{ level: 'info' | 'warn'; msg: string }> = []
  const info = (msg: string) => lines.push({ level: 'info', msg })
  const warn = (msg: string) => lines.push({ level: 'warn', msg })
  if (Number(nodeVersion.split('.')[0]) < MIN_NODE_MAJOR)
    warn(
      `runtime: Node.js ${nodeVersion} gets no security fixes: run the server on Node.js ${MIN_NODE_MAJOR} or later (npm install puts the pinned LTS into runtime/, and npm start uses it)`,
    )
  else info(`runtime: Node.js ${nodeVersion}`)
  if (config.NODE_ENV === 'production') info('mode: production (NODE_ENV=production)')
  else
    info(
      `mode: default (NODE_ENV=${config.NODE_ENV ?? 'unset'}; not production: demo data and SMS codes in the log are allowed; NODE_ENV=production for a deployment, see server/README.md)`,
    )
  if (source.kind === 'env') info('JWT secret: JWT_SECRET')
  else {
    info(`JWT secret: ${source.created ? 'generated at random into' : 'read from'} ${source.file} (JWT_SECRET unset)`)
    if (source.madePrivate) warn(`${source.file} was readable by other users: now mode 0600`)
  }
  if (config.SMS_SENDER === 'log') warn('SMS_SENDER=log: login codes are written to this log, no SMS is sent')
  if (config.QA_TEST_LOGINS)
    warn(
      `QA_TEST_LOGINS=true: test logins are on — WeChat code ${JSON.stringify(config.WECHAT_TEST_CODE)} and Baidu code ${JSON.stringify(config.BAIDU_TEST_CODE)} log in as anyone (QA only, never on a public server)`,
    )
  else info('QA test logins: off (QA_TEST_LOGINS=true turns them on for the mini-program devtools)')
  if (config.SEED_DEMO) info('SEED_DEMO: an empty database gets the demo data set (演示数据)')
  info(
    config.OPERATOR_TOKEN
      ? 'operator API: on (OPERATOR_TOKEN; /alfa/v1/operator/...)'
      : 'operator API: off (set OPERATOR_TOKEN to open and close live streams and remove comments)',
  )
  return lines
}

/** Only where the database is (the importer needs nothing else, in any mode). */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> {
  return schema.pick({ DATABASE_URL: true, DATA_DIR: true }).parse(env)
}
