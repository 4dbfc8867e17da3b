import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { seededDataDirCopy } from '../../../server/test/template'
import { ROOT } from './paths'

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string
  /** The server's stdout and stderr so far (for failure messages). */
  output(): string
  /** Stops the server (SIGTERM, then SIGKILL) and removes its temporary data folder. */
  stop(): Promise<void>
  /**
   * Stops the server as stop() does but keeps its data folder, runs `between` on that folder (an
   * import, as an operator of the embedded database does it), and starts it again on the same port;
   * resolves once it serves pages.
   */
  restart(between?: (dataDir: string) => Promise<void> | void): Promise<void>
}

export interface StartOptions {
  /** The H5 build to serve. */
  h5Dir: string
  /** How long start-up may take (the first start may generate the demo data). */
  startTimeoutMs?: number
  /** More environment for the server (e.g. LOG_LEVEL=info to read the development SMS sender's log). */
  env?: Record<string, string>
  /** Runs on the server's data folder before it starts (e.g. importing real funds into it). */
  prepare?: (dataDir: string) => Promise<void>
}

/** A free loopback port (the server is given it, so readiness is a plain HTTP poll). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** The server runs on the pinned Node.js LTS as in production (scripts/runtime.mjs), else on this Node. */
export const SERVER_NODE = (() => {
  try {
    const dir = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'runtime.mjs')], { encoding: 'utf8' }).trim()
    return path.join(dir, 'node')
  } catch {
    return process.execPath
  }
})()

const live = new Set<ChildProcess>()
// Last resort: never leave a server behind, whatever way this process ends.
process.on('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL')
})

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    try {
      child.kill(signal)
    } catch {
      /* already gone */
    }
  }
}

/**
 * Starts the project's own server (server/src/main.ts) on a free port with a private copy of the
 * seeded demo database, the given H5 build, NODE_ENV=test, LOG_LEVEL=warn and QA_TEST_LOGINS=true (its JWT secret is
 * generated in that folder); resolves once it serves pages.
 */
export async function startServer({
  h5Dir,
  startTimeoutMs = Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 300_000),
  env = {},
  prepare,
}: StartOptions): Promise<RunningServer> {
  const port = await freePort()
  // A copy of the seeded demo database: the server skips the 18 s of generating it (stop() removes it).
  const dataDir = await seededDataDirCopy()
  await prepare?.(dataDir)
  const origin = `http://127.0.0.1:${port}`
  let out = ''
  let child: ChildProcess
  let exited: Promise<void>
  const spawnServer = () => {
    child = spawn(SERVER_NODE, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
      cwd: ROOT,
      // Its own process group, so stop() also reaches anything it spawns.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        H5_DIR: h5Dir,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The suite logs in with the WeChat test code (lib/api.ts devLogin).
        QA_TEST_LOGINS: 'true',
        // One loopback address logs in and posts throughout the suite: the real limits are the reliability suite's.
        RATE_SMS_PER_ADDRESS_HOUR: '100000',
        RATE_LOGIN_PER_ADDRESS_HOUR: '100000',
        RATE_COMMENTS_PER_USER_MINUTE: '10000',
        RATE_TRACK_PER_ADDRESS_MINUTE: '100000',
        RATE_TRACK_GLOBAL_MINUTE: '10000000',
        RATE_WECHAT_REQ_PER_ADDRESS_MINUTE: '100000',
        GRAPHQL_MAX_PER_ADDRESS: '1000',
        ...env,
      },
    })
    live.add(child)
    child.stdout?.on('data', (b: Buffer) => (out += b.toString()))
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()))
    const started = child
    exited = new Promise<void>((resolve) => started.once('exit', () => resolve()))
  }

  /** Ends the process (SIGTERM, then SIGKILL after 10 s) and waits for it. */
  const end = async () => {
    killGroup(child, 'SIGTERM')
    const killer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
    live.delete(child)
  }
  const stop = async () => {
    await end()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  /** Resolves once the server answers its home page; stops it and throws when it exits or takes too long. */
  const ready = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await stop()
        throw new Error(`the server exited during start-up (${child.exitCode ?? child.signalCode}):\n${out}`)
      }
      try {
        const res = await fetch(`${origin}/pages/home/index`, { signal: AbortSignal.timeout(5_000) })
        await res.arrayBuffer()
        if (res.ok) break
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`the server did not serve ${origin}/pages/home/index within ${startTimeoutMs} ms:\n${out}`)
      }
      await new Promise((r) => setTimeout(r, 250))
    }
  }

  spawnServer()
  await ready(startTimeoutMs)
  const restart = async (between?: (dataDir: string) => Promise<void> | void) => {
    await end()
    await between?.(dataDir)
    spawnServer()
    await ready(startTimeoutMs)
  }
  return { origin, output: () => out, stop, restart }
}
