import type { Database } from '../src/db'
import { composition as loadComposition } from '../src/portfolio/composition'
import * as po from '../src/portfolio/data'
import { portfolioFields } from '../src/portfolio/fields'
import { navHistory as loadNavHistory } from '../src/portfolio/series'
import { loadFunds } from '../src/fund/data'
import { loadManager, managerUrl } from '../src/manager/data'
import { rangeStart } from '../src/ranges'

const pick = (o: object | null | undefined, keys: string[]) =>
  o == null ? null : Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k] ?? null]))
const pickAll = (list: object[], keys: string[]) => list.map((o) => pick(o, keys))

/**
 * The JSON of operations/Portfolio.graphql for an anonymous viewer, assembled by hand from the
 * same data functions the resolvers use: the baseline of `npm run bench:api`.
 */
export async function portfolioPageJson(database: Database, poCode: string, range: string) {
  const row = await po.loadPortfolioRow(database, poCode)
  if (!row) return { data: { portfolio: null } }
  const f = portfolioFields(row)
  const [followersCount, investedUnit, manager, benchmarks, composition, navHistory, latest, last] = await Promise.all([
    po.followersCount(database, row),
    po.investedUnit(database, row),
    row.manager_id ? loadManager(database, row.manager_id) : null,
    po.comparableBenchmarks(database, poCode),
    loadComposition(database, row),
    loadNavHistory(database, row, range),
    po.signals(database, poCode, 'SIGNAL', 0, 1),
    po.lastNavDate(database, poCode),
  ])
  const code = row.preferences.defaultComparableBenchmark ?? row.asset_classes_testing_index
  const benchmark = code ? await po.benchmark(database, code, range, last ? (rangeStart(range, last) ?? row.created_date) : null) : null
  const funds = await loadFunds(
    database,
    composition.groups.flatMap((g) => g.parts.map((p) => p.fundCode)),
  )
  const pref = row.preferences
  return {
    data: {
      portfolio: {
        ...pick(f, [
          'poCode',
          'poName',
          'subTitle',
          'riskLevel',
          'runningDays',
          'createdDate',
          'moneyType',
          'hasAdvisor',
          'seriesType',
          'isModelPo',
          'isCustomPlan',
          'description',
          'url',
        ]),
        hasSigned: false,
        hasFollowed: false,
        followersCount,
        ...pick(f, ['buyersCount', 'showNotes', 'isSupportSmartAip', 'runningWithRealMoney', 'totalUnit']),
        investedUnit,
        manager: manager
          ? {
              ...pick(manager, ['managerId', 'managerName', 'isVerified', 'avatarUrl', 'isYingmiExtended']),
              url: managerUrl(manager.managerId),
            }
          : null,
        featureShowcase: pickAll(f.featureShowcase, ['key', 'displayName', 'valueText', 'fontColor']),
        performanceShowcase: pickAll(f.performanceShowcase, ['key', 'displayName', 'valueText', 'fontColor']),
        annualizedReturnRateRange: pick(f.annualizedReturnRateRange, ['expectedAnnualizedReturnRate', 'defaultDrawdown', 'minDrawdown']),
        thermometer: f.thermometer
          ? {
              level: f.thermometer.level,
              levelDescription: f.thermometer.levelDescription,
              advice: pick(f.thermometer.advice, ['howToBuy', 'howToSell']),
            }
          : null,
        comparableBenchmarks: pickAll(benchmarks, ['indexCode', 'indexShortName', 'name', 'description', 'isDefault']),
        preference: {
          ...pick(pref, [
            'displayPerformance',
            'displayCompositionPieChart',
            'displayCompositionDetailList',
            'hasAdjustmentHistoryPage',
            'hasAnalysisPage',
            'hasFundInvestPoolPage',
            'displayMaxDrawdownOnChart',
            'displayAdjustmentPoint',
            'displayPeakPoint',
            'displayBenchmark',
            'displayProfitCalculator',
            'displayManagerIdentity',
            'displayShowcase',
            'displayDescriptionOnDetailPage',
            'hasIntroPage',
            'introImageUrls',
          ]),
          topNotice: pick(pref.topNotice, ['link', 'text']),
          defaultComparableBenchmark: pref.defaultComparableBenchmark ?? null,
          listSeriesSettings: pickAll(pref.listSeriesSettings ?? [], ['key', 'name', 'color']),
          displaySmartAipDisclaimerPopup: pref.displaySmartAipDisclaimerPopup,
        },
        composition: {
          updatedAt: composition.updatedAt,
          groups: composition.groups.map((g) => ({
            ...pick(g, ['percent', 'categoryCode', 'categoryName']),
            parts: g.parts.map((p) => ({
              ...pick(p, ['percent', 'varietyName', 'latestMovement']),
              fund: pick(funds.get(p.fundCode), ['fundCode', 'fundName', 'nav', 'navDate', 'dailyReturn']),
            })),
          })),
        },
        navHistory: {
          series: pickAll(navHistory.series, ['date', 'value']),
          adjustmentPoints: pickAll(navHistory.adjustmentPoints, ['date', 'value', 'extra']),
          maxDrawdown: pick(navHistory.maxDrawdown, ['rate', 'startDate', 'endDate']),
          totalReturn: navHistory.totalReturn,
        },
        benchmark: benchmark
          ? { ...pick(benchmark, ['name', 'indexCode', 'indexShortName']), history: pickAll(benchmark.history, ['date', 'value']) }
          : null,
        latestSignal: pick(latest.rows[0], ['sigId', 'date', 'shortDescription', 'signalActionName']),
      },
    },
  }
}
