import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The embedded database is one process's: PGlite keeps its data folder open in memory, and two
 * processes writing it corrupt it (measured). The first opener writes its pid into this file; a
 * second opener is refused while that process lives. A file left by a process that died is
 * taken over.
 */
export const LOCK_FILE = '.alfa-lock'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid} (a running server or import). ` +
        'Stop that process first, or use PostgreSQL (DATABASE_URL), which several processes can share.',
    )
    this.name = 'DataDirLockedError'
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Locks `dataDir` for this process; returns the release function. Throws DataDirLockedError when another live process holds it. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE)
  const mine = `${process.pid}\n${os.hostname()}\n${new Date().toISOString()}\n`
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' })
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file)
        } catch {
          // already gone
        }
      }
      process.on('exit', release)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) throw new DataDirLockedError(dataDir, pid)
      fs.rmSync(file, { force: true }) // left by a process that is gone
    }
  }
  throw new Error(`could not lock ${dataDir}`)
}
