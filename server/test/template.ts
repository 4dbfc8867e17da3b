// The seeded PGlite template the server, reliability, platform and browser suites copy instead of
// generating the demo data set again (about 18 s each time on this machine). No node:test import here:
// the browser suite's server launcher uses it outside a test file's hooks.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrate, openDatabase } from '../src/db'
import { seedDemoData } from '../src/demo/seed'

const SRC = path.join(__dirname, '..', 'src')

/** Key of the seeded template: changes whenever the schema or the demo data generator changes. */
function templateKey(): string {
  const h = createHash('sha256')
  const migrations = fs
    .readdirSync(path.join(SRC, 'db/migrations'))
    .sort()
    .map((f) => `db/migrations/${f}`)
  // Every file of the demo data generator, however it is split.
  const demo = fs
    .readdirSync(path.join(SRC, 'demo'))
    .sort()
    .map((f) => `demo/${f}`)
  // The seed reads the calendar, the seeded NAVs' adjusted values come from fund/adjusted.ts, the
  // strategies' NAVs from portfolio/backtest.ts (their figures from fund/performance.ts) and their
  // expected returns from portfolio/expected.ts.
  for (const f of [
    ...migrations,
    ...demo,
    'calendar.ts',
    'fund/adjusted.ts',
    'content/demo.ts',
    'fund/performance.ts',
    'portfolio/backtest.ts',
    'portfolio/expected.ts',
  ])
    h.update(fs.readFileSync(path.join(SRC, f)))
  return h.digest('hex').slice(0, 12)
}

const TEMPLATE_NAME = /^alfa-server-test-[0-9a-f]{12}$/
const BUILDING_NAME = /^alfa-server-test-[0-9a-f]{12}\.building-(\d+)$/

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The seeded PGlite template of this schema version, built once per machine: seeded into a
 * temporary folder and renamed when complete, then only ever copied, never opened, so test
 * processes of parallel runs cannot disturb each other. Templates of other versions are removed
 * once they are an hour old (a run of older code may still be copying one).
 */
export async function seededTemplate(): Promise<string> {
  const dataDir = path.join(os.tmpdir(), `alfa-server-test-${templateKey()}`)
  for (const old of fs.readdirSync(os.tmpdir())) {
    const full = path.join(os.tmpdir(), old)
    if (TEMPLATE_NAME.test(old) && full !== dataDir && Date.now() - fs.statSync(full).mtimeMs > 3_600_000)
      fs.rmSync(full, { recursive: true, force: true })
    // A half-built template whose builder is gone (killed mid-seed): 300 MB nobody will finish.
    const builder = BUILDING_NAME.exec(old)
    if (builder && !processAlive(Number(builder[1]))) fs.rmSync(full, { recursive: true, force: true })
  }
  if (!fs.existsSync(dataDir)) {
    const building = `${dataDir}.building-${process.pid}`
    fs.rmSync(building, { recursive: true, force: true })
    const db = await openDatabase({ dataDir: building })
    await migrate(db)
    await seedDemoData(db)
    await db.close()
    try {
      fs.renameSync(building, dataDir)
    } catch {
      fs.rmSync(building, { recursive: true, force: true }) // another process finished first
    }
  }
  return dataDir
}

/** A copy of the seeded PGlite template in a new folder, not opened (for a server process to open); removed at exit. */
export async function seededDataDirCopy(): Promise<string> {
  const template = await seededTemplate()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-pglite-copy-'))
  fs.cpSync(template, dataDir, { recursive: true })
  process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  return dataDir
}
