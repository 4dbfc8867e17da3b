import type { Random } from './random'
import type { Row, Table } from './bulk'

/** Bump when the generated data changes shape; stored in demo_meta. */
export const DEMO_SEED = 20240601
export const DEMO_START = '2016-10-10'
export const DEMO_END = '2026-09-30'
/** A demo account that already holds and signs some portfolios (log in with its phone and the dev SMS code). */
export const DEMO_USER = { userId: 'u_demo', phone: '13800000000', nickname: '演示用户' }

/**
 * What every domain's seed step shares. The one generator `rnd` is drawn from in a fixed order
 * (the steps run one after another as seedDemoData lists them), so the data set is the same on
 * every machine: a step that draws in another order changes every figure after it.
 */
export interface SeedContext {
  rnd: Random
  /** The demo trading days, DEMO_START to DEMO_END. */
  days: string[]
  /** Inserts rows (in the seed's one transaction) and counts them for the log. */
  insert<T extends Table>(table: T, rows: ReadonlyArray<Row<T>>): Promise<void>
  log(message: string): void
}

export const round = (v: number, d: number) => v.toFixed(d)

export const COMPANIES = ['易方达', '华夏', '南方', '嘉实', '广发', '汇添富', '富国', '博时', '招商', '工银瑞信', '中欧', '兴证全球']

/** Rows gathered per table before they are inserted, in the order of `tables`. */
export type RowsOf<T extends Table> = { [K in T]: Row<K>[] }

export function rowsOf<T extends Table>(tables: readonly T[]): RowsOf<T> {
  return Object.fromEntries(tables.map((t) => [t, []])) as unknown as RowsOf<T>
}

/** Inserts gathered rows table by table, in the order of `tables` (parents before the rows that refer to them). */
export async function insertAll<T extends Table>(ctx: SeedContext, tables: readonly T[], rows: RowsOf<T>) {
  for (const table of tables) await ctx.insert(table, rows[table])
}
