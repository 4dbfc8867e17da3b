import type { Row } from './bulk'
import { round, type SeedContext } from './context'

/** The benchmark indexes, with the annual drift and volatility their demo series are drawn with. */
export const BENCHMARKS = [
  {
    indexCode: '000300',
    indexShortName: '沪深300',
    name: '沪深300指数',
    description: '沪深两市规模大、流动性好的300只股票',
    mu: 0.05,
    sigma: 0.22,
  },
  { indexCode: '000905', indexShortName: '中证500', name: '中证500指数', description: '中小市值公司的代表', mu: 0.04, sigma: 0.26 },
  { indexCode: 'H11001', indexShortName: '中债综合', name: '中债综合全价指数', description: '中国债券市场整体走势', mu: 0.01, sigma: 0.02 },
  { indexCode: '000001', indexShortName: '上证指数', name: '上证综合指数', description: '上海证券交易所全部股票', mu: 0.02, sigma: 0.2 },
  { indexCode: 'SPX', indexShortName: '标普500', name: '标准普尔500指数', description: '美国大型上市公司', mu: 0.09, sigma: 0.18 },
  { indexCode: 'MIX6040', indexShortName: '股债60/40', name: '60%沪深300+40%中债综合', description: '股债平衡基准', mu: 0.04, sigma: 0.13 },
]

/**
 * The benchmarks and their daily values. Returns the shared market factor (one draw per trading
 * day) that correlates the benchmarks with each other and with the funds.
 */
export async function seedBenchmarks({ rnd, days, insert }: SeedContext): Promise<Float64Array> {
  await insert(
    'benchmarks',
    BENCHMARKS.map((b) => ({ index_code: b.indexCode, index_short_name: b.indexShortName, name: b.name, description: b.description })),
  )
  const market = Float64Array.from(days, () => rnd.gauss())
  const values: Row<'benchmark_values'>[] = []
  for (const b of BENCHMARKS) {
    let v = 1000 + rnd.int(0, 3000)
    days.forEach((d, i) => {
      if (i > 0) v *= 1 + b.mu / 244 + (b.sigma / Math.sqrt(244)) * (0.8 * market[i] + 0.6 * rnd.gauss())
      values.push({ index_code: b.indexCode, value_date: d, value: round(v, 4) })
    })
  }
  await insert('benchmark_values', values)
  return market
}
