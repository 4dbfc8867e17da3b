import type { Queryable } from '../db'
import { seedDemoAccount } from './account'
import { seedBenchmarks } from './benchmarks'
import { insertRows } from './bulk'
import { seedContent } from './content'
import { seedCourseCatalogue } from './courses'
import { DEMO_END, DEMO_SEED, DEMO_START, type SeedContext } from './context'
import { seedCategories, seedFunds } from './funds'
import { seedHomeContent } from './home'
import { seedLive } from './live'
import { seedManagers } from './managers'
import { seedPortfolios } from './portfolios'
import { seedSiteContent } from './siteContent'
import { tradingDays } from '../calendar'
import { Random } from './random'

export { DEMO_USER } from './context'

/** True when the database has no demo (or imported) data yet. */
export async function isEmpty(database: Queryable): Promise<boolean> {
  const any = await database.db.selectFrom('funds').select('fund_code').limit(1).executeTakeFirst()
  return any === undefined
}

/**
 * Generates and inserts the deterministic demo data set (ARCHITECTURE.md section 5), one domain
 * after another on the caller's connection (startup runs it in one transaction: a first start
 * killed half-way leaves an empty database). Same seed, same rows, on every machine: the steps
 * draw from one generator in this order. Returns row counts for the log.
 */
export async function seedDemoData(database: Queryable, log: (msg: string) => void = () => {}): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  const ctx: SeedContext = {
    rnd: new Random(DEMO_SEED),
    days: tradingDays(DEMO_START, DEMO_END),
    async insert(table, rows) {
      await insertRows(database, table, rows)
      counts[table] = (counts[table] ?? 0) + rows.length
    },
    log,
  }
  await seedManagers(ctx)
  const market = await seedBenchmarks(ctx)
  await seedCategories(ctx)
  const funds = await seedFunds(ctx, market)
  await seedPortfolios(ctx, funds)
  await seedContent(ctx, funds)
  await seedHomeContent(ctx)
  await seedSiteContent(ctx)
  await seedDemoAccount(ctx)
  await seedLive(ctx)
  Object.assign(counts, await seedCourseCatalogue(database))
  await ctx.insert('demo_meta', [
    { key: 'demo_seed', value: String(DEMO_SEED) },
    { key: 'demo_end', value: DEMO_END },
  ])
  return counts
}
