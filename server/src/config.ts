import path from 'node:path'
import { z } from 'zod'

const ROOT = path.resolve(__dirname, '..', '..')

/** Development defaults that must never reach production. */
export const DEV_JWT_SECRET = 'alfa-development-secret-do-not-use-in-production'
export const DEV_JSAPI_TICKET = 'dev-jsapi-ticket'
export const DEV_BAIDU_APP_KEY = 'dev-baidu-app-key'

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform(boolishParse)
const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

const schema = z.object({
  /**
   * development and test allow the development defaults below; production (the default when
   * NODE_ENV is unset) refuses every one of them. `npm start` sets development only for a
   * loopback address (scripts/start.mjs).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Folder of the H5 build the server serves. */
  H5_DIR: z
    .string()
    .default(path.join(ROOT, 'dist', 'h5'))
    .transform((p) => path.resolve(p)),
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** Data folder of the embedded database. */
  DATA_DIR: z
    .string()
    .default(path.join(ROOT, 'server', '.data'))
    .transform((p) => path.resolve(p)),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEV_JWT_SECRET),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo data set into an empty database on start (default: on in development and test, off in production). */
  SEED_DEMO: boolish.optional(),
  /** Check x-sign and x-broker on API calls (turn off only to explore the API by hand; refused in production). */
  SIGN_REQUIRED: boolish.default('true'),
  /** Serve GraphiQL on GET /alfa/v1/graphql (refused in production). */
  GRAPHIQL: boolish.default('false'),
  /** SMS sender: 'log' prints the code to the server log (development only); 'none' refuses to send (503). */
  SMS_SENDER: z.enum(['log', 'none']).default('log'),
  /** WeChat: app id and secret for code2session, jsapi_ticket for JS-SDK share signatures. */
  WECHAT_APP_ID: z.string().default('wx0000000000000000'),
  WECHAT_APP_SECRET: z.string().default(''),
  /** A fixed jsapi_ticket for development (a real one expires within two hours: production fetches it, see below). */
  WECHAT_JSAPI_TICKET: z.string().default(DEV_JSAPI_TICKET),
  /** WeChat's access-token and jsapi_ticket endpoints (cgi-bin/token, cgi-bin/ticket/getticket); set, the ticket is fetched and cached. */
  WECHAT_TOKEN_URL: z.string().default(''),
  /**
   * The JS-SDK belongs to the official account (公众号), whose app id and secret differ from the
   * mini-program's; empty means the same as WECHAT_APP_ID / WECHAT_APP_SECRET.
   */
  WECHAT_JSSDK_APP_ID: z.string().default(''),
  WECHAT_JSSDK_APP_SECRET: z.string().default(''),
  WECHAT_TICKET_URL: z.string().default(''),
  /** code2session endpoint; empty means only WECHAT_TEST_CODE logs in (never accepted in production). */
  WECHAT_CODE2SESSION_URL: z.string().default(''),
  WECHAT_TEST_CODE: z.string().default('dev-wechat-code'),
  /** Baidu smart program app key (client_id; also the tail of the decrypted phone data). Empty turns Baidu login off. */
  BAIDU_APP_KEY: z.string().default(DEV_BAIDU_APP_KEY),
  /** Baidu smart program secret (sk) for the login-code exchange. */
  BAIDU_APP_SECRET: z.string().default(''),
  /** Baidu's jscode2sessionkey endpoint; empty means only BAIDU_TEST_CODE logs in (never accepted in production). */
  BAIDU_CODE2SESSION_URL: z.string().default(''),
  BAIDU_TEST_CODE: z.string().default('dev-baidu-code'),
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
  /** GraphQL requests one client address may have running at once; more are answered 429. */
  GRAPHQL_MAX_PER_ADDRESS: count(1, 10_000).default(8),
  /** Rate limits (per fixed window, kept in the database so they hold across instances). */
  RATE_SMS_PER_ADDRESS_HOUR: count(1, 100_000).default(10),
  RATE_SMS_GLOBAL_HOUR: count(1, 10_000_000).default(2000),
  RATE_LOGIN_PER_ADDRESS_HOUR: count(1, 100_000).default(30),
  RATE_COMMENTS_PER_USER_MINUTE: count(1, 10_000).default(5),
  RATE_TRACK_PER_ADDRESS_MINUTE: count(1, 1_000_000).default(120),
  /** Days tracking events and share-SDK reports are kept. */
  TRACKING_RETENTION_DAYS: count(1, 3650).default(90),
})

function boolishParse(v: unknown) {
  return v === true || v === 'true' || v === '1'
}

type Parsed = z.infer<typeof schema>
export type Config = Omit<Parsed, 'SEED_DEMO'> & { SEED_DEMO: boolean }

/**
 * What production refuses, one rule per setting: each returns the reason when the value is a
 * development value or missing. A new setting with a development default adds its rule here.
 */
const PRODUCTION_RULES: Array<(c: Config) => string | null> = [
  (c) => (c.JWT_SECRET === DEV_JWT_SECRET ? 'JWT_SECRET is the public development secret: set a random secret of 32+ characters' : null),
  (c) => (c.SMS_SENDER === 'log' ? 'SMS_SENDER=log prints login codes to the log: set SMS_SENDER=none (or a real sender)' : null),
  (c) =>
    c.WECHAT_APP_ID && !c.WECHAT_APP_SECRET
      ? 'WECHAT_APP_SECRET is empty: set it, or set WECHAT_APP_ID= (empty) to turn WeChat login off'
      : null,
  (c) =>
    c.WECHAT_APP_ID && !c.WECHAT_CODE2SESSION_URL
      ? 'WECHAT_CODE2SESSION_URL is empty (only the development test code would log in): set it, or set WECHAT_APP_ID= (empty)'
      : null,
  (c) =>
    c.WECHAT_APP_ID && !(c.WECHAT_TOKEN_URL && c.WECHAT_TICKET_URL)
      ? 'WECHAT_TOKEN_URL and WECHAT_TICKET_URL must be set (a fixed WECHAT_JSAPI_TICKET expires within two hours), or set WECHAT_APP_ID= (empty)'
      : null,
  (c) =>
    c.BAIDU_APP_KEY === DEV_BAIDU_APP_KEY ? 'BAIDU_APP_KEY is the development key: set the real one, or set BAIDU_APP_KEY= (empty)' : null,
  (c) =>
    c.BAIDU_APP_KEY && !c.BAIDU_APP_SECRET
      ? 'BAIDU_APP_SECRET is empty: set it, or set BAIDU_APP_KEY= (empty) to turn Baidu login off'
      : null,
  (c) =>
    c.BAIDU_APP_KEY && !c.BAIDU_CODE2SESSION_URL
      ? 'BAIDU_CODE2SESSION_URL is empty (only the development test code would log in): set it, or set BAIDU_APP_KEY= (empty)'
      : null,
  (c) =>
    c.WECHAT_JSSDK_APP_ID && !c.WECHAT_JSSDK_APP_SECRET
      ? 'WECHAT_JSSDK_APP_SECRET is empty: set it with WECHAT_JSSDK_APP_ID, or leave both empty to use the mini-program app'
      : null,
  (c) => (!c.SIGN_REQUIRED ? 'SIGN_REQUIRED=false turns the request signature check off' : null),
  (c) => (c.GRAPHIQL ? 'GRAPHIQL=true serves GraphiQL' : null),
]

/** Reads and validates configuration once, at start-up; production refuses development values and says which. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${detail}`)
  }
  const data = parsed.data
  const config: Config = { ...data, SEED_DEMO: data.SEED_DEMO ?? data.NODE_ENV !== 'production', ...overrides }
  if (config.NODE_ENV === 'production') {
    const problems = PRODUCTION_RULES.map((rule) => rule(config)).filter((p): p is string => p !== null)
    if (problems.length) {
      throw new Error(
        `Refusing to start in production (NODE_ENV=${env.NODE_ENV ?? 'unset, which means production'}) with development settings:\n` +
          problems.map((p) => `  - ${p}`).join('\n') +
          '\nFor local development run with NODE_ENV=development (npm start does so on a loopback address).',
      )
    }
  }
  return config
}

/** Only where the database is (the importer needs nothing else, in any mode). */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> {
  return schema.pick({ DATABASE_URL: true, DATA_DIR: true }).parse(env)
}

/** Whether an address is this machine's own (development settings are only served there by npm start). */
export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host)
