import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createSign } from '@alfa/common/sign'

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
  child.stdout!.on('data', (b) => (out += b))
  child.stderr!.on('data', (b) => (out += b))
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
