// The sourced real-data fixtures' readers and the test's own date rule: nothing of the server, so the
// browser tests can use them too (the import through the server is in realImport.ts).
import fs from 'node:fs'
import path from 'node:path'

/** The sourced real-data fund 广发稳健增长混合A (270002): fixtures/real, SOURCE.md says where it comes from. */
export const REAL_FIXTURE = path.join(__dirname, 'fixtures', 'real')

/** Rows of a fixture folder's CSV file (plain commas, no quoting), by column name. */
export function readFixtureCsv(folder: string, file: string): Array<Record<string, string>> {
  const [header, ...lines] = fs.readFileSync(path.join(folder, file), 'utf8').trim().split('\n')
  const names = header.split(',')
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])))
}

/** Rows of one of 270002's CSV files, by column name. */
export function readRealCsv(file: string): Array<Record<string, string>> {
  return readFixtureCsv(REAL_FIXTURE, file)
}

/** The same day `months` earlier, clamped to the month's end (server/README.md, "Return figures"). */
export function monthsBefore(date: string, months: number): string {
  const t = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1 - months, 1))
  const lastDay = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate()
  t.setUTCDate(Math.min(Number(date.slice(8, 10)), lastDay))
  return t.toISOString().slice(0, 10)
}
