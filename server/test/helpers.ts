import { after, before } from 'node:test'
import { randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { RawData } from 'ws'
import { buildApp, type AppOptions } from '../src/app'
import { loadConfig, type Config } from '../src/config'
import { migrate, openDatabase, type Database } from '../src/db'
import { isEmpty, seedDemoData } from '../src/demo/seed'
import { createSign } from '@alfa/common/sign'
import { seededTemplate } from './template'

export { seededDataDirCopy } from './template'

/** A private, seeded PGlite data folder for one test file (a copy of the template, removed at exit). */
export async function pgliteTestDatabase(): Promise<{ database: Database; dataDir: string }> {
  const template = await seededTemplate()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-pglite-test-'))
  fs.cpSync(template, dataDir, { recursive: true })
  process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  const database = await openDatabase({ dataDir })
  await migrate(database)
  return { database, dataDir }
}

/**
 * The app on a private copy of the seeded PGlite database for one test file: registers the
 * before/after hooks and hands out the running app (`app.t`) and its database.
 */
export function useTestApp(): { readonly t: TestApp; readonly database: Database } {
  const state = {} as { t: TestApp; database: Database }
  before(async () => {
    state.database = (await pgliteTestDatabase()).database
    state.t = await startApp(state.database)
  })
  after(async () => {
    await state.t?.app.close()
    await state.database?.close()
  })
  return state
}

export const PG_BIN = '/usr/lib/postgresql/15/bin'

export interface ThrowawayPostgres {
  url: string
  /** Stops the cluster the way a crash would (immediate mode: no checkpoint, crash recovery on the next start), then starts it again. */
  crashAndRestart(): void
  stop(): void
}

/**
 * A throwaway PostgreSQL 15 cluster on a unix socket in a temporary folder, run as the postgres
 * user. Fast by default (fsync and synchronous commit off: a test cluster need not survive a
 * crash); `durable` keeps PostgreSQL's own defaults, for tests that crash it.
 */
export function startPostgres(opts: { durable?: boolean } = {}): ThrowawayPostgres {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-pg-'))
  fs.chmodSync(dir, 0o777)
  const data = path.join(dir, 'data')
  const port = String(20000 + Math.floor(Math.random() * 30000))
  // initdb refuses root: as root, run the binaries as the postgres user; otherwise as ourselves.
  const asRoot = process.getuid?.() === 0
  const asPostgres = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : execFileSync(path.join(PG_BIN, cmd), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale'])
  const fast = opts.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-k ${dir} -p ${port} -c listen_addresses=''${fast}`,
      'start',
    ])
  start()
  asPostgres('createdb', ['-h', dir, '-p', port, '-U', 'postgres', 'alfa'])
  return {
    url: `postgresql://postgres@localhost/alfa?host=${encodeURIComponent(dir)}&port=${port}`,
    crashAndRestart() {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      start()
    },
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

export async function seededPostgres(url: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 5 })
  await migrate(database)
  if (await isEmpty(database)) await seedDemoData(database)
  return database
}

export interface TestApp {
  app: FastifyInstance
  sms: Map<string, string>
  config: Config
}

/**
 * Rate limits of the test apps: far above what a suite does from its one loopback address (the
 * reliability suite checks the real limits with the defaults).
 */
export const TEST_RATE_LIMITS = {
  RATE_SMS_PER_ADDRESS_HOUR: 100_000,
  RATE_SMS_GLOBAL_HOUR: 1_000_000,
  RATE_LOGIN_PER_ADDRESS_HOUR: 100_000,
  RATE_COMMENTS_PER_USER_MINUTE: 10_000,
  RATE_TRACK_PER_ADDRESS_MINUTE: 100_000,
  RATE_TRACK_GLOBAL_MINUTE: 10_000_000,
  RATE_WECHAT_REQ_PER_ADDRESS_MINUTE: 100_000,
  GRAPHQL_MAX_PER_ADDRESS: 1_000,
} satisfies Partial<Config>

/** The test apps' JWT secret: random per run (no secret is written in the code); tests sign with t.config.JWT_SECRET. */
export const TEST_JWT_SECRET = randomBytes(32).toString('base64url')

/**
 * The environment of a test app: NODE_ENV=test, quiet, its own JWT secret, and the QA test logins
 * on (the WeChat and Baidu test codes, the fixed JS-SDK ticket), which the suites log in with.
 */
export const TEST_APP_ENV = { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, QA_TEST_LOGINS: 'true' }

export async function startApp(
  database: Database,
  overrides: Partial<Config> = {},
  options: Omit<AppOptions, 'database' | 'smsSender'> = {},
): Promise<TestApp> {
  const config = loadConfig(TEST_APP_ENV, {
    H5_DIR: path.join(os.tmpdir(), 'alfa-no-h5'),
    ...TEST_RATE_LIMITS,
    ...overrides,
  })
  const sms = new Map<string, string>()
  // A functional test on a busy machine (two suite files at a time) must not meet the 10 s budget's 503: tests of the budget set their own.
  const graphql = { timeBudgetMs: 60_000, ...options.graphql }
  const app = await buildApp(config, { ...options, graphql, database, smsSender: async (phone, code) => void sms.set(phone, code) })
  return { app, sms, config }
}

/** Headers every API call carries. */
/** A WebSocket message as text (ws hands a Buffer, or chunks, or an ArrayBuffer). */
export function messageText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString()
  return (Buffer.isBuffer(raw) ? raw : Buffer.from(raw)).toString()
}

export function apiHeaders(extra: Record<string, string> = {}, broker = '0008'): Record<string, string> {
  return { 'x-sign': createSign(), 'x-broker': broker, ...extra }
}

export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
}

/** Logs in through the SMS flow and returns a bearer token. */
export async function login(t: TestApp, phone = randomPhone()): Promise<string> {
  const send = await t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/send', headers: apiHeaders(), payload: { phone } })
  if (send.statusCode !== 200) throw new Error(`sms send ${send.statusCode} ${send.body}`)
  const res = await t.app.inject({
    method: 'POST',
    url: '/alfa/v1/user/sms/login',
    headers: apiHeaders(),
    payload: { phone, code: t.sms.get(phone) },
  })
  if (res.statusCode !== 200) throw new Error(`sms login ${res.statusCode} ${res.body}`)
  return res.json().data.token
}

export async function gql(t: TestApp, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/alfa/v1/graphql',
    headers: apiHeaders({ 'content-type': 'application/json', ...headers }),
    payload: { query, variables },
  })
  return {
    status: res.statusCode,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the suites read answers by path; the shapes are the schema's (generated/resolvers.ts)
    body: res.json<{ data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> }>(),
    raw: res,
  }
}

export const OPERATIONS_DIR = path.join(__dirname, '..', 'operations')
export const operation = (name: string) => fs.readFileSync(path.join(OPERATIONS_DIR, `${name}.graphql`), 'utf8')
