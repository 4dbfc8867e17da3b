import type { Database } from '../db'
import { fundStats, type FilterPeriod } from '../filter/stats'
import { badInput } from '../graphql/errors'
import { rate } from '../fund/performance'
import { fundNames } from '../fund/data'

/** Ranking periods: the same figures the fund page, the filter and the watchlist show. */
export const RANK_PERIODS: readonly FilterPeriod[] = ['1M', '3M', '6M', '1Y', '3Y']

export interface FundReturn {
  fundCode: string
  fundName: string
  categoryCode: string
  periodReturn: string | null
}

/** Every fund's return over the period ending on its own latest NAV day, from the filter statistics (one engine: fund/performance.ts). */
export async function fundReturns(database: Database, period: string): Promise<FundReturn[]> {
  if (!(RANK_PERIODS as readonly string[]).includes(period)) throw badInput(`区间 period 须为以下之一：${RANK_PERIODS.join('、')}`)
  const [rows, stats] = await Promise.all([fundNames(database), fundStats(database)])
  return rows.map((r) => ({ ...r, periodReturn: rate(stats.byCode.get(r.fundCode)?.returns[period as FilterPeriod] ?? null) }))
}

/** Best first for reverse, worst first for normal; funds without a return last either way. */
export function sortByReturn<T extends { fundCode: string; periodReturn: string | null }>(
  list: readonly T[],
  direction: 'normal' | 'reverse',
): T[] {
  return [...list].sort((a, b) => {
    if (a.periodReturn === null || b.periodReturn === null) {
      return a.periodReturn === b.periodReturn ? a.fundCode.localeCompare(b.fundCode) : a.periodReturn === null ? 1 : -1
    }
    const d = Number(a.periodReturn) - Number(b.periodReturn)
    return (direction === 'reverse' ? -d : d) || a.fundCode.localeCompare(b.fundCode)
  })
}

/** Themes and the words in a fund name that place the fund in them (a deterministic demo mapping). */
export const THEMES: ReadonlyArray<{ themeCode: string; name: string; description: string; keywords: string[] }> = [
  { themeCode: 'consumer', name: '消费', description: '食品饮料、家电、零售等与居民消费相关的行业。', keywords: ['消费', '红利'] },
  { themeCode: 'healthcare', name: '医药', description: '创新药、医疗器械、医疗服务等医药医疗行业。', keywords: ['医疗', '医药'] },
  { themeCode: 'new-energy', name: '新能源', description: '光伏、风电、锂电池、新能源汽车产业链。', keywords: ['新能源', '高端制造'] },
  {
    themeCode: 'tech',
    name: '科技',
    description: '半导体、软件、通信、互联网等科技行业，含海外科技指数。',
    keywords: ['科技', '创业板', '纳斯达克', '成长'],
  },
  {
    themeCode: 'finance',
    name: '金融',
    description: '银行、证券、保险等金融行业及大盘蓝筹。',
    keywords: ['证券', '蓝筹', '沪深300', '价值'],
  },
  { themeCode: 'gold', name: '黄金', description: '黄金现货及黄金ETF，常用于分散风险。', keywords: ['黄金'] },
]

export const themeOf = (fundName: string) => THEMES.filter((t) => t.keywords.some((k) => fundName.includes(k)))
