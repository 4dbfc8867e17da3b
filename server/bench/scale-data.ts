// The scale data set (issue #24): on top of the demo data, funds with 10 years of daily NAVs
// (trading days of the server's calendar, random walks with rare dividends and splits), strategies
// (compositions, adjustments, NAV series) and users with watchlists, up to 10,000 funds, 1,000
// strategies and 100,000 users at SCALE 1. Set-based SQL only (generate_series, unnest, window
// sums), in batches, with the big tables' keys dropped during the load and built after it; the
// same schema and migrations as the server, so the server reads it as its own.
import type { Database } from '../src/db'
import { migrate } from '../src/db'
import { isEmpty, seedDemoData } from '../src/demo/seed'
import { DEMO_END, DEMO_START, COMPANIES } from '../src/demo/context'
import { FUND_CATEGORIES } from '../src/demo/funds'
import { tradingDays } from '../src/calendar'

/** Totals at SCALE 1 (the demo data's rows count towards them). */
export const FULL = { funds: 10_000, strategies: 1_000, users: 100_000 }
/** At any scale at least this many are generated, so a tiny run still has generated rows of each kind. */
const MIN = { funds: 20, strategies: 3, users: 20 }
/** The strategy every generated one copies its settings (preferences, showcases, fees) from. */
export const TEMPLATE_PO = 'ZH015676'
/**
 * Generated fund n (from 1) has code 200826 + (n - 1) + ⌊(n - 1) / 1930⌋: the demo's codes are all
 * 1 + i × 1931, and this sequence (200826 ≡ 2 mod 1931) skips every code ≡ 1 mod 1931.
 */
const FUND_CODE_BASE = 200_826
export const scaleFundCode = (n: number) => String(FUND_CODE_BASE + (n - 1) + Math.floor((n - 1) / 1930)).padStart(6, '0')
/** The same as SQL, for an integer expression. */
const fundCodeSql = (n: string) => `lpad((${FUND_CODE_BASE} + (${n} - 1) + (${n} - 1) / 1930)::text, 6, '0')`
/** Strategies ZS000001…, users bench_u1…. */
export const scalePoCode = (n: number) => `ZS${String(n).padStart(6, '0')}`
export const scaleUserId = (n: number) => `bench_u${n}`

export interface ScaleCounts {
  funds: number
  strategies: number
  users: number
}

export interface ScaleResult {
  generated: ScaleCounts & { fundNavs: number; strategyNavs: number; picks: number }
  totals: ScaleCounts
  ms: number
  databaseBytes: number
}

/** How many rows of each kind a SCALE asks for, the demo data's counted in. */
export function scaleTargets(scale: number, existing: ScaleCounts): ScaleCounts {
  const want = (k: keyof ScaleCounts) => Math.max(MIN[k], Math.round(FULL[k] * scale) - existing[k])
  return { funds: want('funds'), strategies: want('strategies'), users: want('users') }
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`
const CATEGORY_ROWS = (() => {
  // Share of each category among generated funds, as the demo's: cumulative percent bounds.
  const weights: Record<string, number> = { STOCK: 24, MIXED: 26, INDEX: 16, BOND: 18, MONEY: 6, QDII: 7, GOLD: 3 }
  const bench: Record<string, string | null> = {
    STOCK: '000300',
    INDEX: '000300',
    MIXED: null,
    BOND: 'H11001',
    QDII: null,
    MONEY: null,
    GOLD: null,
  }
  let lo = 0
  return Object.entries(FUND_CATEGORIES)
    .map(([code, c]) => {
      const row = `(${sqlText(code)}, ${lo}, ${lo + weights[code]}, ${c.mu}, ${c.sigma}, ${sqlText(c.risk)}, ${sqlText(c.asset)}, ${sqlText(c.name.replace('型', ''))}, ${bench[code] ? sqlText(bench[code]) : 'null'})`
      lo += weights[code]
      return row
    })
    .join(',\n')
})()
/** category code, percent bounds, annual drift and volatility, risk level, asset class, name suffix, benchmark. */
const CATEGORIES = `(values ${CATEGORY_ROWS}) as cat(code, lo, hi, mu, sigma, risk, asset, suffix, benchmark)`
const THEMES = [
  '消费',
  '医疗',
  '科技',
  '新能源',
  '高端制造',
  '价值精选',
  '成长先锋',
  '蓝筹',
  '均衡',
  '稳健增长',
  '灵活配置',
  '红利',
  '纯债',
  '短债',
  '全球精选',
]

/** Drops the keys (primary, foreign) and indexes of `table` during `load` and builds them again after it (one pass, not per row). */
async function keysAfterLoad(database: Database, table: string, load: () => Promise<void>) {
  const constraints = await database.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = $1::regclass and contype in ('p', 'f')`,
    [table],
  )
  const indexes = await database.query<{ name: string; def: string }>(
    `select indexname as name, indexdef as def from pg_indexes i
     where tablename = $1 and schemaname = current_schema() and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  )
  // Other tables' foreign keys into this one depend on its primary key (watchlist_group_funds → user_fund_picks, 0013).
  const referencing = await database.query<{ name: string; def: string; owner: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def, conrelid::regclass::text as owner from pg_constraint
     where confrelid = $1::regclass and conrelid <> $1::regclass and contype = 'f'`,
    [table],
  )
  for (const c of referencing) await database.query(`alter table ${c.owner} drop constraint ${c.name}`)
  for (const c of constraints) await database.query(`alter table ${table} drop constraint ${c.name}`)
  for (const i of indexes) await database.query(`drop index ${i.name}`)
  try {
    await load()
  } finally {
    for (const c of constraints) await database.query(`alter table ${table} add constraint ${c.name} ${c.def}`)
    for (const i of indexes) await database.query(i.def)
    for (const c of referencing) await database.query(`alter table ${c.owner} add constraint ${c.name} ${c.def}`)
  }
}

/**
 * Fills `database` (migrated, demo-seeded when empty) with the scale data set at `scale` (0 < scale ≤ 1).
 * Meant for a throwaway PostgreSQL: run once on a fresh database.
 */
export async function generateScaleData(database: Database, scale: number, log: (msg: string) => void = () => {}): Promise<ScaleResult> {
  if (!(scale > 0 && scale <= 1)) throw new Error(`SCALE must be within (0, 1], not ${scale}`)
  const started = Date.now()
  await migrate(database)
  if (await isEmpty(database)) {
    log('loading the demo data set first')
    await database.transaction((tx) => seedDemoData(tx))
  }
  const count = async (table: string) => Number((await database.query<{ n: string }>(`select count(*) as n from ${table}`))[0].n)
  const existing = { funds: await count('funds'), strategies: await count('portfolios'), users: await count('users') }
  if ((await database.query(`select 1 from funds where fund_code = $1`, [scaleFundCode(1)])).length)
    throw new Error('this database already holds the scale data set: generate it into a fresh one')
  const n = scaleTargets(scale, existing)
  const days = tradingDays(DEMO_START, DEMO_END)
  log(`generating ${n.funds} funds × ${days.length} trading days, ${n.strategies} strategies, ${n.users} users (SCALE ${scale})`)

  // Funds: category by weight, a demo manager, a company and theme in the name.
  await database.query(
    `insert into funds (fund_code, fund_name, category_code, manager_id, setup_date, risk_level, fund_size, fund_size_date, benchmark)
     select ${fundCodeSql('g')},
            (${sqlText(`{${COMPANIES.join(',')}}`)}::text[])[1 + g % ${COMPANIES.length}] ||
              (${sqlText(`{${THEMES.join(',')}}`)}::text[])[1 + (g / 7) % ${THEMES.length}] || cat.suffix || (array['A', 'C', ''])[1 + g % 3] || g,
            cat.code, m.ids[1 + g % array_length(m.ids, 1)], $1::date, cat.risk, round((1 + (g * 7919) % 2000 / 10.0)::numeric, 2), $2::date, cat.benchmark
     from generate_series(1, $3::int) g
     cross join (select array_agg(manager_id order by manager_id) as ids from managers) m
     join ${CATEGORIES} on (g * 37) % 100 >= cat.lo and (g * 37) % 100 < cat.hi`,
    [DEMO_START, '2026-06-30', n.funds],
  )
  const fundNavs = n.funds * days.length

  // NAVs: w is the total-return walk (the adjusted NAV); a dividend (every 20th fund) lowers the
  // unit NAV from its ex-day by the cash paid, a split (every 97th) halves it.
  const BATCH = 250
  await keysAfterLoad(database, 'fund_navs', async () => {
    for (let from = 1; from <= n.funds; from += BATCH) {
      const to = Math.min(n.funds, from + BATCH - 1)
      await database.query(
        `insert into fund_navs (fund_code, nav_date, nav, acc_nav, daily_return, adj_nav)
         with d as (select day::date as day, i::int as i from unnest($1::text[]) with ordinality t(day, i)),
         f as (
           select g, ${fundCodeSql('g')} as code, cat.mu, cat.sigma,
                  case when g % 20 = 0 then 300 + (g * 37) % ($4::int - 400) end as div_i,
                  case when g % 97 = 3 and g % 20 <> 0 then 500 + (g * 53) % ($4::int - 600) end as split_i
           from generate_series($2::int, $3::int) g join ${CATEGORIES} on (g * 37) % 100 >= cat.lo and (g * 37) % 100 < cat.hi),
         steps as (
           select f.*, d.day, d.i,
                  case when d.i = 1 then 0 else f.mu / 244 + f.sigma / 15.62 * (random() + random() + random() + random() - 2) * 1.732 end as r
           from f cross join d),
         walk as (select *, exp(sum(r) over (partition by code order by i)) as w from steps),
         marked as (select *, max(case when i = div_i then w end) over (partition by code) as w_div from walk)
         select code, day,
                round((case when i >= div_i then w * 0.95 when i >= split_i then w / 2 else w end)::numeric, 4),
                round((case when i >= div_i then w * 0.95 + w_div * 0.05 when i >= split_i then w / 2 else w end)::numeric, 4),
                case when i > 1 then round((exp(r) - 1)::numeric, 6) end,
                round(w::numeric, 8)
         from marked`,
        [days, from, to, days.length],
      )
      if (to === n.funds || ((to / BATCH) | 0) % 8 === 0) log(`  fund NAVs: ${to} of ${n.funds} funds`)
    }
  })
  await database.query(
    `insert into fund_events (fund_code, ex_date, kind, cash_per_unit, split_ratio)
     select n.fund_code, n.nav_date, 'dividend', round(n.adj_nav * 0.05, 6), null
     from generate_series(20, $1::int, 20) g
     join fund_navs n on n.fund_code = ${fundCodeSql('g')}
       and n.nav_date = ($2::text[])[300 + (g * 37) % ($3::int - 400)]::date
     union all
     select ${fundCodeSql('g')}, ($2::text[])[500 + (g * 53) % ($3::int - 600)]::date, 'split', null, 2
     from generate_series(3, $1::int, 97) g where g % 20 <> 0`,
    [n.funds, days, days.length],
  )

  // Strategies: the template's settings, five generated funds each, a NAV walk, four adjustments.
  const columns = (
    await database.query<{ c: string }>(
      `select column_name as c from information_schema.columns where table_name = 'portfolios' and table_schema = current_schema() order by ordinal_position`,
    )
  ).map((r) => r.c)
  const value = (c: string) =>
    c === 'po_code'
      ? `'ZS' || lpad(g::text, 6, '0')`
      : c === 'po_name'
        ? `(${sqlText(`{${THEMES.join(',')}}`)}::text[])[1 + g % ${THEMES.length}] || '策略' || g`
        : c === 'created_date'
          ? `$2::date`
          : c === 'followers_base'
            ? `(g * 131) % 5000`
            : `t.${c}`
  await database.query(
    `insert into portfolios (${columns.join(', ')})
     select ${columns.map(value).join(', ')} from portfolios t cross join generate_series(1, $1::int) g where t.po_code = $3`,
    [n.strategies, DEMO_START, TEMPLATE_PO],
  )
  await database.query(
    `insert into portfolio_benchmarks (po_code, index_code, is_default)
     select 'ZS' || lpad(g::text, 6, '0'), b.index_code, b.is_default from portfolio_benchmarks b cross join generate_series(1, $1::int) g where b.po_code = $2`,
    [n.strategies, TEMPLATE_PO],
  )
  // Part k of strategy g: generated fund 1 + (g * 5 + k * 7) mod funds (distinct for k < 5 while funds > 28).
  const partFund = `${fundCodeSql('x')}`
  await database.query(
    `insert into portfolio_parts (po_code, category_code, fund_code, percent, variety_name)
     select distinct on (1, 3) 'ZS' || lpad(g::text, 6, '0'), cat.asset, ${partFund}, 0.2, null
     from generate_series(1, $1::int) g cross join generate_series(0, 4) k
     cross join lateral (select 1 + (g * 5 + k * 7) % $2::int as x) p
     join ${CATEGORIES} on (x * 37) % 100 >= cat.lo and (x * 37) % 100 < cat.hi`,
    [n.strategies, n.funds],
  )
  await database.query(
    `insert into adjustments (adjustment_id, po_code, adj_date, comment)
     select 'ZS' || lpad(g::text, 6, '0') || '-' || k, 'ZS' || lpad(g::text, 6, '0'), ($2::text[])[k * 480 + 1 + g % 200]::date, '定期再平衡'
     from generate_series(1, $1::int) g cross join generate_series(1, 4) k`,
    [n.strategies, days],
  )
  await database.query(
    `insert into adjustment_parts (adjustment_id, fund_code, category_code, before_percent, after_percent, movement)
     select a.adjustment_id, pp.fund_code, pp.category_code, 0.18 + ((row_number() over w) % 2) * 0.04, 0.2,
            case when (row_number() over w) % 2 = 0 then 'In' else 'Out' end
     from adjustments a join portfolio_parts pp on pp.po_code = a.po_code
     where a.po_code like 'ZS%'
     window w as (partition by a.adjustment_id order by pp.fund_code)`,
  )
  const strategyNavs = n.strategies * days.length
  await keysAfterLoad(database, 'portfolio_navs', () =>
    database
      .query(
        `insert into portfolio_navs (po_code, nav_date, nav)
         with d as (select day::date as day, i::int as i from unnest($1::text[]) with ordinality t(day, i)),
         steps as (
           select 'ZS' || lpad(g::text, 6, '0') as code, d.day, d.i,
                  case when d.i = 1 then 0 else 0.06 / 244 + 0.12 / 15.62 * (random() + random() + random() + random() - 2) * 1.732 end as r
           from generate_series(1, $2::int) g cross join d)
         select code, day, round(exp(sum(r) over (partition by code order by i))::numeric, 4) from steps`,
        [days, n.strategies],
      )
      .then(() => {}),
  )
  log(`  strategies: ${n.strategies}, ${strategyNavs} NAVs`)

  // Users: 0–20 picks each (10 on average), from the generated funds.
  await database.query(
    `insert into users (user_id, nickname, created_at)
     select 'bench_u' || g, '用户' || g, now() from generate_series(1, $1::int) g`,
    [n.users],
  )
  let picks = 0
  await keysAfterLoad(database, 'user_fund_picks', async () => {
    const rows = await database.query<{ n: string }>(
      `with ins as (
         insert into user_fund_picks (user_id, fund_code, seq)
         select distinct on (1, 2) 'bench_u' || g, ${fundCodeSql('x')}, j + 1
         from generate_series(1, $1::int) g cross join lateral generate_series(0, g % 21 - 1) j
         cross join lateral (select 1 + (g * 31 + j * 97) % $2::int as x) p
         returning 1)
       select count(*) as n from ins`,
      [n.users, n.funds],
    )
    picks = Number(rows[0].n)
  })
  log(`  users: ${n.users}, ${picks} picks`)
  await database.query('update data_version set version = version + 1, changed_at = now()')
  await database.query('analyze')
  const [{ bytes }] = await database.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes')
  return {
    generated: { ...n, fundNavs, strategyNavs, picks },
    totals: { funds: existing.funds + n.funds, strategies: existing.strategies + n.strategies, users: existing.users + n.users },
    ms: Date.now() - started,
    databaseBytes: Number(bytes),
  }
}
