// @ts-check
'use strict'
// The strategy (portfolio) screens of issue 12 in the WeChat build (dist/weapp) render in
// miniprogram-simulate with the data of the REAL API server: 策略 and 更多策略, the entry of an
// ordinary strategy (ZH015676), a long-win plan (LW000001) and an investment plan (AP000001), the
// details (the plan's with its model portfolio, latest advices and smart-AIP series; its composition
// beside the model's and its own intro), departure signals, adjustments, information, advisory service, intro, strategy movement,
// the regular-investment suggestions and one of them, analysis, composition, fund pool, timeline,
// FAQ, thermometer, the notices (modals), advisor content and the trade modal of a step-rate
// strategy (LW000002).
//
// The machinery is the fund screens' (weapp-simulate-screens.js), in lib/live-screens.js: the app
// in lib/weapp-host.js, wx.request forwarded to lib/api-server.js (part `strategy`: server/src on
// a private copy of the seeded PGlite demo database, the demo user logged in), which reads each
// screen's values straight from the API, also formatted as the app formats them. Each screen is
// loaded from its page path in app.json with its query (poCode, sigId), checked for the strategy's
// name and one or two of its figures or dates, its native title (page .json), its share handlers
// where its route shares (the strategy's name with its code, the page path with ?poCode=), its chart
// host (jsdom cannot draw), and one tap where it has something to tap (a row opens the right page, a
// period or type tab's request is answered, 加载更多 brings the second page, 我知道了 / 我已阅读,
// an FAQ opens, 关注 as the logged-in demo user turns to 已关注 with toggleFollow answered). Any
// console.error, uncaught exception, GraphQL error, HTTP status >= 400 or request still pending at
// the end of a screen fails.
const { requireDist, runCheck, failure } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
// With ALFA_SIMULATE_TARGET=swan the same screens run on dist/swan translated to WXML.
const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
const { text, classOf, present, runScreens, withLiveApp } = require('./lib/live-screens')

/**
 * @typedef {import('./lib/types').LivePage} LivePage
 * @typedef {import('./lib/types').SimNode} SimNode
 * The values of lib/api-server.js's part strategy, as the app shows them:
 * @typedef {{ fundCode: string; fundName: string; percent: string }} ShownFund
 * @typedef {{ name: string; percent: string; parts: ShownFund[] }} ShownGroup
 * @typedef {{ range: string; feeRate: string; discountFeeRate: string }} ShownStep
 */

const TIMEOUT_MS = 8000

/**
 * The share of a strategy page: its name with its code, its page path with the strategy's parameters.
 * @param {string} page
 * @param {{ poCode: string; poName: string }} po
 * @param {Record<string, string>} [extra]
 */
function poShare(page, po, extra = {}) {
  const query = new URLSearchParams({ poCode: po.poCode, ...extra }).toString()
  return { title: `${po.poName}（${po.poCode}）`, path: `/${page}?${query}`, query }
}

/**
 * Taps `node` and resolves with the url of the navigation it starts.
 * @param {LivePage} h
 * @param {SimNode | undefined} node
 * @param {string} what
 */
async function tapOpens(h, node, what) {
  const before = h.navigations.length
  present(node, what).dispatchEvent('tap')
  await h.waitFor(`navigation from ${what}`, () => h.navigations.length > before)
  return String(h.navigations[before].url)
}

/**
 * The page path and query of a navigation url (the ts parameter navigation appends left out).
 * @param {string} url
 */
function target(url) {
  const [pathname, search = ''] = String(url).split('?')
  const params = new URLSearchParams(search)
  params.delete('ts')
  return { path: pathname, params: Object.fromEntries(params), short: `${pathname}?${params}` }
}

/**
 * Fails unless `url` opens `page` with (at least) `params`.
 * @param {string} url
 * @param {string} page
 * @param {Record<string, string | number>} params
 * @param {string} what
 */
function expectTarget(url, page, params, what) {
  const t = target(url)
  const wrong = Object.entries(params).filter(([k, v]) => t.params[k] !== String(v))
  if (t.path !== `/${page}` || wrong.length)
    throw failure(`${what} opened ${url}, expected /${page}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`)
  return t.short
}

/**
 * 交易须知 opens the trade rules, or first the risk disclosure (the modals page, going on to the trade
 * rules) while this strategy's disclosure is unread on the device (trade/notices.ts).
 * @param {string} url
 * @param {Record<string, string | number>} params
 */
function expectTradeRules(url, params) {
  if (target(url).path !== '/subPkg/pages/portfolio/modals/index') return expectTarget(url, 'pages/tradeModal/index', params, '交易须知')
  return expectTarget(
    url,
    'subPkg/pages/portfolio/modals/index',
    { ...params, next: 'tradeModal', notices: 'risk' },
    '交易须知 (risk disclosure first)',
  )
}

/**
 * Taps `node` and waits until a request of GraphQL operation `op` started by it is answered.
 * @param {LivePage} h
 * @param {SimNode | undefined} node
 * @param {string} op
 * @param {string} what
 */
async function tapAnswered(h, node, op, what) {
  const before = h.net.requests.length
  present(node, what).dispatchEvent('tap')
  await h.waitFor(`${op} answered after ${what}`, () => h.net.requests.slice(before).some((r) => r.op === op && r.done))
}

/**
 * Taps the first period tab that is not active; waits for it to be active and its `op` request answered.
 * @param {LivePage} h
 * @param {string} op
 */
async function tapPeriod(h, op) {
  const tab = h.page.querySelectorAll('.alfa-period-tabs__tab').find((t) => !classOf(t).includes('--active'))
  if (!tab) throw failure('no period tab to tap')
  const label = text(tab)
  await tapAnswered(h, tab, op, `period tab ${label}`)
  await h.waitFor(`period tab ${label} active`, () =>
    h.page.querySelectorAll('.alfa-period-tabs__tab--active').some((t) => text(t) === label),
  )
  return label
}

/**
 * Taps 加载更多 and waits until `rows()` has more than `count` rows.
 * @param {LivePage} h
 * @param {() => SimNode[]} rows
 * @param {number} count
 */
async function loadMore(h, rows, count) {
  const more = h.page.querySelector('.alfa-load-more--more')
  if (!more) throw failure(`no 加载更多 under ${count} rows`)
  more.dispatchEvent('tap')
  await h.waitFor(`more than ${count} rows`, () => rows().length > count)
  return rows().length
}

/**
 * Taps the tab labelled `label` of a taro-ui tab bar (Tabs); waits for its `op` request.
 * @param {LivePage} h
 * @param {string} label
 * @param {string} op
 */
async function tapTab(h, label, op) {
  const tab = h.page.querySelectorAll('.at-tabs__item').find((t) => text(t) === label)
  if (!tab) throw failure(`no tab ${label}`)
  await tapAnswered(h, tab, op, `tab ${label}`)
  await h.waitFor(`tab ${label} active`, () => text(h.page.querySelector('.at-tabs__item--active')) === label)
}

const ENTRY = 'subPkg/pages/portfolio/entry/index'
const po = (/** @type {string} */ name) => `subPkg/pages/portfolio/${name}/index`
const FUND_PAGE = 'pages/fund/index'

/**
 * The screens: page path, query, what must appear, and one tap.
 * @param {any} expected lib/api-server.js's values (part strategy), JSON as the server answered
 * @returns {import('./lib/types').Screen[]}
 */
function screens(expected) {
  const { ordinary: o, longWin, investPlan, plan, pool, stepRate, list } = expected.strategy
  const code = { poCode: o.poCode }
  /**
   * A strategy page opened with its poCode (and `extra` query), sharing its name and that address.
   * @param {string} page
   * @param {{ poCode: string; poName: string }} [subject]
   * @param {Record<string, string>} [extra]
   */
  const strategyScreen = (page, subject = o, extra = {}) => ({
    page,
    query: { poCode: subject.poCode, ...extra },
    share: poShare(page, subject, extra),
  })
  const head = (/** @type {{ poName: string; runningDays: number; followers?: string }} */ p) => [
    p.poName,
    `运行 ${p.runningDays} 天`,
    ...(p.followers ? [`${p.followers}人关注`] : []),
  ]
  const recordRows = (/** @type {LivePage} */ h) => h.page.querySelectorAll('.alfa-po-rec')
  return [
    {
      name: 'product',
      title: '策略',
      page: 'pages/product/index',
      query: {},
      share: { title: '策略', path: '/pages/product/index', query: '' },
      ready: '.alfa-po-row',
      texts: [
        '活钱管理',
        '稳健理财',
        '长期投资',
        ...list.byMoneyType.flat().map((/** @type {{ poName: string }} */ p) => p.poName),
        `更多策略（共${list.totalCount}个）`,
      ],
      async interact(h) {
        const rows = h.page.querySelectorAll('.alfa-po-row')
        const shown = list.byMoneyType.flat()
        if (rows.length !== shown.length) throw failure(`product: ${rows.length} rows, the server's lists make ${shown.length}`)
        const url = await tapOpens(h, rows[0], 'the first row')
        return `${rows.length} strategies by money type; tap ${shown[0].poName} -> ${expectTarget(url, ENTRY, { poCode: shown[0].poCode }, 'a row')}`
      },
    },
    {
      name: 'product list',
      title: '更多策略',
      page: 'subPkg/pages/productList/index',
      query: {},
      share: { title: '更多策略', path: '/subPkg/pages/productList/index', query: '' },
      ready: '.alfa-po-row',
      texts: list.firstPage,
      async interact(h) {
        const rows = () => h.page.querySelectorAll('.alfa-po-row')
        const names = rows().map((r) => text(r.dom.querySelector('[class*="alfa-po-row__name"]')))
        if (names.join() !== list.firstPage.join())
          throw failure(`product list: rows ${names.join(', ')}, the server ${list.firstPage.join(', ')}`)
        if (!list.hasMore) return `${names.length} rows, all of them`
        const after = await loadMore(h, rows, names.length)
        if (after !== list.totalCount) throw failure(`product list: ${after} rows after 加载更多, the server has ${list.totalCount}`)
        return `${names.length} rows match the server; 加载更多 -> ${after} of ${list.totalCount}`
      },
    },
    {
      name: `entry ${o.poCode} (ordinary)`,
      title: '策略',
      chart: true,
      ...strategyScreen(ENTRY),
      ready: '.alfa-po-head__name',
      exact: { '.alfa-po-head__name': o.poName },
      texts: [...head(o), `${o.buyers}人买入`, '业绩走势', `区间收益 ${o.chartReturn}`],
      async interact(h) {
        // The links render in a task after the head and the chart (components/Deferred).
        const link = await h.waitFor('the 策略信息 link', () =>
          h.page.querySelectorAll('.alfa-po-links__item').find((l) => text(l) === '策略信息'),
        )
        const url = await tapOpens(h, link, '策略信息')
        return `区间收益 ${o.chartReturn}; 策略信息 -> ${expectTarget(url, po('information'), code, '策略信息')}`
      },
    },
    {
      name: `detail ${o.poCode}`,
      title: '策略详情',
      chart: true,
      ...strategyScreen(po('detail')),
      ready: '.alfa-po-follow',
      exact: { '.alfa-po-head__name': o.poName, '.alfa-po-follow': o.hasFollowed ? '已关注' : '+ 关注' },
      texts: [...head(o), `区间收益 ${o.chartReturn}`, o.managerName, `当前 ${o.thermometer.level} 级 · ${o.thermometer.levelDescription}`],
      async interact(h) {
        // As the logged-in demo user: the toggle flips at once and toggleFollow is answered.
        const want = o.hasFollowed ? '+ 关注' : '已关注'
        await tapAnswered(h, h.page.querySelector('.alfa-po-follow'), 'toggleFollow', '关注')
        await h.waitFor(`the button to read ${want} and settle`, () => {
          const b = h.page.querySelector('.alfa-po-follow')
          return text(b) === want && !classOf(b).includes('--pending')
        })
        return `关注 -> ${want} (toggleFollow answered)`
      },
    },
    {
      name: `entry ${longWin.poCode} (long-win)`,
      title: '策略',
      chart: true,
      ...strategyScreen(ENTRY, longWin),
      ready: '.alfa-po-head__name',
      exact: { '.alfa-po-head__name': longWin.poName },
      texts: [...head(longWin), longWin.seriesType === 'LONG_WIN_S' ? '长赢S计划' : '长赢计划', '计划进度'],
      async interact(h) {
        return `tab ${await tapPeriod(h, 'LongWinNavHistory')} -> LongWinNavHistory answered`
      },
    },
    {
      name: `entry ${investPlan.poCode} (investment plan)`,
      title: '策略',
      ...strategyScreen(ENTRY, investPlan),
      ready: '.alfa-po-head__name',
      exact: { '.alfa-po-head__name': investPlan.poName },
      chart: true,
      texts: [...head(investPlan), '定制规划'],
      async interact(h) {
        const button = h.page.querySelectorAll('.alfa-bar-button').find((b) => text(b) === '交易须知')
        if (!button) throw failure('entry: no 交易须知 button')
        const url = await tapOpens(h, button, '交易须知')
        return `交易须知 -> ${expectTradeRules(url, { poCode: investPlan.poCode })}`
      },
    },
    {
      name: `detail ${plan.poCode} (investment plan: its model portfolio, latest advices, smart-AIP series)`,
      title: '策略详情',
      chart: true,
      ...strategyScreen(po('detail'), plan),
      ready: '.alfa-plan-advice',
      exact: { '.alfa-po-head__name': plan.poName },
      texts: [
        '计划与模型组合',
        '我的计划',
        `模型组合 · ${plan.modelName}`,
        '最新定投建议',
        ...plan.advices.map((/** @type {{ issue: string }} */ a) => a.issue),
        '智能定投走势',
        plan.smartAipReturn,
      ],
      async interact(h) {
        const rows = h.page.querySelectorAll('.alfa-plan-advice')
        if (rows.length !== plan.advices.length)
          throw failure(`plan detail: ${rows.length} latest advices, the server has ${plan.advices.length}`)
        const url = await tapOpens(h, rows[0], 'the latest advice')
        const want = { poCode: plan.poCode, sigId: plan.advices[0].sigId }
        return `${rows.length} latest advices, 智能定投 ${plan.smartAipReturn}; tap -> ${expectTarget(url, po('aipDetail'), want, 'a latest advice')}`
      },
    },
    {
      name: `composition ${plan.poCode} (the plan's holdings beside its model portfolio's)`,
      title: '基金组成',
      ...strategyScreen(po('composition'), plan),
      ready: '.alfa-plan-holdings--model .alfa-po-comp__part',
      exact: { '.alfa-po-title__name': plan.poName },
      texts: ['我的计划', plan.own.fundName, `模型组合 · ${plan.modelName}`, plan.model.fundName],
      async interact(h) {
        // The first row of each card names the server's first fund of the plan and of its model.
        const first = (/** @type {string} */ kind) => text(h.page.querySelector(`.alfa-plan-holdings--${kind} .alfa-po-comp__part`))
        if (!first('own').includes(plan.own.fundName) || !first('model').includes(plan.model.fundName))
          throw failure(
            `plan composition: first rows "${first('own')}" / "${first('model')}", the server ${plan.own.fundName} / ${plan.model.fundName}`,
          )
        const url = await tapOpens(h, h.page.querySelector('.alfa-plan-holdings--model .alfa-po-comp__part'), 'a model fund')
        return `我的计划 ${plan.own.fundCode}, 模型组合 ${plan.model.fundCode}; tap -> ${expectTarget(url, FUND_PAGE, { fundCode: plan.model.fundCode }, 'a model fund')}`
      },
    },
    {
      name: `intro ${plan.poCode} (the plan's own intro)`,
      title: '策略介绍',
      ...strategyScreen(po('intro'), plan),
      ready: '.alfa-plan-intro',
      exact: { '.alfa-po-title__name': plan.poName },
      texts: ['计划介绍', '投资理念', plan.philosophy],
      summary: () => `投资理念 ${plan.philosophy}`,
    },
    {
      name: 'signal',
      title: '发车记录',
      ...strategyScreen(po('signal')),
      ready: '.alfa-po-rec',
      exact: { '.alfa-po-title__name': o.poName, '.alfa-po-title__code': `共${o.signals.totalCount}次发车` },
      texts: [o.signals.first.monthDay, o.signals.first.text],
      async interact(h) {
        const first = text(recordRows(h)[0])
        if (!first.includes(o.signals.first.monthDay) || !first.includes(o.signals.first.text))
          throw failure(`signal: the first record is "${first}"`)
        const after = await loadMore(h, () => recordRows(h), o.signals.pageSize)
        return `共${o.signals.totalCount}次, first ${o.signals.first.monthDay} ${o.signals.first.text}; 加载更多 -> ${after} rows`
      },
    },
    {
      name: 'adjustment',
      title: '调仓记录',
      chart: true,
      ...strategyScreen(po('adjustment')),
      ready: '.alfa-po-rec',
      exact: { '.alfa-po-title__name': o.poName, '.alfa-po-title__code': `共${o.adjustments.totalCount}次调仓` },
      texts: ['仓位变化', o.adjustments.first.monthDay, o.adjustments.first.text],
      async interact(h) {
        const after = await loadMore(h, () => recordRows(h), o.adjustments.pageSize)
        return `共${o.adjustments.totalCount}次, first ${o.adjustments.first.monthDay} "${o.adjustments.first.text}"; 加载更多 -> ${after} rows`
      },
    },
    {
      name: 'information',
      title: '策略信息',
      ...strategyScreen(po('information')),
      ready: '.alfa-po-title__name',
      exact: { '.alfa-po-title__name': o.poName },
      texts: [
        '成立日期',
        o.createdDate,
        '运行天数',
        `${o.runningDays}天`,
        '主理人',
        o.managerName,
        '关注人数',
        o.followers,
        '购买人数',
        o.buyers,
      ],
      summary: () => `成立 ${o.createdDate}, ${o.runningDays}天, 主理人 ${o.managerName}, 关注 ${o.followers}, 购买 ${o.buyers}`,
    },
    {
      name: 'advisor',
      title: '投顾服务',
      ...strategyScreen(po('advisor')),
      ready: '.alfa-po-charge',
      exact: { '.alfa-po-title__name': o.poName, '.alfa-po-manager__name': o.managerName, '.alfa-po-charge__rate': o.advisorFee },
      texts: ['投顾主理人', '投顾服务费', '投资者留言'],
      async interact(h) {
        const link = h.page.querySelectorAll('.alfa-po-link').find((l) => text(l).startsWith('交易须知'))
        if (!link) throw failure('advisor: no 交易须知 link')
        const url = await tapOpens(h, link, '交易须知')
        return `fee ${o.advisorFee}; 交易须知 -> ${expectTradeRules(url, code)}`
      },
    },
    {
      name: 'intro',
      title: '策略介绍',
      ...strategyScreen(po('intro')),
      ready: '.alfa-po-title__name',
      exact: { '.alfa-po-title__name': o.poName },
      texts: [],
      async interact(h) {
        // The images come with the answer; nothing to tap but outside links.
        await h.waitFor(`${o.introImages} intro images`, () => h.page.querySelectorAll('.alfa-po-intro__image').length === o.introImages)
        return `${o.introImages} intro images`
      },
    },
    {
      name: 'daily NAV',
      title: '策略走势',
      chart: true,
      ...strategyScreen(po('dailyNav')),
      ready: '.alfa-po-nav-table__row',
      exact: { '.alfa-po-title__name': o.poName },
      texts: [o.dailyNav[0].date, o.dailyNav[0].nav],
      async interact(h) {
        const rows = () => h.page.querySelectorAll('.alfa-po-nav-table__row').filter((r) => !classOf(r).includes('--head'))
        await h.waitFor(`${o.dailyNav.length} rows`, () => rows().length === o.dailyNav.length)
        for (const [i, r] of o.dailyNav.entries()) {
          const got = text(rows()[i])
          if (got.replace(/ /g, '') !== `${r.date}${r.nav}${r.dailyReturn}`)
            throw failure(`daily NAV: row ${i + 1} is "${got}", the server has ${r.date} ${r.nav} ${r.dailyReturn}`)
        }
        const label = await tapPeriod(h, 'DailyNav')
        await h.waitFor(`the rows of ${label}`, () => rows().length > 0)
        return `${o.dailyNav.length} rows match the server (${o.dailyNav[0].date} ${o.dailyNav[0].nav} ${o.dailyNav[0].dailyReturn} ...); tab ${label} -> DailyNav answered, ${rows().length} rows`
      },
    },
    {
      name: 'AIP list',
      title: '定投建议',
      ...strategyScreen(po('aipList')),
      ready: '.alfa-po-aip',
      exact: { '.alfa-po-title__name': o.poName, '.alfa-po-title__code': `共${o.aip.totalCount}期定投建议` },
      texts: [o.aip.first.issue, o.aip.first.buyDate, o.aip.first.buyRate],
      async interact(h) {
        const shown = () => h.page.querySelector('.alfa-po-aip-disclaimer')
        if (!o.aip.popup) {
          if (shown()) throw failure('AIP list: the disclaimer shows, the server says not to')
          const url = await tapOpens(h, h.page.querySelector('.alfa-po-aip'), 'the first suggestion')
          return `${o.aip.first.issue} ${o.aip.first.buyRate}; tap -> ${expectTarget(url, po('aipDetail'), { ...code, sigId: o.aip.first.sigId }, 'a suggestion')}`
        }
        await h.waitFor('the smart-AIP disclaimer', shown)
        present(h.page.querySelector('.alfa-po-aip-disclaimer__ok'), 'the disclaimer’s 我知道了').dispatchEvent('tap')
        await h.waitFor('the disclaimer gone after 我知道了', () => !shown())
        return `${o.aip.first.issue} ${o.aip.first.buyDate} ${o.aip.first.buyRate}; disclaimer -> 我知道了 -> gone`
      },
    },
    {
      name: 'AIP detail',
      title: '定投建议详情',
      ...strategyScreen(po('aipDetail'), o, { sigId: o.aipDetail.sigId }),
      ready: '.alfa-po-aip-orders__row',
      exact: { '.alfa-po-title__name': o.poName, '.alfa-po-aip__issue': o.aipDetail.issue },
      texts: [
        o.aipDetail.buyRate,
        ...o.aipDetail.orders.flatMap((/** @type {{ fundName: string; fundCode: string; percent: string }} */ r) => [
          r.fundName,
          r.fundCode,
          r.percent,
        ]),
      ],
      async interact(h) {
        const rows = h.page.querySelectorAll('.alfa-po-aip-orders__row')
        if (rows.length !== o.aipDetail.orders.length)
          throw failure(`AIP detail: ${rows.length} orders, the server has ${o.aipDetail.orders.length}`)
        const first = o.aipDetail.orders[0]
        const url = await tapOpens(h, rows[0], first.fundName)
        return `${o.aipDetail.sigId}: ${rows.length} orders; tap ${first.fundName} -> ${expectTarget(url, FUND_PAGE, { fundCode: first.fundCode }, 'an order')}`
      },
    },
    {
      name: 'analysis',
      title: '策略分析',
      ...strategyScreen(po('analysis')),
      ready: '.alfa-po-title__name',
      exact: { '.alfa-po-title__name': o.poName },
      texts: ['成立以来收益', o.analysis.totalReturn, '最大回撤', o.analysis.maxDrawdown, o.analysis.range],
      summary: () => `成立以来 ${o.analysis.totalReturn}, 最大回撤 ${o.analysis.maxDrawdown} (${o.analysis.range})`,
    },
    {
      name: 'composition',
      title: '基金组成',
      chart: '.alfa-pie__host',
      ...strategyScreen(po('composition')),
      ready: '.alfa-po-comp__part',
      exact: { '.alfa-po-title__name': o.poName },
      texts: o.composition.flatMap((/** @type {ShownGroup} */ g) => [
        g.name,
        g.percent,
        ...g.parts.flatMap((p) => [p.fundName, p.percent]),
      ]),
      async interact(h) {
        const first = o.composition[0].parts[0]
        const row = h.page.querySelectorAll('.alfa-po-comp__part').find((r) => text(r).includes(first.fundName))
        const url = await tapOpens(h, row, first.fundName)
        return `${o.composition.map((/** @type {ShownGroup} */ g) => `${g.name} ${g.percent}`).join(', ')}; tap ${first.fundName} -> ${expectTarget(url, FUND_PAGE, { fundCode: first.fundCode }, 'a fund')}`
      },
    },
    {
      name: `fund pool ${pool.poCode}`,
      title: '基金池',
      ...strategyScreen(po('investPool'), pool),
      ready: '.alfa-po-pool__fund',
      exact: { '.alfa-po-title__name': pool.poName },
      texts: pool.groups.flatMap((/** @type {{ title: string; funds: ShownFund[] }} */ g) => [
        g.title,
        ...g.funds.flatMap((f) => [f.fundName, f.percent]),
      ]),
      async interact(h) {
        const first = pool.groups[0].funds[0]
        const row = h.page.querySelectorAll('.alfa-po-pool__fund').find((r) => text(r).includes(first.fundName))
        const url = await tapOpens(h, row, first.fundName)
        return `${pool.groups.map((/** @type {{ title: string }} */ g) => g.title).join(', ')}; tap ${first.fundName} -> ${expectTarget(url, FUND_PAGE, { fundCode: first.fundCode }, 'a fund')}`
      },
    },
    {
      name: 'timeline',
      title: '策略动态',
      ...strategyScreen(po('timeline')),
      ready: '.alfa-po-post',
      exact: { '.alfa-po-title__name': o.poName, '.alfa-po-post__title': o.timeline.title },
      texts: [o.timeline.date],
      async interact(h) {
        await tapTab(h, '主理人说', 'TimelinePosts')
        const titles = () => h.page.querySelectorAll('.alfa-po-post__title').map(text)
        await h.waitFor(`the ${o.managerTalk.length} posts of 主理人说`, () => titles().join() === o.managerTalk.join())
        return `first "${o.timeline.title}" ${o.timeline.date}; tab 主理人说 -> ${titles().length} posts as the server's`
      },
    },
    {
      name: 'FAQ',
      title: '常见问题',
      page: po('faq'),
      query: code,
      ready: '.alfa-po-faq__question',
      exact: { '.alfa-po-title__name': o.poName },
      texts: o.faq.map((/** @type {{ question: string }} */ f) => f.question),
      async interact(h) {
        if (h.bodyText().includes(o.faq[0].answer)) throw failure('FAQ: the first answer shows before a tap')
        present(h.page.querySelector('.alfa-po-faq__question'), '.alfa-po-faq__question').dispatchEvent('tap')
        await h.waitFor('the first answer', () => text(h.page.querySelector('.alfa-po-faq__answer')).includes(o.faq[0].answer))
        return `${o.faq.length} questions; tap "${o.faq[0].question}" -> its answer`
      },
    },
    {
      name: 'thermometer',
      title: '温度计',
      ...strategyScreen(po('thermometer')),
      ready: '.alfa-po-gauge',
      exact: {
        '.alfa-po-title__name': o.poName,
        '.alfa-po-gauge__level': String(o.thermometer.level),
        '.alfa-po-gauge__description': o.thermometer.levelDescription,
      },
      texts: [o.thermometer.advice.howToBuy, o.thermometer.advice.howToSell],
      summary: () => `${o.thermometer.level}级 ${o.thermometer.levelDescription}, how to buy and sell`,
    },
    {
      name: 'modals',
      title: '策略提示',
      page: po('modals'),
      query: code,
      ready: '.alfa-po-notice__ack',
      exact: { '.alfa-po-title__name': o.poName },
      texts: ['风险揭示', '该策略风险等级为', ...(o.aip.popup ? ['智能定投免责声明'] : [])],
      async interact(h) {
        const acks = () => h.page.querySelectorAll('.alfa-po-notice__ack')
        const before = acks().length
        acks()[0].dispatchEvent('tap')
        await h.waitFor('✓ 已阅读', () => h.page.querySelector('.alfa-po-notice__read') && acks().length === before - 1)
        return `${before} notices; 我已阅读 -> ✓ 已阅读`
      },
    },
    {
      name: 'advisor content',
      title: '投顾内容',
      ...strategyScreen(po('advisorContent')),
      ready: '.alfa-po-post',
      exact: { '.alfa-po-title__name': o.poName },
      texts: o.reports.flatMap((/** @type {{ title: string; date: string }} */ r) => [r.title, r.date]),
      async interact(h) {
        await tapTab(h, '主理人说', 'AdvisorContentPosts')
        const titles = () => h.page.querySelectorAll('.alfa-po-post__title').map(text)
        await h.waitFor(`the ${o.managerTalk.length} posts of 主理人说`, () => titles().join() === o.managerTalk.join())
        return `${o.reports.length} reports; tab 主理人说 -> ${titles().length} posts as the server's`
      },
    },
    {
      name: `trade modal ${stepRate.poCode} (step rates)`,
      title: '交易须知',
      page: 'pages/tradeModal/index',
      query: { poCode: stepRate.poCode },
      ready: '.alfa-po-steps__row',
      exact: { '.alfa-po-title__name': stepRate.poName, '.alfa-po-charge__rate': stepRate.fee, '.alfa-po-charge__mode': '按资产阶梯' },
      texts: ['本页仅展示交易规则，不在此下单', '起购金额', stepRate.lowestBuyAmount],
      async interact(h) {
        // Cell by cell: the row's text is its cells' texts one after the other.
        const rows = h.page.querySelectorAll('.alfa-po-steps__row').map((r) => text(r).replace(/ /g, ''))
        const want = stepRate.steps.map((/** @type {ShownStep} */ s) => `${s.range}${s.feeRate}${s.discountFeeRate}`)
        if (rows.join('|') !== want.join('|'))
          throw failure(`trade modal: step rows ${JSON.stringify(rows)}, the server's stepRates ${JSON.stringify(want)}`)
        return `${rows.length} step rows as the server's stepRates (${stepRate.steps.map((/** @type {ShownStep} */ x) => `${x.range} ${x.feeRate}/${x.discountFeeRate}`).join('; ')})`
      },
    },
  ]
}

async function main() {
  const { dir } = simulatedDist(requireDist)
  return withLiveApp({ dir, parts: ['strategy'] }, async ({ server, host, net, problems }) => {
    const results = await runScreens({ dir, host, net, problems, screens: screens(server.expected), timeoutMs: TIMEOUT_MS })
    return `${results.length} strategy screens against the live server (${net.requests.length} requests, all answered; server start ${server.startMs} ms):\n  ${results.join('\n  ')}`
  })
}

void runCheck(`${TARGET} issue-12 strategy screens in miniprogram-simulate${TARGET === 'swan' ? ' (translated to WXML)' : ''}`, main).then(
  () => process.exit(),
)
