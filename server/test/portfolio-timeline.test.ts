import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { pgliteTestDatabase } from './helpers'

/**
 * The demo strategies agree with themselves (issue #22): one timeline of decisions behind the NAV,
 * the adjustments, the composition, the signals, the AIP advice and the thermometer. Each check
 * reads the seeded rows and works the expectation out here, without the seed's code.
 */

const CATEGORY_NAMES: Record<string, string> = {
  STOCK: '股票型',
  MIXED: '混合型',
  INDEX: '指数型',
  BOND: '债券型',
  MONEY: '货币型',
  QDII: 'QDII',
  GOLD: '商品型',
}
const ASSET: Record<string, string> = {
  STOCK: 'EQUITY',
  MIXED: 'EQUITY',
  INDEX: 'EQUITY',
  BOND: 'FIXED_INCOME',
  MONEY: 'CASH',
  QDII: 'OVERSEA',
  GOLD: 'COMMODITY',
}
/** The documented defaults (server/README.md, "Expected annual return"). */
const LONG_RUN: Record<string, number> = { EQUITY: 0.08, FIXED_INCOME: 0.035, CASH: 0.02, OVERSEA: 0.07, COMMODITY: 0.04 }
const MULTIPLE: Record<number, number> = { 1: 1.5, 2: 1.2, 3: 1.0, 4: 0.8, 5: 0.5 }

interface Part {
  po_code: string
  fund_code: string
  percent: string
  category: string
}

describe('the demo strategies: one timeline of decisions', () => {
  let database: Database
  let parts: Part[]
  // Rows of the portfolios table as the database returns them (the test reads a few columns by name).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows of a select *
  let portfolios: Array<Record<string, any>>
  let fundCategory: Map<string, string>
  before(async () => {
    database = (await pgliteTestDatabase()).database
    parts = await database.query<Part>(
      `select p.po_code, p.fund_code, p.percent::text as percent, f.category_code as category
         from portfolio_parts p join funds f using (fund_code) order by p.po_code, p.fund_code`,
    )
    portfolios = await database.query(`select * from portfolios order by po_code`)
    fundCategory = new Map(
      (await database.query<{ fund_code: string; category_code: string }>(`select fund_code, category_code from funds`)).map((r) => [
        r.fund_code,
        r.category_code,
      ]),
    )
  })
  after(async () => database?.close())

  const partsOf = (po: string) => parts.filter((p) => p.po_code === po)

  it('the current composition adds up to 1 and is the last adjustment’s after', async () => {
    for (const p of portfolios) {
      const mine = partsOf(p.po_code)
      // Each part's weight is stored with 6 places (a unit plan's 1/150 is 0.006667): the sum is 1 within their rounding.
      const sum = mine.reduce((s, x) => s + Number(x.percent), 0)
      assert.ok(Math.abs(sum - 1) <= mine.length * 0.5e-6 + 1e-12, `${p.po_code}: ${sum}`)
      const last = await database.query<{ fund_code: string; after_percent: string }>(
        `select a.fund_code, a.after_percent::text as after_percent from adjustment_parts a
          where a.adjustment_id = (select adjustment_id from adjustments where po_code = $1 order by adj_date desc limit 1)`,
        [p.po_code],
      )
      for (const x of last) {
        const held = mine.find((m) => m.fund_code === x.fund_code)
        assert.equal(held?.percent ?? '0.000000', x.after_percent, `${p.po_code} ${x.fund_code}`)
      }
    }
  })

  it('the NAV is the composition held: rebuilt here from the adjustments and the funds’ adjusted NAVs', async () => {
    for (const po of ['ZH015676', 'LW000001', 'ZH020001']) {
      // Walk back from the current composition through each adjustment's before to the set-up.
      const adjs = await database.query<{ adjustment_id: string; date: string }>(
        `select adjustment_id, to_char(adj_date, 'YYYY-MM-DD') as date from adjustments where po_code = $1 order by adj_date desc`,
        [po],
      )
      assert.ok(adjs.length >= 3, `${po} has ${adjs.length} adjustments`)
      let weights = new Map(partsOf(po).map((p) => [p.fund_code, Number(p.percent)]))
      const compositions: Array<{ date: string; weights: Map<string, number> }> = []
      for (const a of adjs) {
        compositions.unshift({ date: a.date, weights })
        weights = new Map(weights)
        const moved = await database.query<{ fund_code: string; before_percent: string }>(
          `select fund_code, before_percent::text as before_percent from adjustment_parts where adjustment_id = $1`,
          [a.adjustment_id],
        )
        for (const m of moved) weights.set(m.fund_code, Number(m.before_percent))
      }
      const navs = await database.query<{ date: string; nav: string }>(
        `select to_char(nav_date, 'YYYY-MM-DD') as date, nav::text as nav from portfolio_navs where po_code = $1 order by nav_date`,
        [po],
      )
      compositions.unshift({ date: navs[0].date, weights })
      const codes = [...new Set(compositions.flatMap((c) => [...c.weights.keys()]))]
      const adj = new Map<string, Map<string, number>>()
      for (const code of codes) {
        const rows = await database.query<{ date: string; adj: string }>(
          `select to_char(nav_date, 'YYYY-MM-DD') as date, adj_nav::text as adj from fund_navs where fund_code = $1`,
          [code],
        )
        adj.set(code, new Map(rows.map((r) => [r.date, Number(r.adj)])))
      }
      // Units bought on each composition's day at that day's adjusted NAVs; valued daily in between.
      let units = new Map<string, number>()
      let next = 0
      let worst = 0
      for (const { date, nav } of navs) {
        const value = units.size ? [...units].reduce((s, [c, u]) => s + u * adj.get(c)!.get(date)!, 0) : 1
        if (next < compositions.length && compositions[next].date === date) {
          units = new Map(
            [...compositions[next].weights].filter(([, w]) => w > 0).map(([c, w]) => [c, (value * w) / adj.get(c)!.get(date)!]),
          )
          next++
        }
        worst = Math.max(worst, Math.abs(Number(nav) - value))
      }
      assert.equal(next, compositions.length, `${po}: every adjustment is a NAV day`)
      assert.ok(worst < 0.0002, `${po}: the stored NAV is at most ${worst} off the composition's value`)
    }
  })

  it('signals: 买入N份X buys funds of X, 卖出 converts out into the reserve, a conversion never turns a fund into itself', async () => {
    const sigs = await database.query<{ sig_id: string; po_code: string; action: string; text: string; date: string }>(
      `select sig_id, po_code, signal_action_name as action, short_description as text, to_char(sig_date, 'YYYY-MM-DD') as date
         from signals where kind = 'SIGNAL'`,
    )
    assert.ok(sigs.length > 50, `${sigs.length} signals`)
    const seen = new Set<string>()
    for (const s of sigs) {
      const orders = await database.query<{ order_type: string; fund_code: string; target_fund_code: string | null }>(
        `select order_type, fund_code, target_fund_code from signal_orders where sig_id = $1 order by seq`,
        [s.sig_id],
      )
      assert.ok(orders.length > 0, s.sig_id)
      seen.add(s.action)
      const named = Object.entries(CATEGORY_NAMES).find(([, n]) => s.text.includes(`${n}基金`))?.[0]
      if (s.action === '买入') {
        assert.ok(named, `${s.sig_id}: ${s.text} names a category`)
        for (const o of orders) {
          assert.equal(o.order_type, 'buy', s.sig_id)
          assert.equal(fundCategory.get(o.fund_code), named, `${s.sig_id} ${s.text} buys ${o.fund_code}`)
        }
      } else {
        for (const o of orders) {
          assert.equal(o.order_type, 'convert', `${s.sig_id} ${s.action}: no buy order`)
          assert.notEqual(o.fund_code, o.target_fund_code, `${s.sig_id} converts a fund into itself`)
        }
        if (s.action === '卖出') {
          assert.ok(named, `${s.sig_id}: ${s.text}`)
          for (const o of orders) assert.equal(fundCategory.get(o.fund_code), named, `${s.sig_id} sells ${o.fund_code}`)
          const mix = new Set(partsOf(s.po_code).map((p) => p.category))
          for (const o of orders) assert.ok(['MONEY', 'BOND'].includes(fundCategory.get(o.target_fund_code!)!) || !mix.size, s.sig_id)
        }
      }
      // The signal is the adjustment of its day.
      const adj = await database.query(`select 1 from adjustments where po_code = $1 and adj_date = $2`, [s.po_code, s.date])
      assert.equal(adj.length, 1, `${s.sig_id} on ${s.date} is an adjustment`)
    }
    assert.deepEqual([...seen].sort(), ['买入', '卖出', '转换'].sort())
  })

  it('AIP advice: the multiple follows the thermometer level and its tag agrees', async () => {
    const aips = await database.query<{ buy_rate: string; tags: string[]; intro: string }>(
      `select buy_rate::text as buy_rate, intro_tags as tags, intro_description as intro from signals where kind = 'AIP'`,
    )
    assert.ok(aips.length > 20)
    const rates = new Set<string>()
    for (const a of aips) {
      const level = Number(/市场温度(\d)级/.exec(a.intro)?.[1])
      assert.equal(Number(a.buy_rate), MULTIPLE[level], a.intro)
      rates.add(a.buy_rate)
      if (a.tags.includes('高位少投')) assert.ok(Number(a.buy_rate) < 1, `${a.buy_rate} beside 高位少投`)
      if (a.tags.includes('低位多投')) assert.ok(Number(a.buy_rate) > 1, `${a.buy_rate} beside 低位多投`)
    }
    assert.ok(rates.size >= 3, `multiples seen: ${[...rates].join(', ')}`)
  })

  it('a strategy without equity, overseas or commodity funds (money, bonds) has no thermometer and no AIP advice', async () => {
    let without = 0
    for (const p of portfolios) {
      const assets = new Set(partsOf(p.po_code).map((x) => ASSET[x.category]))
      const market = ['EQUITY', 'OVERSEA', 'COMMODITY'].some((a) => assets.has(a))
      if (!market) {
        without++
        assert.equal(p.thermometer_level, null, p.po_code)
        const aip = await database.query(`select 1 from signals where po_code = $1 and kind = 'AIP'`, [p.po_code])
        assert.equal(aip.length, 0, p.po_code)
        assert.equal(p.is_support_smart_aip, false, p.po_code)
      } else assert.ok(p.thermometer_level >= 1 && p.thermometer_level <= 5, p.po_code)
    }
    assert.ok(without >= 3, `${without} money/bond strategies`)
  })

  it('预期年化收益 is the current asset mix weighted with each class’s long-run return', () => {
    const seen = new Set<string>()
    for (const p of portfolios) {
      const expected = partsOf(p.po_code).reduce((s, x) => s + Number(x.percent) * LONG_RUN[ASSET[x.category]], 0)
      // The figure adds up the parts its 口径 sheet shows, each product to 6 places: off the exact sum by at most half a millionth per asset class.
      assert.ok(
        Math.abs(Number(p.expected_annualized_return_rate) - expected) <= 5 * 5e-7 + 1e-12,
        `${p.po_code}: ${p.expected_annualized_return_rate} vs ${expected}`,
      )
      seen.add(p.expected_annualized_return_rate)
    }
    assert.ok(seen.size > 10, 'not one figure for all')
  })

  it('a personal plan (isModelPo false) has no crowd: a handful of followers at most, one buyer', () => {
    const personal = portfolios.filter((p) => !p.is_model_po)
    assert.ok(personal.length >= 3)
    for (const p of personal) {
      assert.ok(p.followers_base <= 5, `${p.po_code} ${p.followers_base}`)
      assert.ok(p.buyers_count <= 5, `${p.po_code} ${p.buyers_count}`)
    }
  })

  it('no header repeats a tag: the subtitle and the showcases say something the tags do not', () => {
    const tags = [
      '活钱管理',
      '稳健理财',
      '长期投资',
      '长赢计划',
      '长赢S计划',
      '定制规划',
      '实盘运行',
      '低风险',
      '中低风险',
      '中风险',
      '中高风险',
      '高风险',
    ]
    for (const p of portfolios) {
      assert.ok(!tags.some((t) => p.sub_title.includes(t)), `${p.po_code} subtitle ${p.sub_title}`)
      const texts = [...p.feature_showcase, ...p.performance_showcase].map((s: { valueText: string }) => s.valueText)
      for (const t of texts) assert.ok(!tags.includes(t), `${p.po_code} showcase ${t}`)
      assert.equal(new Set(texts).size, texts.length, p.po_code)
    }
  })

  it('drawdowns are negative rates: since set-up, the last year, and the 最大回撤 showcase say the same', () => {
    for (const p of portfolios) {
      const dd = Number(p.default_drawdown)
      assert.ok(dd < 0, `${p.po_code} ${p.default_drawdown}`)
      assert.ok(Number(p.min_drawdown) <= 0 && Number(p.min_drawdown) >= dd, p.po_code)
      const shown = p.performance_showcase.find((s: { key: string }) => s.key === 'maxDrawdown')
      assert.equal(shown.valueText, `${(dd * 100).toFixed(2)}%`)
    }
  })
})
