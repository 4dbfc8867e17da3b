import type { Database } from '../db'
import { ImportProblems, readFolder, type Encoding } from './read'
import { writeFolder } from './write'

/**
 * `npm run import -- <folder>`: real funds, managers, NAV history, distributions and benchmarks
 * from CSV files (format: server/README.md). All or nothing: every file is read and checked
 * first (files.ts: the columns; read.ts: rows, references), and every problem is reported as
 * `file:line: column — reason`; only a folder without problems is written (write.ts), in one
 * transaction, after which the adjusted NAVs of the funds it touched are recomputed and the data
 * version is bumped (servers drop their cached figures).
 */

export { ImportProblems, type Encoding }

export interface ImportOptions {
  encoding?: Encoding
  log?: (message: string) => void
  /**
   * Hears each line of the conflict report (default: log): `conflict 510300 2012-12-18: unit NAV … —
   * …; applied: …`, then `figures unavailable 000001: <reason>` for each fund the import could not reconcile.
   */
  report?: (line: string) => void
}

/**
 * Imports a folder: checks everything, then writes it in one transaction. Rows are upserted by
 * key, so the same folder imported again changes nothing. Throws ImportProblems (nothing written)
 * when any file has a problem.
 */
export async function importFolder(database: Database, folder: string, opts: ImportOptions = {}): Promise<Record<string, number>> {
  const log = opts.log ?? (() => {})
  const report = opts.report ?? log
  const { data, problems } = await readFolder(database, folder, opts.encoding ?? 'utf8')
  if (problems.length) throw new ImportProblems(problems)
  return database.transaction((tx) => writeFolder(tx, data, log, report))
}
