import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The embedded database is one process's: PGlite keeps its data folder open in memory, and two
 * processes writing it corrupt it (measured). Node has no advisory file lock (flock) without a
 * native module, so the first opener writes who it is into this file (pid, hostname, boot id and
 * the process's start time from /proc) and touches it every few seconds while it runs. A second
 * opener is refused while that very process lives; a file whose pid is gone, is now another
 * process (pid reused after a container restart) or is our own pid (an earlier run of ours) is
 * taken over. A lock written on another machine (another hostname or boot) cannot be checked by
 * pid: it is taken over only when it is not touched for a while.
 */
export const LOCK_FILE = '.alfa-lock'

/** How often the holder touches its lock file (its heartbeat, for openers on another machine). */
export const HEARTBEAT_MS = 5_000
/** How long an opener watches a lock from another machine for a heartbeat before taking it over. */
export const FOREIGN_WATCH_MS = 3 * HEARTBEAT_MS

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly hostname: string = os.hostname(),
  ) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid}${hostname === os.hostname() ? '' : ` on host ${hostname}`} (a running server or import). ` +
        'Stop that process first, or use PostgreSQL (DATABASE_URL), which several processes can share.',
    )
    this.name = 'DataDirLockedError'
  }
}

export interface LockOptions {
  heartbeatMs?: number
  foreignWatchMs?: number
  /** Where a take-over or a wait is reported (default: stderr). */
  notice?: (message: string) => void
}

/** Who holds a lock, as written in the file (the legacy format has the first two lines only). */
export interface LockRecord {
  pid: number
  hostname: string
  bootId: string | null
  startTime: string | null
}

const readOrNull = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** This machine's current boot (Linux); null elsewhere. */
const bootId = () => readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || null

/** A process's start time in clock ticks since boot (/proc/<pid>/stat field 22); null without /proc or when the process is gone. */
export function processStartTime(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`)
  if (!stat) return null
  // Field 2, the command name, is in parentheses and may hold spaces: fields are counted from the last ')' (field 3 first).
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] || null
}

export function formatLockRecord(r: LockRecord): string {
  return `${r.pid}\n${r.hostname}\n${new Date().toISOString()}\nboot ${r.bootId ?? '-'}\nstart ${r.startTime ?? '-'}\n`
}

export function parseLockRecord(text: string): LockRecord | null {
  const lines = text.split('\n')
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0) return null
  const field = (name: string) => {
    const v = lines.find((l) => l.startsWith(`${name} `))?.slice(name.length + 1)
    return v && v !== '-' ? v : null
  }
  return { pid, hostname: lines[1] ?? '', bootId: field('boot'), startTime: field('start') }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Data folders this process holds: a second open in the same process is refused like another process's. */
const held = new Set<string>()

type Verdict = { kind: 'live' } | { kind: 'stale'; why: string } | { kind: 'foreign' }

function judge(record: LockRecord | null): Verdict {
  if (!record) return { kind: 'stale', why: 'unreadable' }
  const ownBoot = bootId()
  if (record.hostname !== os.hostname() || (record.bootId && ownBoot && record.bootId !== ownBoot)) return { kind: 'foreign' }
  if (record.pid === process.pid) return { kind: 'stale', why: 'it names our own pid, left by an earlier run' }
  if (!alive(record.pid)) return { kind: 'stale', why: `process ${record.pid} is gone` }
  const start = processStartTime(record.pid)
  if (record.startTime && start && start !== record.startTime)
    return { kind: 'stale', why: `pid ${record.pid} is now another process (it started later than the lock's owner)` }
  // The same process, or no way to tell (no /proc, or a lock written without a start time): it holds the folder.
  return { kind: 'live' }
}

/** Publishes our record as the lock file, whole or not at all; false when a lock file is there. */
function create(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${randomUUID()}.new`
  fs.writeFileSync(tmp, text)
  try {
    fs.linkSync(tmp, file)
    return true
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err
    // A file system without hard links: exclusive create (a reader may briefly see it empty).
    try {
      fs.writeFileSync(file, text, { flag: 'wx' })
      return true
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw e
    }
  } finally {
    fs.rmSync(tmp, { force: true })
  }
}

/** Removes the stale lock `text`, unless another opener replaced it meanwhile (then that one is put back). */
function remove(file: string, text: string): void {
  const aside = `${file}.${process.pid}.${randomUUID()}.stale`
  try {
    fs.renameSync(file, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  if (readOrNull(aside) !== text) {
    try {
      fs.linkSync(aside, file)
    } catch {
      // a third opener wrote one meanwhile: theirs stands
    }
  }
  fs.rmSync(aside, { force: true })
}

const mtime = (file: string) => {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return null
  }
}

/** Whether the lock file `text` is touched within `watchMs` ('changed' when it was replaced or removed meanwhile). */
async function heartbeat(file: string, text: string, watchMs: number): Promise<boolean | 'changed'> {
  const first = mtime(file)
  const deadline = Date.now() + watchMs
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, Math.min(250, watchMs / 4)))
    if (readOrNull(file) !== text) return 'changed'
    if (mtime(file) !== first) return true
  }
  return false
}

/** Locks `dataDir` for this process; resolves with the release function. Rejects with DataDirLockedError when a live process holds it. */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => void> {
  const { heartbeatMs = HEARTBEAT_MS, foreignWatchMs = FOREIGN_WATCH_MS, notice = (m: string) => console.warn(m) } = options
  const file = path.join(dataDir, LOCK_FILE)
  const key = fs.realpathSync(dataDir)
  if (held.has(key)) throw new DataDirLockedError(dataDir, process.pid)
  const mine = formatLockRecord({ pid: process.pid, hostname: os.hostname(), bootId: bootId(), startTime: processStartTime(process.pid) })
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, mine)) {
      held.add(key)
      const beat = setInterval(() => {
        const now = new Date()
        try {
          fs.utimesSync(file, now, now)
        } catch {
          // gone: nothing to keep alive
        }
      }, heartbeatMs)
      beat.unref()
      let released = false
      const release = () => {
        if (released) return
        released = true
        clearInterval(beat)
        held.delete(key)
        process.off('exit', release)
        if (readOrNull(file) === mine) fs.rmSync(file, { force: true })
      }
      process.on('exit', release)
      return release
    }
    const text = readOrNull(file)
    if (text === null) continue
    const record = parseLockRecord(text)
    const verdict = judge(record)
    if (verdict.kind === 'live') throw new DataDirLockedError(dataDir, record!.pid, record!.hostname)
    if (verdict.kind === 'foreign') {
      notice(
        `${file} was written by process ${record!.pid} on host ${record!.hostname} (another machine or an earlier boot): ` +
          `waiting up to ${Math.round(foreignWatchMs / 1000)} s for it to show it is alive`,
      )
      const beating = await heartbeat(file, text, foreignWatchMs)
      if (beating === 'changed') continue
      if (beating) throw new DataDirLockedError(dataDir, record!.pid, record!.hostname)
      notice(`taking over ${file}: its holder on host ${record!.hostname} has stopped touching it`)
    } else notice(`taking over ${file}: ${verdict.why}`)
    remove(file, text)
  }
  throw new Error(`could not lock ${dataDir}: its lock file keeps changing`)
}
