import fs from 'node:fs'
import path from 'node:path'

/** The sourced real-data fund 广发稳健增长混合A (270002): fixtures/real, SOURCE.md says where it comes from. */
export const REAL_FIXTURE = path.join(__dirname, 'fixtures', 'real')

/** Rows of one of the fixture's CSV files (plain commas, no quoting), by column name. */
export function readRealCsv(file: string): Array<Record<string, string>> {
  const [header, ...lines] = fs.readFileSync(path.join(REAL_FIXTURE, file), 'utf8').trim().split('\n')
  const names = header.split(',')
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])))
}
