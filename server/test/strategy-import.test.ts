import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { migrate, openDatabase } from '../src/db'
import { importFolder, ImportProblems } from '../src/import/importer'
import { apiHeaders, gql, startApp } from './helpers'

/**
 * Strategy import: the hand-worked two-fund strategy of backtest.test.ts, over two imported funds
 * (server/examples/strategy: A's and B's NAVs, B's dividend, the strategy and its four compositions).
 * Fund B (a bond fund) pays 0.36 a unit on 2024-01-05 while the strategy holds it: its unit NAV
 * falls from 1.90 to 1.44 but its adjusted NAV only to 1.80 (1.44 × (1 + 0.36 / 1.44) = 1.44 × 1.25),
 * so a NAV computed from unit NAVs would be wrong. Every expected figure is worked out by hand.
 * A: 1.00 1.10 1.20 0.90 1.00 1.10 1.21 1.00 on 01-02…01-11; B (no NAV on 01-03): 2.00 1.90, then
 * from the ex-date 01-05 1.44 1.20 1.36 1.28 1.60 (adjusted ×1.25: 1.80 1.50 1.70 1.60 2.00).
 */
/** The example folder (server/README.md, "Strategies"): funds.csv, fund_navs.csv, fund_events.csv, portfolios.csv, portfolio_compositions.csv. */
const EXAMPLE = path.join(__dirname, '..', 'examples', 'strategy')
const read = (name: string) => fs.readFileSync(path.join(EXAMPLE, name), 'utf8')
const [FUNDS, NAVS, STRATEGIES] = ['funds.csv', 'fund_navs.csv', 'portfolios.csv'].map(read)

function folder(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-strategy-import-'))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  return dir
}

// Units held, worked out by hand (see backtest.test.ts): set-up A 0.5, B 0.25 at NAV 1.
const nav04 = 0.5 * 1.2 + 0.25 * 1.9 // 1.075
const [a2, b2] = [(nav04 * 0.2) / 1.2, (nav04 * 0.8) / 1.9]
const nav08 = a2 * 1.0 + b2 * 1.5
const nav10 = nav08 * 1.21
const nav11 = ((nav10 * 0.5) / 1.21) * 1.0 + ((nav10 * 0.5) / 1.6) * 2.0

describe('strategy import: composition history in, a back-tested NAV out', () => {
  it('computes the NAV from the funds’ adjusted NAVs, the adjustments and the figures', async () => {
    const database = await openDatabase({})
    try {
      await migrate(database)
      const dir = EXAMPLE
      const counts = await importFolder(database, dir)
      assert.equal(counts.portfolios, 1)
      assert.equal(counts.adjustments, 3)
      const navs = await database.query<{ date: string; nav: string }>(
        `select to_char(nav_date, 'YYYY-MM-DD') as date, nav::text as nav from portfolio_navs where po_code = 'ZH900001' order by nav_date`,
      )
      assert.deepEqual(
        navs.map((n) => n.nav),
        [1, 0.5 * 1.1 + 0.25 * 2.0, nav04, a2 * 0.9 + b2 * 1.8, nav08, nav08 * 1.1, nav10, nav11].map((v) => v.toFixed(4)),
      )
      assert.deepEqual(
        navs.map((n) => n.nav),
        ['1.0000', '1.0500', '1.0750', '0.9760', '0.8581', '0.9439', '1.0383', '1.0780'],
      )

      const t = await startApp(database)
      try {
        const { body } = await gql(
          t,
          `query { portfolio(poCode: "ZH900001") {
            createdDate annualizedReturnRateRange { expectedAnnualizedReturnRate defaultDrawdown minDrawdown }
            performanceShowcase { key valueText }
            composition { groups { categoryCode percent parts { percent fund { fundCode } } } }
            adjustments { totalCount list { date comment groups { parts { fund { fundCode } beforePercent afterPercent movement } } } }
            navHistory(range: "Max", all: true) { maxDrawdown { rate startDate endDate } totalReturn }
          } }`,
          {},
          apiHeaders(),
        )
        assert.equal(body.errors, undefined, JSON.stringify(body.errors))
        /** The parts of the answer the checks read. */
        type Part = { fund: { fundCode: string }; beforePercent: string; afterPercent: string; movement: string }
        type Answer = {
          adjustments: { totalCount: number; list: Array<{ date: string; comment: string; groups: Array<{ parts: Part[] }> }> }
          composition: { groups: Array<{ categoryCode: string; percent: string }> }
        }
        const p = body.data.portfolio
        const { adjustments, composition } = p as Answer
        assert.equal(p.createdDate, '2024-01-02')
        // 0.5 × EQUITY 8% + 0.5 × FIXED_INCOME 3.5% = 5.75%.
        assert.equal(p.annualizedReturnRateRange.expectedAnnualizedReturnRate, '0.057500')
        // 1.0750 on 01-04 to 0.8581 on 01-08: 0.8581 / 1.075 − 1 = −0.2017674…
        assert.deepEqual(p.navHistory.maxDrawdown, { rate: '-0.201767', startDate: '2024-01-04', endDate: '2024-01-08' })
        assert.equal(p.annualizedReturnRateRange.defaultDrawdown, '-0.201767')
        assert.equal(p.navHistory.totalReturn, '0.078000')
        const shown = Object.fromEntries(p.performanceShowcase.map((s: { key: string; valueText: string }) => [s.key, s.valueText]))
        assert.equal(shown.maxDrawdown, '-20.18%')
        assert.equal(shown.total, '7.80%')
        assert.equal(p.adjustments.totalCount, 3)
        const moves = adjustments.list.map((a) => ({
          date: a.date,
          comment: a.comment,
          parts: a.groups
            .flatMap((g) => g.parts)
            .map((x) => `${x.fund.fundCode} ${x.beforePercent}→${x.afterPercent} ${x.movement}`)
            .sort(),
        }))
        assert.deepEqual(moves, [
          { date: '2024-01-10', comment: '再平衡', parts: ['900001 1.000000→0.500000 Out', '900002 0.000000→0.500000 In'] },
          { date: '2024-01-08', comment: '全部转入指数', parts: ['900001 0.200000→1.000000 In', '900002 0.800000→0.000000 Out'] },
          { date: '2024-01-04', comment: '增配债券', parts: ['900001 0.500000→0.200000 Out', '900002 0.500000→0.800000 In'] },
        ])
        const groups = composition.groups.map((g) => `${g.categoryCode} ${g.percent}`).sort()
        assert.deepEqual(groups, ['EQUITY 0.500000', 'FIXED_INCOME 0.500000'])
      } finally {
        await t.app.close()
      }
      // The same folder again changes nothing.
      await importFolder(database, dir)
      const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from adjustments where po_code = 'ZH900001'`)
      assert.equal(n, 3)
    } finally {
      await database.close()
    }
  })

  it('refuses a broken file with the file and line of every refusal, and writes nothing', async () => {
    const database = await openDatabase({})
    try {
      await migrate(database)
      const dir = folder({
        'funds.csv': FUNDS,
        'fund_navs.csv': NAVS,
        'portfolios.csv': `po_code,po_name,risk_level\nZH900001,手工两基金策略,Medium\nZH900002,没有持仓的策略,Low\nzh1,坏代码,Medium\n`,
        'portfolio_compositions.csv': [
          'po_code,effective_date,fund_code,weight',
          'ZH900001,2024-01-02,900001,0.5',
          'ZH900001,2024-01-02,900002,0.4',
          'ZH900001,2024-01-04,900001,1.5',
          'ZH900001,2024-01-08,123456,1',
          'ZH900009,2024-01-02,900001,1',
          'ZH900001,2024-02-30,900001,1',
          '',
        ].join('\n'),
      })
      await assert.rejects(importFolder(database, dir), (err: unknown) => {
        assert.ok(err instanceof ImportProblems)
        assert.deepEqual(err.problems.sort(), [
          'portfolio_compositions.csv:2: weight — the weights of ZH900001 on 2024-01-02 add up to 0.900000, not 1 (lines 2, 3)',
          'portfolio_compositions.csv:4: weight — 1.5 is not a weight between 0 and 1 (0.25 for 25%)',
          'portfolio_compositions.csv:5: fund_code — fund 123456 is in neither funds.csv nor the database',
          'portfolio_compositions.csv:6: po_code — strategy ZH900009 is not in portfolios.csv',
          'portfolio_compositions.csv:7: effective_date — 2024-02-30 is not a real date',
          'portfolios.csv:3: po_code — ZH900002 has no composition in portfolio_compositions.csv',
          'portfolios.csv:4: po_code — 策略代码应为两个大写字母加6位数字（如 ZH000001）',
        ])
        return true
      })
      const [{ n }] = await database.query<{ n: number }>(`select (select count(*) from funds) + (select count(*) from portfolios) as n`)
      assert.equal(Number(n), 0)
    } finally {
      await database.close()
    }
  })

  it('refuses a composition dated before its fund’s first NAV at its line, and rolls the whole import back', async () => {
    const database = await openDatabase({})
    try {
      await migrate(database)
      const dir = folder({
        'funds.csv': FUNDS,
        'fund_navs.csv': NAVS,
        'portfolios.csv': STRATEGIES,
        'portfolio_compositions.csv': `po_code,effective_date,fund_code,weight\nZH900001,2023-12-29,900001,1\nZH900001,2024-01-04,900002,1\n`,
      })
      await assert.rejects(importFolder(database, dir), (err: unknown) => {
        assert.ok(err instanceof ImportProblems)
        assert.deepEqual(err.problems, [
          'portfolio_compositions.csv:2: effective_date — ZH900001: fund 900001 has no NAV on or before 2023-12-29',
        ])
        return true
      })
      const [{ n }] = await database.query<{ n: number }>(
        `select (select count(*) from fund_navs) + (select count(*) from portfolios) as n`,
      )
      assert.equal(Number(n), 0)
    } finally {
      await database.close()
    }
  })
})
