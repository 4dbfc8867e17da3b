import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createSign } from '@alfa/common/sign'
import { PG_BIN } from '../test/helpers'

/**
 * A real server process for the reliability suite: server/src/main.ts on a free port, with the
 * environment given. Its output is kept for the failure message.
 */
export interface ServerProcess {
  origin: string
  port: number
  child: ChildProcess
  output(): string
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string>
  stop(signal?: NodeJS.Signals): Promise<number | string>
}

export const ROOT = path.resolve(__dirname, '..', '..')
export const MAIN = path.join(ROOT, 'server', 'src', 'main.ts')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** Headers every API call carries. */
export const apiHeaders = (extra: Record<string, string> = {}) => ({ 'x-sign': createSign(), 'x-broker': '0008', ...extra })

/** The test servers' JWT secret: random per run; tests that sign tokens themselves use it. */
export const TEST_JWT_SECRET = randomBytes(32).toString('base64url')

/** Environment of a test server: NODE_ENV=test, quiet, no H5 build, TEST_JWT_SECRET (QA test logins off). */
export function serverEnv(port: number, dataDir: string | undefined, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: String(port),
    H5_DIR: path.join(os.tmpdir(), 'alfa-no-h5'),
    ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: '' } : {}),
    LOG_LEVEL: 'warn',
    ...extra,
  }
}

/** Starts main.ts and waits until it answers (or exits). */
export async function startServerProcess(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = Number(env.PORT)
  const origin = `http://127.0.0.1:${port}`
  let out = ''
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (b) => (out += b))
  child.stderr.on('data', (b) => (out += b))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  // A test that times out does not run its finally blocks: no server outlives the run.
  process.once('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  let done = false
  void exited.then(() => (done = true))
  const deadline = Date.now() + timeoutMs
  while (!done) {
    try {
      const res = await fetch(`${origin}/alfa/v1/user/ab-test`, { headers: apiHeaders(), signal: AbortSignal.timeout(2000) })
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start in ${timeoutMs} ms:\n${out.slice(-3000)}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  if (done) throw new Error(`server exited before it answered (${await exited}):\n${out.slice(-3000)}`)
  return {
    origin,
    port,
    child,
    output: () => out,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** One GraphQL call over HTTP. */
export async function gqlHttp(
  origin: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${origin}/alfa/v1/graphql`, {
    method: 'POST',
    headers: apiHeaders({ 'content-type': 'application/json', ...headers }),
    body: JSON.stringify({ query, variables }),
  })
  return {
    status: res.status,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the suites read answers by path; the shapes are the schema's (generated/resolvers.ts)
    body: (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> },
  }
}

/** Logs a phone in by SMS against a server whose SMS sender is the log (reads the code from its output). */
export async function smsLogin(server: ServerProcess, phone: string): Promise<string> {
  const sent = await fetch(`${server.origin}/alfa/v1/user/sms/send`, {
    method: 'POST',
    headers: apiHeaders({ 'content-type': 'application/json' }),
    body: JSON.stringify({ phone }),
  })
  if (sent.status !== 200) throw new Error(`sms send ${sent.status} ${await sent.text()}`)
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`
  let code: string | undefined
  for (let i = 0; i < 50 && !code; i++) {
    code = [...server.output().matchAll(new RegExp(`login code for ${masked.replace(/\*/g, '\\*')}: (\\d{6})`, 'g'))].at(-1)?.[1]
    if (!code) await new Promise((r) => setTimeout(r, 100))
  }
  if (!code) throw new Error('no SMS code in the server log')
  const res = await fetch(`${server.origin}/alfa/v1/user/sms/login`, {
    method: 'POST',
    headers: apiHeaders({ 'content-type': 'application/json' }),
    body: JSON.stringify({ phone, code }),
  })
  if (res.status !== 200) throw new Error(`sms login ${res.status} ${await res.text()}`)
  return ((await res.json()) as { data: { token: string } }).data.token
}

/**
 * Sends raw bytes to the server (from `localAddress` if given: any 127.x address on Linux) and
 * returns everything it answers until it closes the connection, or after `waitMs`.
 */
export function rawExchange(port: number, request: string, opts: { localAddress?: string; waitMs?: number } = {}): Promise<string> {
  return new Promise((resolve) => {
    let out = ''
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: opts.localAddress }, () => socket.write(request))
    socket.on('data', (d: Buffer) => (out += d.toString()))
    socket.on('close', () => resolve(out))
    socket.on('error', () => resolve(out))
    setTimeout(() => socket.destroy(), opts.waitMs ?? 5000).unref()
  })
}

/** A live connection opened over a raw socket: its status, a refusal's body, and the socket (open on 101 or 200). */
export interface RawLive {
  status: number
  body: string
  socket: net.Socket
}

/** The request line and headers of a live connection: an event stream (`sse`) or a WebSocket upgrade (`ws`). */
export function liveRequest(kind: 'sse' | 'ws', liveId: string, headers: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    host: 'localhost',
    'x-sign': createSign(),
    'x-broker': '0008',
    ...(kind === 'ws'
      ? { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' }
      : {}),
    ...headers,
  }
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`)
  return `GET /alfa/v1/live/${liveId}/${kind === 'ws' ? 'ws' : 'stream'} HTTP/1.1\r\n${lines.join('')}\r\n`
}

/**
 * Opens a live connection over a raw socket and resolves once the answer's head is read (with the
 * body of a refusal). The caller destroys the socket to end it.
 */
export function openRawLive(
  port: number,
  kind: 'sse' | 'ws',
  opts: { liveId?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<RawLive> {
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0)
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: opts.localAddress }, () =>
      socket.write(liveRequest(kind, opts.liveId ?? 'LIVE001', opts.headers)),
    )
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer to a ${kind} connection in 15 s: ${data.toString()}`))
    }, 15_000)
    const done = (status: number, body: string) => {
      clearTimeout(timer)
      socket.removeAllListeners('data')
      resolve({ status, body, socket })
    }
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      reject(new Error(`the ${kind} connection closed before its answer: ${data.toString()}`))
    })
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk])
      const end = data.indexOf('\r\n\r\n')
      if (end < 0) return
      const head = data.subarray(0, end).toString()
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
      if (status === 101 || status === 200) return done(status, '')
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
      if (data.length >= end + 4 + length) done(status, data.subarray(end + 4, end + 4 + length).toString())
    })
  })
}

/** Retries `attempt` until it gives a value (or the time is up: then the last error is thrown). */
export async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 30_000, pauseMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await attempt()
    } catch (err) {
      if (Date.now() > deadline) throw err
      await new Promise((r) => setTimeout(r, pauseMs))
    }
  }
}

/**
 * `pg_ctl restart` (fast mode: every session is ended) of a throwaway cluster made by
 * test/helpers.ts startPostgres, found from its url; returns when it accepts connections again.
 */
export function restartPostgres(url: string): void {
  const dir = new URL(url).searchParams.get('host')
  if (!dir) throw new Error(`no socket folder in ${url}`)
  const args = ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'log'), '-w', '-m', 'fast', 'restart']
  const pgCtl = path.join(PG_BIN, 'pg_ctl')
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  else execFileSync(pgCtl, args, { stdio: ['ignore', 'pipe', 'pipe'] })
}
