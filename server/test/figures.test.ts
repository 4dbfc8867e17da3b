import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { DEMO_USER } from '../src/demo/seed'
import { issueToken } from '../src/account/tokens'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolder } from '../src/import/importer'
import { diagnose } from '../src/diagnosis/score'
import { peerRank } from '../src/fund/performance'
import { apiHeaders, gql, login, operation, pgliteTestDatabase, startApp, type TestApp } from './helpers'

/**
 * Figures checked against values worked out in the test itself (issue #19): from the NAV rows read
 * straight from the database with a loop of our own, and from tiny fixtures whose answers are known
 * by hand. The server's code is never used to compute an expected value.
 */

/** A 4-place decimal string as an integer number of 1e-4 units ("1.2345" → 12345n). */
const units4 = (s: string) => {
  const m = /^(\d+)\.(\d{4})$/.exec(s)
  assert.ok(m, `not a 4-place decimal: ${s}`)
  return BigInt(m[1]) * 10_000n + BigInt(m[2])
}
/** A non-negative 1e-8 amount rounded half up to cents, as "123.45". */
const cents = (e8: bigint) => {
  const c = (e8 + 500_000n) / 1_000_000n
  return `${c / 100n}.${String(c % 100n).padStart(2, '0')}`
}

/** Largest fall from a running peak: rate (negative, 6 places: every drawdown the server answers is), the peak's date and the trough's date. */
function drawdownByHand(rows: Array<{ date: string; nav: string }>) {
  let peak = rows[0]
  let worst = { rate: 0, startDate: rows[0].date, endDate: rows[0].date }
  for (const r of rows) {
    if (Number(r.nav) > Number(peak.nav)) peak = r
    const fall = (Number(peak.nav) - Number(r.nav)) / Number(peak.nav)
    if (fall > worst.rate) worst = { rate: fall, startDate: peak.date, endDate: r.date }
  }
  return { ...worst, rate: worst.rate === 0 ? '0.000000' : (-worst.rate).toFixed(6) }
}

describe('figures from the seeded NAVs', () => {
  let database: Database
  let t: TestApp
  before(async () => {
    database = (await pgliteTestDatabase()).database
    t = await startApp(database)
    // A hand-made strategy: a copy of ZH015676 with six NAVs of our own.
    await database.query(`create temp table po_copy as select * from portfolios where po_code = 'ZH015676'`)
    await database.query(`update po_copy set po_code = 'ZZ000001', po_name = '手工样例'`)
    await database.query(`insert into portfolios select * from po_copy`)
    await database.query(
      `insert into portfolio_navs (po_code, nav_date, nav) values ('ZZ000001', '2024-01-02', 1.0000), ('ZZ000001', '2024-01-03', 1.2000),
         ('ZZ000001', '2024-01-04', 0.9000), ('ZZ000001', '2024-01-05', 1.1000), ('ZZ000001', '2024-01-08', 1.3000), ('ZZ000001', '2024-01-09', 1.1700)`,
    )
  })
  after(async () => {
    await t?.app.close()
    await database?.close()
  })

  const navRows = (poCode: string) =>
    database.query<{ date: string; nav: string }>(
      `select to_char(nav_date, 'YYYY-MM-DD') as date, nav::text as nav from portfolio_navs where po_code = $1 order by nav_date`,
      [poCode],
    )
  const navHistory = async (poCode: string, range: string, all: boolean) => {
    const { body } = await gql(t, operation('NavHistory'), {
      poCode,
      range,
      all,
      hasExpeData: false,
      hasAdjustment: false,
      hasComparingIndex: false,
    })
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    return body.data.portfolio.navHistory as {
      series: Array<{ date: string; value: string }>
      maxDrawdown: { rate: string; startDate: string; endDate: string }
      totalReturn: string
    }
  }

  describe('a strategy’s max drawdown', () => {
    it('the hand-made strategy: 1.20 → 0.90 is a 25% fall, later 1.30 → 1.17 only 10%', async () => {
      const h = await navHistory('ZZ000001', 'Max', true)
      assert.deepEqual(h.maxDrawdown, { rate: '-0.250000', startDate: '2024-01-03', endDate: '2024-01-04' })
      assert.equal(h.totalReturn, '0.170000')
    })

    for (const poCode of ['ZH015676', 'ZH015677', 'LW000001']) {
      it(`${poCode}: over its whole history and its last three years, as worked out from its NAV rows`, async () => {
        const rows = await navRows(poCode)
        assert.ok(rows.length > 500, `${poCode} has ${rows.length} NAVs`)
        const whole = await navHistory(poCode, 'Max', true)
        assert.equal(whole.series.length, rows.length)
        const expected = drawdownByHand(rows)
        assert.ok(Number(expected.rate) < -0.01, `${poCode} falls somewhere (${expected.rate})`)
        assert.deepEqual(whole.maxDrawdown, expected)

        const last = rows[rows.length - 1].date
        const from = `${Number(last.slice(0, 4)) - 3}${last.slice(4)}`
        const recent = rows.filter((r) => r.date >= from)
        const three = await navHistory(poCode, '3Y', false)
        assert.equal(three.series[0].date, recent[0].date)
        assert.deepEqual(three.maxDrawdown, drawdownByHand(recent))
      })
    }
  })

  describe('/asset/detail: market value at the latest NAV, and the total', () => {
    const assetDetail = async (auth: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/alfa/v1/asset/detail', headers: apiHeaders(auth) })
      assert.equal(res.statusCode, 200, res.body)
      return res.json().data as {
        totalAsset: string
        list: Array<{ poCode: string; caId: string; units: string; nav: string; navDate: string; marketValue: string }>
      }
    }
    /** Each holding at its latest NAV (the row with the largest date), and the exact sum rounded once. */
    const byHand = async (holdings: Array<{ poCode: string; units: string }>) => {
      let sum = 0n
      const list = []
      for (const h of holdings) {
        let latest = { date: '', nav: '' }
        for (const r of await navRows(h.poCode)) if (r.date > latest.date) latest = r
        const value = units4(h.units) * units4(latest.nav)
        sum += value
        list.push({ poCode: h.poCode, nav: latest.nav, navDate: latest.date, marketValue: cents(value) })
      }
      return { totalAsset: cents(sum), list }
    }
    const shown = (d: Awaited<ReturnType<typeof assetDetail>>) => ({
      totalAsset: d.totalAsset,
      list: d.list.map((h) => ({ poCode: h.poCode, nav: h.nav, navDate: h.navDate, marketValue: h.marketValue })),
    })

    it('the demo user’s two holdings (12000.5 units of ZH015676, 35 of LW000001)', async () => {
      const auth = { authorization: `Bearer ${(await issueToken(t.config.JWT_SECRET, DEMO_USER.userId)).token}` }
      const d = await assetDetail(auth)
      assert.deepEqual(
        d.list.map((h) => [h.poCode, h.units]),
        [
          ['LW000001', '35.0000'],
          ['ZH015676', '12000.5000'],
        ],
      )
      const expected = await byHand([
        { poCode: 'LW000001', units: '35.0000' },
        { poCode: 'ZH015676', units: '12000.5000' },
      ])
      assert.deepEqual(shown(d), expected)
      // The oldest NAV is not the latest, so a value at the oldest would differ.
      const rows = await navRows('ZH015676')
      assert.notEqual(rows[0].nav, expected.list[1].nav)
    })

    it('a hand-made holding: 100 units at the latest NAV 1.1700 are 117.00, not 100.00 at the first; totals add exactly', async () => {
      const token = await login(t)
      const userId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string
      await database.query(
        `insert into user_holdings (user_id, po_code, ca_id, units, signed) values ($1, 'ZZ000001', 'CA_H1', 100.0000, true), ($1, 'ZH015677', 'CA_H2', 3.3333, true)`,
        [userId],
      )
      const d = await assetDetail({ authorization: `Bearer ${token}` })
      const mine = d.list.find((h) => h.poCode === 'ZZ000001')
      assert.deepEqual(mine, {
        poCode: 'ZZ000001',
        poName: '手工样例',
        caId: 'CA_H1',
        units: '100.0000',
        signed: true,
        nav: '1.1700',
        navDate: '2024-01-09',
        marketValue: '117.00',
      })
      assert.deepEqual(
        shown(d),
        await byHand([
          { poCode: 'ZH015677', units: '3.3333' },
          { poCode: 'ZZ000001', units: '100.0000' },
        ]),
      )
    })
  })
})

describe('peer rank and diagnosis on a hand-made fund set', () => {
  let database: Database
  let t: TestApp
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-figures-'))
  before(async () => {
    // Five stock funds over the same year, and a bond fund that is not their peer. 100002, 100003
    // and 100004 all rose exactly 10% (1.10/1.00, 1.21/1.10, 2.20/2.00; in floating point the second
    // is 0.0999…87 and the others 0.1000…09).
    fs.writeFileSync(
      path.join(dir, 'funds.csv'),
      [
        'fund_code,fund_name,category_code,setup_date,risk_level',
        '100001,样例一号股票,STOCK,2020-01-02,High',
        '100002,样例二号股票,STOCK,2020-01-02,High',
        '100003,样例三号股票,STOCK,2020-01-02,High',
        '100004,样例四号股票,STOCK,2020-01-02,High',
        '100005,样例五号股票,STOCK,2020-01-02,High',
        '100006,样例债券,BOND,2020-01-02,Low',
        '100007,样例微跌股票,STOCK,2020-01-02,High',
      ].join('\n'),
    )
    const navs: Record<string, [string, string, string]> = {
      100001: ['1.0000', '1.0000', '1.2000'],
      100002: ['1.0000', '1.0000', '1.1000'],
      100003: ['1.1000', '1.1000', '1.2100'],
      100004: ['2.0000', '2.0000', '2.2000'],
      100005: ['1.0000', '1.0000', '1.0500'],
      100006: ['1.0000', '1.0000', '1.3000'],
      // Down 0.01% over three years: a yearly return of −0.0033%, which shows as 0.00%.
      100007: ['1.0000', '1.0000', '0.9999'],
    }
    const lines = ['fund_code,nav_date,nav']
    for (const [code, [first, yearAgo, last]] of Object.entries(navs))
      lines.push(`${code},2022-07-01,${first}`, `${code},2024-06-28,${yearAgo}`, `${code},2025-06-30,${last}`)
    fs.writeFileSync(path.join(dir, 'fund_navs.csv'), lines.join('\n'))
    database = await openDatabase({})
    await migrate(database)
    await importFolder(database, dir)
    t = await startApp(database)
  })
  after(async () => {
    await t?.app.close()
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const performance = async (code: string) => {
    const { body } = await gql(
      t,
      'query ($code: String!) { fund(fundCode: $code) { performance { periodReturns { period value } peerRank1Y { rank total categoryName } } } }',
      { code },
    )
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    return body.data.fund.performance as {
      periodReturns: Array<{ period: string; value: string }>
      peerRank1Y: { rank: number; total: number; categoryName: string }
    }
  }

  it('equal returns share the better rank (standard competition ranking: 1, 2, 2, 2, 5, 6)', async () => {
    const ranks: Record<string, [string | undefined, number, number]> = {}
    for (const code of ['100001', '100002', '100003', '100004', '100005', '100007']) {
      const p = await performance(code)
      ranks[code] = [p.periodReturns.find((r) => r.period === '1Y')?.value, p.peerRank1Y.rank, p.peerRank1Y.total]
    }
    assert.deepEqual(ranks, {
      100001: ['0.2000', 1, 6],
      100002: ['0.1000', 2, 6],
      100003: ['0.1000', 2, 6],
      100004: ['0.1000', 2, 6],
      100005: ['0.0500', 5, 6],
      100007: ['-0.0001', 6, 6],
    })
    assert.equal((await performance('100006')).peerRank1Y.rank, 1)
  })

  it('peerRank: ties with other funds share the better rank; the next rank skips', () => {
    const peers = [0.3, 0.1, 0.1, null, 0.05, 0.1]
    assert.deepEqual(
      [0.3, 0.1, 0.05].map((v) => peerRank(v, peers)),
      [
        { rank: 1, total: 5 },
        { rank: 2, total: 5 },
        { rank: 5, total: 5 },
      ],
    )
    // Equal as shown (to 0.01%): the float noise of 1.21 / 1.10 − 1 does not push a fund down.
    assert.deepEqual(peerRank(1.21 / 1.1 - 1, [1.1 / 1.0 - 1, 1.21 / 1.1 - 1, 0.2]), { rank: 2, total: 3 })
  })

  describe('diagnosis figures never show −0.00% or +0.00%', () => {
    const basis = (dims: ReturnType<typeof diagnose>, key: string) => dims.find((d) => d.key === key)?.basis
    it('a tiny fall shows 0.00%, a flat drawdown 0.00%, real ones keep their sign', () => {
      const tinyFall = diagnose({
        series: [
          { date: '2022-06-30', value: '1.0000' },
          { date: '2025-06-30', value: '0.9999' },
        ],
        buyFeeRate: 0.0015,
        managerYears: null,
      })
      assert.equal(basis(tinyFall, 'returns'), '年化收益 0.00%')
      assert.equal(basis(tinyFall, 'risk'), '最大回撤 -0.01%')
      const rising = diagnose({
        series: [
          { date: '2024-06-28', value: '1.0000' },
          { date: '2025-06-30', value: '1.1000' },
        ],
        buyFeeRate: 0.0015,
        managerYears: null,
      })
      assert.match(basis(rising, 'returns')!, /^年化收益 \+9\.9\d%$/)
      assert.equal(basis(rising, 'risk'), '最大回撤 0.00%')
      const falling = diagnose({
        series: [
          { date: '2024-06-28', value: '1.0000' },
          { date: '2025-06-30', value: '0.8000' },
        ],
        buyFeeRate: 0.0015,
        managerYears: null,
      })
      assert.match(basis(falling, 'returns')!, /^年化收益 -19\.9\d%$/)
      assert.equal(basis(falling, 'risk'), '最大回撤 -20.00%')
    })
    it('through the API: a fund down 0.01% in three years', async () => {
      const { body } = await gql(t, 'query { fundDiagnosis(fundCode: "100007") { dimensions { key basis } } }')
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      const dims = body.data.fundDiagnosis.dimensions as Array<{ key: string; basis: string }>
      assert.equal(dims.find((d) => d.key === 'returns')?.basis, '年化收益 0.00%')
    })
  })
})
