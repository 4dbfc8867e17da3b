// Real-data fixtures imported through the real importer into an empty PGlite database and read back
// through the API (the real-fund tests).
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { gql, operation, startApp, type TestApp } from './helpers'

const PERF = `query($c: String!) { fund(fundCode: $c) { navDate figuresUnavailable performance { periodReturns { period value } maxDrawdown maxDrawdownStart maxDrawdownEnd } } }`

/** A real fund imported and read back through the API. */
export interface ImportedFund {
  database: Database
  t: TestApp
  dataDir: string
  /** The importer's report lines. */
  report: string[]
  figuresUnavailable: string | null
  /** The API's figures: rates with 4 places. */
  returns: Record<string, number>
  drawdown: { rate: number; start: string; end: string }
  /** navHistory(range: "Max"): adjusted NAV and daily return per day. */
  history: Map<string, { value: number; dailyReturn: number | null }>
}

/**
 * The folder imported with the real importer into a new, empty PGlite data folder, and the fund read
 * back through the API: its last NAV day must be `last`, its history `navCount` days long.
 */
export async function importRealFund(folder: string, code: string, last: string, navCount: number): Promise<ImportedFund> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-real-fund-'))
  const database = await openDatabase({ dataDir })
  await migrate(database)
  assert.equal((await database.query<{ n: number }>('select count(*)::int as n from funds'))[0].n, 0, 'the database starts empty')
  const report: string[] = []
  await importFolder(database, folder, { report: (line) => report.push(line) })
  const t = await startApp(database)
  const perf = await gql(t, PERF, { c: code })
  assert.equal(perf.status, 200, JSON.stringify(perf.body))
  const f = perf.body.data.fund
  assert.equal(f.navDate, last)
  const hist = await gql(t, operation('Fund'), { fundCode: code, range: 'Max' })
  assert.equal(hist.status, 200, JSON.stringify(hist.body))
  const points = hist.body.data.fund.navHistory as Array<{ date: string; value: string; extra: { dailyReturn: string | number | null } }>
  assert.equal(points.length, navCount)
  return {
    database,
    t,
    dataDir,
    report,
    figuresUnavailable: f.figuresUnavailable,
    returns: Object.fromEntries(f.performance.periodReturns.map((p: { period: string; value: string }) => [p.period, Number(p.value)])),
    drawdown: { rate: Number(f.performance.maxDrawdown), start: f.performance.maxDrawdownStart, end: f.performance.maxDrawdownEnd },
    history: new Map(
      points.map((p) => [
        p.date,
        { value: Number(p.value), dailyReturn: p.extra.dailyReturn === null ? null : Number(p.extra.dailyReturn) },
      ]),
    ),
  }
}

/** The two ways a real fund is imported: with its distribution list, and from its NAVs alone. */
export const WITH_EVENTS = 'with fund_events.csv'
export const NAVS_ONLY = 'accumulated NAV only (distributions derived)'

/**
 * Registers the test file's hooks that import the fixture both ways (NAVS_ONLY from a copy without
 * fund_events.csv) and remove everything afterwards; `imported` holds each by name once before() ran.
 */
export function importBothWays(fixture: string, code: string, last: string, navCount: number) {
  const navsOnly = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-real-fund-navs-'))
  for (const f of ['funds.csv', 'fund_navs.csv']) fs.copyFileSync(path.join(fixture, f), path.join(navsOnly, f))
  const variants: Array<[string, string]> = [
    [NAVS_ONLY, navsOnly],
    [WITH_EVENTS, fixture],
  ]
  const imported = new Map<string, ImportedFund>()
  before(async () => {
    for (const [name, folder] of variants) imported.set(name, await importRealFund(folder, code, last, navCount))
  })
  after(async () => {
    for (const i of imported.values()) {
      await i.t.app.close()
      await i.database.close()
      fs.rmSync(i.dataDir, { recursive: true, force: true })
    }
    fs.rmSync(navsOnly, { recursive: true, force: true })
  })
  return { variants, imported }
}
