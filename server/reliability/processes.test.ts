import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { openDatabase } from '../src/db'
import { formatLockRecord, LOCK_FILE, processStartTime } from '../src/db/lock'
import { seededDataDirCopy } from '../test/helpers'
import { SignJWT } from 'jose'
import { JWT_SECRET_FILE, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../src/account/tokens'
import { apiHeaders, freePort, gqlHttp, MAIN, ROOT, serverEnv, smsLogin, startServerProcess, type ServerProcess } from './lib'

/**
 * The server as processes: supervised by `npm start` (finding 1), its first start killed while
 * it seeds (finding 7), and a second process on the same embedded data folder (finding 8).
 */

/** Exit code of a configuration problem (server/src/main.ts; importing main.ts would start a server). */
const EXIT_CONFIG = 78
/** Tables the server writes as it runs, not the seed. */
const RUNTIME_TABLES = ['rate_limits', 'revoked_tokens', 'sms_codes', 'tracking_events']

/** Spawns a node process with tsx and collects its output. */
function spawnNode(args: string[], env: NodeJS.ProcessEnv) {
  let out = ''
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (b) => (out += b))
  child.stderr.on('data', (b) => (out += b))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)))
  // A test that times out does not run its finally blocks: nothing started here outlives the run.
  process.once('exit', () => killIfRunning(child))
  return { child, exited, output: () => out }
}

async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs: number, output?: () => string): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${output ? `:\n${output().slice(-3000)}` : ''}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const answers = async (origin: string) => {
  try {
    return (await fetch(`${origin}/alfa/v1/user/ab-test`, { headers: apiHeaders(), signal: AbortSignal.timeout(2000) })).status === 200
  } catch {
    return false
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The pid in a data folder's lock file: the server process that holds it. */
const lockHolder = (dataDir: string) => {
  try {
    return Number.parseInt(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'), 10) || 0
  } catch {
    return 0
  }
}

/** Bytes of the files under a folder. */
function dirSize(dir: string): number {
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    try {
      total += entry.isDirectory() ? dirSize(p) : fs.statSync(p).size
    } catch {
      // removed meanwhile
    }
  }
  return total
}

function killIfRunning(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

describe('1. npm start supervises the server', () => {
  it('a server killed under `npm start` is started again, and the log says so; SIGTERM stops both', { timeout: 120_000 }, async () => {
    const dataDir = await seededDataDirCopy()
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    // H5_DIR: the server serves that (missing) build, so start.mjs builds nothing.
    const supervisor = spawnNode([path.join(ROOT, 'scripts', 'start.mjs')], serverEnv(port, dataDir))
    let server = 0
    // The server is the supervisor's child: killed here too if the test ends early (a timeout runs no finally).
    const killServer = () => {
      if (server && alive(server)) process.kill(server, 'SIGKILL')
    }
    process.once('exit', killServer)
    try {
      await until('the server to answer', () => answers(origin), 90_000, supervisor.output)
      server = await until('the lock file', () => lockHolder(dataDir), 5_000)
      assert.notEqual(server, supervisor.child.pid)
      process.kill(server, 'SIGKILL')
      await until(
        'the supervisor to report the crash',
        () => /\[supervisor\] the server stopped unexpectedly \(SIGKILL\); restarting in 1 s \(restart 1\)/.test(supervisor.output()),
        10_000,
        supervisor.output,
      )
      assert.equal(supervisor.child.exitCode, null, 'the supervisor keeps running')
      await until(
        'the restarted server to answer',
        async () => (await answers(origin)) && lockHolder(dataDir) !== server,
        90_000,
        supervisor.output,
      )
      server = lockHolder(dataDir)
      supervisor.child.kill('SIGTERM')
      assert.equal(await supervisor.exited, 0)
      await until('the server to stop with its supervisor', () => !alive(server), 10_000)
      assert.equal(await answers(origin), false)
    } finally {
      killIfRunning(supervisor.child)
      killServer()
      process.off('exit', killServer)
    }
  })

  it('a configuration error is not retried: the supervisor exits with the server’s code 78', { timeout: 60_000 }, async () => {
    const port = await freePort()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-cfg-'))
    const supervisor = spawnNode([path.join(ROOT, 'scripts', 'start.mjs')], serverEnv(port, dataDir, { PORT: 'not-a-port' }))
    try {
      assert.equal(await supervisor.exited, EXIT_CONFIG, supervisor.output())
      assert.match(supervisor.output(), /Invalid configuration: PORT/)
      assert.doesNotMatch(supervisor.output(), /restarting/)
    } finally {
      killIfRunning(supervisor.child)
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('npm start with no settings (issue 19)', () => {
  it(
    'on a loopback address (as behind nginx) it is not development: no published secret, no test logins; its random secret survives a restart',
    { timeout: 240_000 },
    async () => {
      const dataDir = await seededDataDirCopy()
      const port = await freePort()
      const origin = `http://127.0.0.1:${port}`
      // Nothing but where to listen and the data folder: no NODE_ENV, no JWT_SECRET, no QA_TEST_LOGINS.
      const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' }
      for (const name of ['NODE_ENV', 'JWT_SECRET', 'QA_TEST_LOGINS', 'WECHAT_TEST_CODE', 'BAIDU_TEST_CODE', 'LOG_LEVEL', 'SEED_DEMO'])
        delete env[name]
      env.H5_DIR = path.join(os.tmpdir(), 'alfa-no-h5')
      const me = async (token: string) =>
        (await fetch(`${origin}/alfa/v1/user/info/detail`, { headers: apiHeaders({ authorization: `Bearer ${token}` }) })).status
      let token = ''
      for (const run of ['first', 'second']) {
        const supervisor = spawnNode([path.join(ROOT, 'scripts', 'start.mjs')], env)
        try {
          await until('the server to answer', () => answers(origin), 90_000, supervisor.output)
          await until('the mode in the log', () => /QA test logins: off/.test(supervisor.output()), 10_000, supervisor.output)
          const out = supervisor.output()
          assert.match(out, /mode: default \(NODE_ENV=unset; not production/)
          assert.doesNotMatch(out, /development mode/)
          assert.match(out, new RegExp(`JWT secret: ${run === 'first' ? 'generated at random into' : 'read from'} .*${JWT_SECRET_FILE}`))
          assert.match(out, /SMS_SENDER=log: login codes are written to this log/)
          if (run === 'first') {
            // Signed with the secret earlier versions published in server/src/config.ts.
            const forged = await new SignJWT({})
              .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
              .setSubject('u_demo')
              .setIssuer(TOKEN_ISSUER)
              .setAudience(TOKEN_AUDIENCE)
              .setJti('forged')
              .setIssuedAt()
              .setExpirationTime('1h')
              .sign(new TextEncoder().encode('alfa-development-secret-do-not-use-in-production'))
            assert.equal(await me(forged), 401)
            const wechat = await fetch(`${origin}/alfa/v1/user/wechat/login`, {
              method: 'POST',
              headers: apiHeaders({ 'content-type': 'application/json' }),
              body: JSON.stringify({ code: 'dev-wechat-code' }),
            })
            assert.equal(wechat.status, 400)
            token = await smsLogin({ origin, output: supervisor.output } as ServerProcess, '13800000000')
            assert.equal(fs.statSync(path.join(dataDir, JWT_SECRET_FILE)).mode & 0o077, 0, 'the secret is readable by its owner only')
          }
          // The token of the first run is still good after the restart: the secret is the data folder's.
          assert.equal(await me(token), 200)
          supervisor.child.kill('SIGTERM')
          assert.equal(await supervisor.exited, 0)
        } finally {
          killIfRunning(supervisor.child)
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  )
})

describe('7. seeding is all or nothing', () => {
  it(
    'a first start killed in the middle of seeding leaves no half-loaded data; the next start loads all of it',
    { timeout: 600_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-seed-kill-'))
      process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
      const port = await freePort()
      const env = serverEnv(port, dataDir, { LOG_LEVEL: 'info' })
      // Killed half-way through the NAV rows (a complete seed is about 320 MB on disk; the funds
      // are written before their NAVs and the portfolios after them): the issue found such a start
      // left 520 funds and 0 portfolios for good. The seed's log lines cannot time the kill: the
      // log is written when the busy event loop lets it.
      const first = spawnNode(['--import', 'tsx', MAIN], env)
      try {
        await until('the seed to write 150 MB', () => first.child.exitCode === null && dirSize(dataDir) > 150e6, 300_000, first.output)
        first.child.kill('SIGKILL')
        await first.exited
      } finally {
        killIfRunning(first.child)
      }
      assert.doesNotMatch(first.output(), /demo data loaded/, 'the kill came after the seed had finished')

      // What the kill left: nothing (the seed is one transaction).
      const left = await openDatabase({ dataDir })
      try {
        const [{ funds }] = await left.query<{ funds: number }>('select count(*)::int as funds from funds')
        assert.equal(funds, 0, 'funds left behind by the killed seed')
      } finally {
        await left.close()
      }

      // The next start seeds everything: the same rows as a complete seed, table by table.
      const server = await startServerProcess(env, 300_000)
      try {
        const r = await gqlHttp(server.origin, '{ funds(page: { size: 1 }) { totalCount } portfolios(page: { size: 1 }) { totalCount } }')
        assert.equal(r.status, 200, JSON.stringify(r.body))
        assert.equal(r.body.data.funds.totalCount, 520)
        assert.ok(r.body.data.portfolios.totalCount > 0)
      } finally {
        await server.stop()
      }
      const counts = async (dir: string) => {
        const database = await openDatabase({ dataDir: dir })
        try {
          const tables = await database.query<{ name: string }>(
            `select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely%' and not (tablename = any($1)) order by 1`,
            [RUNTIME_TABLES],
          )
          const out: Record<string, number> = {}
          for (const { name } of tables) out[name] = (await database.query<{ n: number }>(`select count(*)::int as n from ${name}`))[0].n
          return out
        } finally {
          await database.close()
        }
      }
      const template = await seededDataDirCopy()
      try {
        const expected = await counts(template)
        assert.ok(Object.keys(expected).length >= 30 && expected.fund_navs > 1_000_000, JSON.stringify(expected))
        assert.deepEqual(await counts(dataDir), expected)
      } finally {
        for (const dir of [template, dataDir]) fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})

describe('8. one process per embedded data folder', () => {
  it(
    'a second server on the folder of a running one is refused with a message saying what to do; the first keeps serving',
    { timeout: 120_000 },
    async () => {
      const dataDir = await seededDataDirCopy()
      const first = await startServerProcess(serverEnv(await freePort(), dataDir))
      try {
        const second = spawnNode(['--import', 'tsx', MAIN], serverEnv(await freePort(), dataDir))
        try {
          const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve('still running after 60 s'), 60_000).unref())
          assert.equal(await Promise.race([second.exited, stillRunning]), EXIT_CONFIG, second.output())
        } finally {
          killIfRunning(second.child)
        }
        const escaped = dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        assert.match(
          second.output(),
          new RegExp(
            `the embedded database in ${escaped} is in use by process ${first.child.pid} \\(a running server or import\\)\\. Stop that process first, or use PostgreSQL \\(DATABASE_URL\\)`,
          ),
        )
        // The first server still reads and writes its data.
        assert.equal(await answers(first.origin), true)
        const r = await gqlHttp(first.origin, '{ fund(fundCode: "000001") { fundCode } }')
        assert.equal(r.body.data.fund.fundCode, '000001')
        assert.equal(lockHolder(dataDir), first.child.pid)
      } finally {
        await first.stop()
      }
      assert.equal(fs.existsSync(path.join(dataDir, LOCK_FILE)), false, 'a server that stops releases the folder')
    },
  )

  it(
    'a lock left behind whose pid now belongs to another live process (a container restart) does not stop the server',
    { timeout: 120_000 },
    async () => {
      const dataDir = await seededDataDirCopy()
      const sleeper = spawn('sleep', ['120'], { stdio: 'ignore' })
      process.once('exit', () => killIfRunning(sleeper))
      try {
        await new Promise((resolve) => sleeper.once('spawn', resolve))
        // The server that wrote it had the pid `sleep` has now, and started before it.
        const start = Number(processStartTime(sleeper.pid!))
        const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
        fs.writeFileSync(
          path.join(dataDir, LOCK_FILE),
          formatLockRecord({ pid: sleeper.pid!, hostname: os.hostname(), bootId, startTime: String(start - 500) }),
        )
        const server = await startServerProcess(serverEnv(await freePort(), dataDir, { LOG_LEVEL: 'info' }))
        try {
          assert.equal(lockHolder(dataDir), server.child.pid)
          assert.match(server.output(), new RegExp(`taking over .*${LOCK_FILE}: pid ${sleeper.pid} is now another process`))
        } finally {
          await server.stop()
        }
      } finally {
        killIfRunning(sleeper)
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
  )
})
