import path from 'node:path'
import { z } from 'zod'

const ROOT = path.resolve(__dirname, '..', '..')

/** Development defaults that must never reach production. */
const DEV_JWT_SECRET = 'alfa-development-secret-do-not-use-in-production'

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform(boolishParse)

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Folder of the H5 build the server serves. */
  H5_DIR: z.string().default(path.join(ROOT, 'dist', 'h5')).transform((p) => path.resolve(p)),
  /** PostgreSQL connection string; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** Data folder of the embedded database. */
  DATA_DIR: z.string().default(path.join(ROOT, 'server', '.data')).transform((p) => path.resolve(p)),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEV_JWT_SECRET),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo data set into an empty database on start. */
  SEED_DEMO: boolish.default('true'),
  /** Check x-sign and x-broker on API calls (turn off only to explore the API by hand). */
  SIGN_REQUIRED: boolish.default('true'),
  /** Serve GraphiQL on GET /alfa/v1/graphql. */
  GRAPHIQL: boolish.default('false'),
  /** SMS sender: 'log' prints the code to the server log (development); 'none' refuses to send. */
  SMS_SENDER: z.enum(['log', 'none']).default('log'),
  /** WeChat: app id and secret for code2session, jsapi_ticket for JS-SDK share signatures. */
  WECHAT_APP_ID: z.string().default('wx0000000000000000'),
  WECHAT_APP_SECRET: z.string().default(''),
  WECHAT_JSAPI_TICKET: z.string().default('dev-jsapi-ticket'),
  /** code2session endpoint; empty means only WECHAT_TEST_CODE logs in (never accepted in production). */
  WECHAT_CODE2SESSION_URL: z.string().default(''),
  WECHAT_TEST_CODE: z.string().default('dev-wechat-code'),
  /** Baidu smart program app key (the tail of the decrypted phone data). */
  BAIDU_APP_KEY: z.string().default('dev-baidu-app-key'),
})

function boolishParse(v: unknown) {
  return v === true || v === 'true' || v === '1'
}

export type Config = z.infer<typeof schema>

/** Reads and validates configuration once, at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${detail}`)
  }
  const config = { ...parsed.data, ...overrides }
  if (config.NODE_ENV === 'production' && config.JWT_SECRET === DEV_JWT_SECRET) {
    throw new Error('Refusing to start in production with the development JWT_SECRET: set JWT_SECRET')
  }

  return config
}
