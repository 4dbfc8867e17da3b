import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, afterEach, beforeEach, describe, it } from 'node:test'
import { DataDirLockedError, formatLockRecord, LOCK_FILE, lockDataDir, parseLockRecord, processStartTime } from '../src/db/lock'

/**
 * The embedded data folder's lock (src/db/lock.ts): a lock left behind is taken over whatever
 * process now has its pid (ours after a container restart, or an unrelated one), and a folder a
 * live process holds is still refused.
 */

const ROOT = path.resolve(__dirname, '..', '..')
const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
const children: ChildProcess[] = []
after(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})

/** A live process that has nothing to do with the data folder. */
async function unrelatedProcess(): Promise<ChildProcess> {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' })
  children.push(child)
  await new Promise((resolve) => child.once('spawn', resolve))
  return child
}

/** A second process holding the folder (server/test/lock-holder.ts); resolves once it holds it. */
async function holder(dataDir: string, heartbeatMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'lock-holder.ts'), dataDir, String(heartbeatMs)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b) => String(b).includes('locked') && resolve())
    child.once('exit', (code) => reject(new Error(`lock holder exited ${code}`)))
  })
  return child
}

describe('the data folder lock', () => {
  let dataDir: string
  let notices: string[]
  const file = () => path.join(dataDir, LOCK_FILE)
  const write = (text: string) => fs.writeFileSync(file(), text)
  const lock = (foreignWatchMs = 2000) => lockDataDir(dataDir, { foreignWatchMs, notice: (m) => void notices.push(m) })
  const holderPid = () => parseLockRecord(fs.readFileSync(file(), 'utf8'))?.pid
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-lock-'))
    notices = []
  })
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

  it('records pid, hostname, boot and start time, and removes the file on release', async () => {
    const release = await lock()
    const record = parseLockRecord(fs.readFileSync(file(), 'utf8'))
    assert.deepEqual(record, { pid: process.pid, hostname: os.hostname(), bootId, startTime: processStartTime(process.pid) })
    assert.match(record.startTime!, /^\d+$/)
    release()
    assert.equal(fs.existsSync(file()), false)
  })

  it('a lock carrying our own pid (a restarted container gave us the old pid) is taken over', async () => {
    write(formatLockRecord({ pid: process.pid, hostname: os.hostname(), bootId, startTime: '1' }))
    const release = await lock()
    assert.equal(parseLockRecord(fs.readFileSync(file(), 'utf8'))!.startTime, processStartTime(process.pid))
    assert.match(notices.join('\n'), /our own pid/)
    release()
    // The earlier format (pid, hostname, date) with our pid too.
    write(`${process.pid}\n${os.hostname()}\n2026-01-01T00:00:00.000Z\n`)
    ;(await lock())()
  })

  it('a lock whose pid now belongs to an unrelated live process is taken over', async () => {
    const sleeper = await unrelatedProcess()
    const start = Number(processStartTime(sleeper.pid!))
    // The lock's owner had this pid before: it started earlier than the process that has it now.
    write(formatLockRecord({ pid: sleeper.pid!, hostname: os.hostname(), bootId, startTime: String(start - 100) }))
    const release = await lock()
    assert.equal(holderPid(), process.pid)
    assert.match(notices.join('\n'), new RegExp(`pid ${sleeper.pid} is now another process`))
    release()
    sleeper.kill()
  })

  it('a lock of a process that is gone is taken over', async () => {
    const gone = await unrelatedProcess()
    gone.kill('SIGKILL')
    await new Promise((resolve) => gone.once('exit', resolve))
    write(formatLockRecord({ pid: gone.pid!, hostname: os.hostname(), bootId, startTime: '5' }))
    ;(await lock())()
    assert.match(notices.join('\n'), /is gone/)
  })

  it('a lock written on another host is taken over when nobody touches it, after watching for a heartbeat', async () => {
    const sleeper = await unrelatedProcess()
    // A live pid here says nothing about the other host: only its heartbeat would.
    write(formatLockRecord({ pid: sleeper.pid!, hostname: 'another-host', bootId: 'another-boot', startTime: '7' }))
    const release = await lock(300)
    assert.equal(holderPid(), process.pid)
    assert.match(notices.join('\n'), /process \d+ on host another-host .*waiting up to/)
    assert.match(notices.join('\n'), /its holder on host another-host has stopped touching it/)
    release()
    sleeper.kill()
  })

  it('a live second opener is refused: another process, or a second open in this one', async () => {
    const other = await holder(dataDir, 5000)
    await assert.rejects(lock(), (err: Error) => {
      assert.ok(err instanceof DataDirLockedError)
      assert.equal(err.pid, other.pid)
      assert.match(err.message, new RegExp(`in use by process ${other.pid} \\(a running server or import\\)`))
      return true
    })
    other.kill('SIGKILL')
    await new Promise((resolve) => other.once('exit', resolve))
    // Its holder killed, the folder is free; then it is ours, and a second open here is refused too.
    const release = await lock()
    await assert.rejects(lock(), DataDirLockedError)
    release()
  })

  it('a holder on another host that keeps touching its lock is refused', async () => {
    const other = await holder(dataDir, 50)
    // As the lock of a process on another machine sharing the folder: only its heartbeat tells it is alive.
    write(fs.readFileSync(file(), 'utf8').replace(os.hostname(), 'another-host'))
    await assert.rejects(lock(10_000), (err: Error) => {
      assert.ok(err instanceof DataDirLockedError)
      assert.match(err.message, new RegExp(`in use by process ${other.pid} on host another-host`))
      return true
    })
    other.kill('SIGKILL')
  })
})
