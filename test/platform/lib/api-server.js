// @ts-check
'use strict'
// The real API server for the WeChat simulator checks (run with `node --import tsx`, which
// loads the TypeScript of server/ and of src/utils/format.ts): the app of server/src on a private
// copy of the seeded PGlite demo database (server/test/helpers.ts builds the template once per
// machine), listening on a free loopback port. It logs the demo user in (SMS flow), reads the
// figures the screens must show straight from the API (GraphQL through app.inject), and prints
// one JSON line:
//   {"origin","token","expected":{...}}
// The arguments name the parts to read (default fund and strategy):
//   fund      the fund screens (weapp-simulate-screens.js): picks a few funds for the watchlist,
//             reads fund 000001, its manager, the market indices, and warms the fund statistics;
//   course    the course screens (weapp-simulate-course.js): the first page of courses, the first
//             course and its lessons;
//   home      the home page (weapp-simulate-home.js): expected.home, what GET /m4 (second API) answers
//             and the texts the page shows from it;
//   strategy  the strategy screens (weapp-simulate-strategy.js): expected.strategy, the values of
//             an ordinary strategy, a long-win plan, an investment plan (with its model portfolio,
//             intro, latest advices and smart-AIP series), a fund-pool strategy, a
//             step-rate strategy and the strategy lists, each also as the app shows it (the app's
//             own formatters of src/utils/format.ts);
//   live      the live screens (weapp-simulate-live.js): the streams, LIVE001 and its comments, the
//             预告 LIVE003; the server offers start reminders (a template id per platform).
//   site      the app's own pages (weapp-simulate-site.js): the demo user's wallet, the advisor
//             content of every strategy, the download and 关于我们 configs.
// It stops when its stdin closes (the check ended, however it ended) or on SIGTERM.
const { apiHeaders, login, pgliteTestDatabase, startApp } = require('../../../server/test/helpers')

/**
 * A GraphQL answer's data (JSON, read as the checks expect it).
 * @typedef {(query: string, variables?: Record<string, unknown>) => Promise<any>} Gql
 */

/**
 * The rows of the strategy answers that are mapped over.
 * @typedef {{ percent: number; fund: { fundCode: string; fundName: string } }} Part
 * @typedef {{ categoryCode: string; categoryName: string | null; percent: number; parts: Part[] }} Group
 * @typedef {{ poCode: string; poName: string; moneyType: string; preference: { hasFundInvestPoolPage: boolean } }} ListedStrategy
 */

const FUND = '000001'
const DEMO_PHONE = '13800000000'

async function main() {
  const asked = process.argv.slice(2)
  const parts = new Set(asked.length ? asked : ['fund', 'strategy'])
  for (const part of parts)
    if (!['fund', 'strategy', 'course', 'live', 'home', 'site'].includes(part)) throw new Error(`unknown part ${part}`)
  const { database } = await pgliteTestDatabase()
  const t = await startApp(database, parts.has('live') ? LIVE_SETTINGS : {})
  const token = await login(t, DEMO_PHONE)
  const auth = apiHeaders({ authorization: `Bearer ${token}` })
  /**
   * A GraphQL answer's data, asked as the demo user; any error throws.
   * @type {Gql}
   */
  const gql = async (query, variables = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/graphql',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { query, variables },
    })
    const body = res.json()
    if (res.statusCode !== 200 || body.errors) throw new Error(`graphql ${res.statusCode} ${res.body.slice(0, 500)}`)
    return body.data
  }
  /** @type {Record<string, unknown>} */
  const expected = {}
  if (parts.has('fund')) Object.assign(expected, await fundExpected(t, database, auth, gql))
  if (parts.has('strategy')) expected.strategy = await strategyExpected(gql)
  if (parts.has('course')) expected.course = await courseExpected(gql)
  if (parts.has('live')) expected.live = await liveExpected(gql)
  if (parts.has('home')) expected.home = await homeExpected(t)
  if (parts.has('site')) expected.site = await siteExpected(t, auth, gql)

  const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
  process.stdout.write(`${JSON.stringify({ origin: address, token, expected })}\n`)

  let closing = false
  const stop = async () => {
    if (closing) return
    closing = true
    await t.app.close().catch(() => undefined)
    await database.close().catch(() => undefined)
    process.exit(0)
  }
  process.stdin.on('end', () => void stop())
  process.stdin.on('close', () => void stop())
  process.stdin.resume()
  process.on('SIGTERM', () => void stop())
}

/**
 * The course screens' values (weapp-simulate-course.js): the first page of courses and the first course's lessons.
 * @param {Gql} gql
 */
async function courseExpected(gql) {
  const { courses } = await gql('{ courses(page: { size: 10 }) { totalCount list { courseId title lessonCount totalSecond } } }')
  const first = courses.list[0]
  const { course } = await gql(
    'query($c: String!) { course(courseId: $c) { courseId title lessons(page: { size: 20 }) { list { lessonId title durationSecond videoUrl } } } }',
    { c: first.courseId },
  )
  return { courses: courses.list, totalCount: courses.totalCount, course }
}

/** Start reminders offered on both platforms (nothing is sent: no send endpoints). */
const LIVE_SETTINGS = { WECHAT_LIVE_TEMPLATE_ID: 'wx-live-start-template', BAIDU_LIVE_TEMPLATE_ID: 'bd-live-start-template' }

/**
 * The live screens' values: the streams, LIVE001 (直播中) with its comments, LIVE003 (预告).
 * @param {Gql} gql
 */
async function liveExpected(gql) {
  const { liveStreams, live, upcoming } = await gql(`{
    liveStreams { liveId title status }
    live: liveStream(liveId: "LIVE001") { liveId title status presenter comments(page: { size: 20 }) { list { commentId content nickname } } }
    upcoming: liveStream(liveId: "LIVE003") { liveId title status startsAt }
  }`)
  if (!live || !upcoming || !live.comments.list.length) throw new Error('the demo data lacks LIVE001 with comments or LIVE003')
  return { liveStreams, live, upcoming, templates: LIVE_SETTINGS }
}

/**
 * The fund screens' figures: 000001 and two more funds picked, its manager, the market indices.
 * @param {Awaited<ReturnType<typeof startApp>>} t
 * @param {import('../../../server/src/db').Database} database
 * @param {Record<string, string>} auth
 * @param {Gql} gql
 */
async function fundExpected(t, database, auth, gql) {
  // 000001 and the next two live funds with NAVs.
  /** @type {Array<{ fund_code: string; fund_name: string }>} */
  const others = await database.query(
    `select fund_code, fund_name from funds f where terminated_date is null and fund_code > $1 and exists (select 1 from fund_navs n where n.fund_code = f.fund_code) order by fund_code limit 2`,
    [FUND],
  )
  const PICKS = [FUND, ...others.map((r) => r.fund_code)]
  const pickNames = others.map((r) => r.fund_name)
  const picked = await t.app.inject({
    method: 'POST',
    url: '/alfa/v1/user-fund-picks/batch',
    headers: auth,
    payload: { fundCodes: PICKS, op: 'add' },
  })
  if (picked.statusCode !== 200) throw new Error(`picking funds: ${picked.statusCode} ${picked.body}`)

  const { fund } = await gql(
    `query($c: String!) { fund(fundCode: $c) { fundCode fundName nav navDate manager { managerId managerName } navRows(page: { size: 20 }) { list { date nav } pageInfo { hasMore } } } }`,
    { c: FUND },
  )
  if (!fund) throw new Error(`fund ${FUND} is not in the demo data`)
  const { fundManager } = await gql(`query($m: String!) { fundManager(managerId: $m) { managerName company fundCount } }`, {
    m: fund.manager.managerId,
  })
  const { marketIndices } = await gql(`{ marketIndices { indexCode indexName latest change } }`)

  // The whole-market fund statistics (server/src/filter/stats.ts, behind myPicks and the filter)
  // are computed on first use: about 7-9 s on PGlite on 2 cores. Computed here, so that each
  // screen's time limit measures the screen; the check reports this figure.
  const warmStarted = Date.now()
  await gql(`{ fundFilterCount(conditions: {}) }`)
  const warmMs = Date.now() - warmStarted

  return { fund, manager: fundManager, marketIndices, picks: PICKS, pickNames, warmMs }
}

// The strategies of the demo data the strategy screens open: one of each kind and the step-rate one.
const ORDINARY = 'ZH015676'
const LONG_WIN = 'LW000001'
const INVEST_PLAN = 'AP000001'
const STEP_RATE = 'LW000002'

/**
 * The strategy screens' values (weapp-simulate-strategy.js), each raw and as the app shows it
 * (src/utils/format.ts, the app's own formatters; the screens' page sizes: lists of 20, records
 * of 10, daily NAVs of 20 over 近1年).
 * @param {Gql} gql
 */
async function strategyExpected(gql) {
  const {
    formatAmount,
    formatCount,
    formatDate,
    formatDrawdown,
    formatMultiple,
    formatNav,
    formatPercent,
  } = require('../../../src/utils/format.ts')
  const signed = (/** @type {number | null} */ v) => formatPercent(v, 2, { sign: true })
  const head = 'poCode poName runningDays followersCount'
  const { portfolio: po, displaySmartAipDisclaimerPopup } = await gql(
    `query($c: String!) {
      displaySmartAipDisclaimerPopup(poCode: $c)
      portfolio(poCode: $c) {
        ${head} buyersCount hasFollowed createdDate riskLevel
        manager { managerName }
        chart: navHistory(range: "1Y") { totalReturn }
        whole: navHistory(range: "Max") { totalReturn maxDrawdown { rate startDate endDate } }
        signals(page: { size: 10 }) { totalCount list { date shortDescription } }
        adjustments(page: { size: 10 }) { totalCount list { date comment } }
        aipAdvices(page: { size: 10 }) { totalCount list { sigId issueNumber buyDate buyRate } }
        dailyNavs(range: "1Y", page: { size: 20 }) { totalCount list { date value dailyReturn } }
        timelinePosts(page: { size: 10 }) { totalCount list { title postedDate } }
        managerTalk: timelinePosts(type: ManagerTalk, page: { size: 10 }) { totalCount list { title } }
        reports: timelinePosts(type: AdvisorReport, page: { size: 10 }) { totalCount list { title postedDate } }
        faq { question answer }
        thermometer { level levelDescription advice { howToBuy howToSell } }
        composition { groups { categoryCode categoryName percent parts { percent fund { fundCode fundName } } } }
        tradeRule { advisorCharge { mode feeRate } }
        preference { introImageUrls }
      }
    }`,
    { c: ORDINARY },
  )
  if (!po) throw new Error(`strategy ${ORDINARY} is not in the demo data`)
  if (!po.aipAdvices.list.length) throw new Error(`${ORDINARY} has no regular-investment suggestion`)
  // The newest suggestion (a real sigId of the strategy) for the detail screen.
  const { aipAdvice } = await gql(
    `query($sig: String!) { aipAdvice(sigId: $sig) { sigId issueNumber buyDate buyRate buyOrders { fundCode fundName percent } } }`,
    { sig: po.aipAdvices.list[0].sigId },
  )
  /** @type {Record<string, object>} */
  const kinds = {}
  for (const [kind, code] of [
    ['longWin', LONG_WIN],
    ['investPlan', INVEST_PLAN],
  ]) {
    /** @type {{ portfolio: { followersCount: number } | null }} */
    const { portfolio } = await gql(`query($c: String!) { portfolio(poCode: $c) { ${head} seriesType isCustomPlan } }`, { c: code })
    if (!portfolio) throw new Error(`strategy ${code} is not in the demo data`)
    kinds[kind] = { ...portfolio, followers: formatCount(portfolio.followersCount) }
  }
  // The investment plan's own screens (issue #23): its holdings beside its model portfolio's, its
  // intro, its five latest advices and its smart-AIP series, through the spec's operations.
  const planComposition = async (/** @type {boolean} */ isModelPo) =>
    (
      await gql(
        `query($c: String!, $m: Boolean) { portfolio(poCode: $c) { composition(categoryType: FundCategory, isModelPo: $m) { groups { parts { fund { fundCode fundName } } } } } }`,
        { c: INVEST_PLAN, m: isModelPo },
      )
    ).portfolio.composition.groups.flatMap((/** @type {{ parts: Part[] }} */ g) => g.parts.map((p) => p.fund))
  const { portfolio: plan } = await gql(
    `query($c: String!) { portfolio(poCode: $c) {
      poName philosophy modelPortfolio { poCode poName }
      aipAdvices(page: { size: 5 }) { list { sigId issueNumber } }
      navHistory(range: "1Y") { totalReturn }
    } }`,
    { c: INVEST_PLAN },
  )
  if (!plan || !plan.modelPortfolio) throw new Error(`${INVEST_PLAN} has no model portfolio in the demo data`)
  const [planOwn, planModel] = [await planComposition(false), await planComposition(true)]
  if (
    planOwn.map((/** @type {Part['fund']} */ f) => f.fundCode).join() ===
    planModel.map((/** @type {Part['fund']} */ f) => f.fundCode).join()
  )
    throw new Error(`${INVEST_PLAN}'s holdings are its model portfolio's: nothing to tell apart`)
  const { portfolio: step } = await gql(
    `query($c: String!) { portfolio(poCode: $c) { poCode poName tradeRule { buying { lowestBuyAmount } advisorCharge { mode feeRate stepRates { lower upper feeRate discountFeeRate } } } } }`,
    { c: STEP_RATE },
  )
  if (!step || step.tradeRule.advisorCharge.mode !== 'STEP_ASSET') throw new Error(`${STEP_RATE} is not a STEP_ASSET strategy`)
  const { portfolios: all } = await gql(
    `{ portfolios(page: { size: 50 }) { totalCount list { poCode poName moneyType preference { hasFundInvestPoolPage } } } }`,
  )
  // The fund pool: the ordinary strategy's when it has one, else the first strategy with a pool.
  const poolCode = (
    all.list.find((/** @type {ListedStrategy} */ p) => p.poCode === ORDINARY && p.preference.hasFundInvestPoolPage) ||
    all.list.find((/** @type {ListedStrategy} */ p) => p.preference.hasFundInvestPoolPage) || { poCode: ORDINARY }
  ).poCode
  const poolKind = (await gql(`query($c: String!) { portfolio(poCode: $c) { seriesType } }`, { c: poolCode })).portfolio.seriesType
  const { portfolio: pool } = await gql(
    `query($c: String!, $t: CategoryType) { portfolio(poCode: $c) { poCode poName composition(categoryType: $t) { groups { categoryName categoryCode percent parts { percent fund { fundCode fundName } } } } } }`,
    { c: poolCode, t: poolKind ? 'FundCategory' : null },
  )
  const { portfolios: listPage } = await gql(
    `{ portfolios(page: { size: 20 }) { totalCount pageInfo { hasMore } list { poCode poName } } }`,
  )

  const date = (/** @type {string} */ d) => formatDate(d, 'yyyy-MM-dd')
  const stepRange = (/** @type {number} */ lower, /** @type {number | null | undefined} */ upper) =>
    upper === null || upper === undefined ? `${formatAmount(lower)}元以上` : `${formatAmount(lower)}–${formatAmount(upper)}元`
  const dd = po.whole.maxDrawdown
  return {
    ordinary: {
      poCode: po.poCode,
      poName: po.poName,
      runningDays: po.runningDays,
      followers: formatCount(po.followersCount),
      buyers: formatCount(po.buyersCount),
      hasFollowed: po.hasFollowed,
      createdDate: date(po.createdDate),
      managerName: po.manager && po.manager.managerName,
      chartReturn: signed(po.chart.totalReturn),
      analysis: {
        totalReturn: signed(po.whole.totalReturn),
        maxDrawdown: formatDrawdown(dd && dd.rate),
        range: dd ? `${date(dd.startDate)} 至 ${date(dd.endDate)}` : '--',
      },
      signals: {
        totalCount: po.signals.totalCount,
        first: { monthDay: formatDate(po.signals.list[0].date, 'MM-dd'), text: po.signals.list[0].shortDescription },
        pageSize: po.signals.list.length,
      },
      adjustments: {
        totalCount: po.adjustments.totalCount,
        first: { monthDay: formatDate(po.adjustments.list[0].date, 'MM-dd'), text: po.adjustments.list[0].comment },
        pageSize: po.adjustments.list.length,
      },
      aip: {
        totalCount: po.aipAdvices.totalCount,
        popup: displaySmartAipDisclaimerPopup,
        first: {
          sigId: po.aipAdvices.list[0].sigId,
          issue: `第${po.aipAdvices.list[0].issueNumber}期`,
          buyDate: `买入日 ${date(po.aipAdvices.list[0].buyDate)}`,
          buyRate: formatMultiple(po.aipAdvices.list[0].buyRate),
        },
      },
      aipDetail: {
        sigId: aipAdvice.sigId,
        issue: `第${aipAdvice.issueNumber}期`,
        buyRate: formatMultiple(aipAdvice.buyRate),
        orders: aipAdvice.buyOrders.map((/** @type {Part['fund'] & { percent: number }} */ o) => ({
          fundCode: o.fundCode,
          fundName: o.fundName,
          percent: formatPercent(o.percent),
        })),
      },
      dailyNav: po.dailyNavs.list.map((/** @type {{ date: string; value: number; dailyReturn: number | null }} */ r) => ({
        date: date(r.date),
        nav: formatNav(r.value),
        dailyReturn: signed(r.dailyReturn),
      })),
      timeline: { title: po.timelinePosts.list[0].title, date: date(po.timelinePosts.list[0].postedDate) },
      reports: po.reports.list.map((/** @type {{ title: string; postedDate: string }} */ p) => ({
        title: p.title,
        date: date(p.postedDate),
      })),
      managerTalk: po.managerTalk.list.map((/** @type {{ title: string }} */ p) => p.title),
      faq: po.faq,
      thermometer: po.thermometer,
      composition: po.composition.groups.map((/** @type {Group} */ g) => ({
        name: g.categoryName || g.categoryCode,
        percent: formatPercent(g.percent),
        parts: g.parts.map((/** @type {Part} */ p) => ({
          fundCode: p.fund.fundCode,
          fundName: p.fund.fundName,
          percent: formatPercent(p.percent),
        })),
      })),
      advisorFee: po.tradeRule.advisorCharge
        ? po.tradeRule.advisorCharge.mode === 'Free'
          ? '免费'
          : `${formatPercent(po.tradeRule.advisorCharge.feeRate)}/年`
        : null,
      introImages: po.preference.introImageUrls.length,
    },
    ...kinds,
    plan: {
      poCode: INVEST_PLAN,
      poName: plan.poName,
      philosophy: plan.philosophy,
      modelName: plan.modelPortfolio.poName,
      own: planOwn[0],
      model: planModel[0],
      advices: plan.aipAdvices.list.map((/** @type {{ sigId: string; issueNumber: number }} */ a) => ({
        sigId: a.sigId,
        issue: `第${a.issueNumber}期`,
      })),
      smartAipReturn: signed(plan.navHistory.totalReturn),
    },
    pool: {
      poCode: pool.poCode,
      poName: pool.poName,
      groups: pool.composition.groups.map((/** @type {Group} */ g) => ({
        title: `${g.categoryName || g.categoryCode} ${formatPercent(g.percent)}`,
        funds: g.parts.map((/** @type {Part} */ p) => ({
          fundCode: p.fund.fundCode,
          fundName: p.fund.fundName,
          percent: formatPercent(p.percent),
        })),
      })),
    },
    stepRate: {
      poCode: step.poCode,
      poName: step.poName,
      lowestBuyAmount: `${formatAmount(step.tradeRule.buying.lowestBuyAmount)}元`,
      fee: `${formatPercent(step.tradeRule.advisorCharge.feeRate)}/年`,
      steps: step.tradeRule.advisorCharge.stepRates.map(
        (/** @type {{ lower: number; upper: number | null; feeRate: number; discountFeeRate: number }} */ s) => ({
          range: stepRange(s.lower, s.upper),
          feeRate: formatPercent(s.feeRate),
          discountFeeRate: formatPercent(s.discountFeeRate),
        }),
      ),
    },
    list: {
      totalCount: all.totalCount,
      firstPage: listPage.list.map((/** @type {ListedStrategy} */ p) => p.poName),
      hasMore: listPage.pageInfo.hasMore,
      // The product page: the first three of each money type, in list order.
      byMoneyType: ['Spare', 'Steady', 'Longterm'].map((m) =>
        all.list
          .filter((/** @type {ListedStrategy} */ p) => p.moneyType === m)
          .slice(0, 3)
          .map((/** @type {ListedStrategy} */ p) => ({ poCode: p.poCode, poName: p.poName })),
      ),
    },
  }
}
/**
 * The home page's parts as /m4 answers them (the mini-programs' home feed).
 * @param {Awaited<ReturnType<typeof startApp>>} t
 */
async function homeExpected(t) {
  const res = await t.app.inject({ method: 'GET', url: '/alfa-m/v2/m4', headers: apiHeaders() })
  if (res.statusCode !== 200) throw new Error(`/m4 ${res.statusCode} ${res.body.slice(0, 300)}`)
  /** @type {import('../../../common/api').M4Answer} */
  const feed = res.json().data
  return {
    banners: feed.banners.map((a) => a.adId),
    indexNames: feed.marketIndices.map((q) => q.indexName),
    strategies: feed.portfolios.map((p) => ({ poCode: p.poCode, poName: p.poName })),
    handPicked: feed.handPicked.map((f) => f.fundName),
    liveTitles: feed.liveStreams.slice(0, 3).map((s) => s.title),
    articleTitles: feed.columns.filter((c) => c.articles.length).map((c) => c.articles[0].title),
    disclaimer: feed.config.find((e) => e.key === 'homeDisclaimer')?.value || null,
  }
}

/**
 * The app's own pages: the demo user's holdings as the wallet shows them, every strategy's advisor content, the configs.
 * @param {Awaited<ReturnType<typeof startApp>>} t
 * @param {Record<string, string>} auth
 * @param {Gql} gql
 */
async function siteExpected(t, auth, gql) {
  const { formatAmount } = require('../../../src/utils/format.ts')
  const res = await t.app.inject({ method: 'GET', url: '/alfa/v1/asset/detail', headers: auth })
  if (res.statusCode !== 200) throw new Error(`asset detail ${res.statusCode} ${res.body}`)
  /** @type {import('../../../common/api').AssetDetailAnswer} */
  const asset = res.json().data
  const { advisorContent } = await gql('{ advisorContent(page: { size: 10 }) { totalCount list { title poCode poName } } }')
  const { app, about } = await gql(
    '{ app: config(key: "app_download") { elements { key value } } about: config(key: "site_about") { elements { key value } } }',
  )
  const pairs = (/** @type {{ elements: Array<{ key: string; value: string }> }} */ c) =>
    Object.fromEntries(c.elements.map((e) => [e.key, e.value]))
  return {
    wallet: {
      total: formatAmount(asset.totalAsset),
      holdings: asset.list.map((h) => ({ poCode: h.poCode, poName: h.poName, marketValue: formatAmount(h.marketValue) })),
    },
    advisorContent: { totalCount: advisorContent.totalCount, first: advisorContent.list },
    app: pairs(app),
    about: pairs(about),
  }
}

main().catch((err) => {
  process.stderr.write(`api-server: ${(err instanceof Error && err.stack) || String(err)}\n`)
  process.exit(1)
})
