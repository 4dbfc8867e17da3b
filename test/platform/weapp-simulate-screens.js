// @ts-check
'use strict'
// The issue-5 screens of the WeChat build (dist/weapp) render in miniprogram-simulate with the
// data of the REAL API server: fund detail, achievements, manager profile, market quotes, the
// watchlist, the filter and filter result pages, search and the fund NAV history.
//
// The host is the one weapp-simulate-home.js explains (lib/weapp-host.js): a DOM, App()/Page()
// shims and dist/weapp/app.js. wx.request forwards every call (method, headers, body) with
// node's fetch to the project's own server (lib/api-server.js: server/src on a private copy of
// the seeded PGlite demo database, the demo user logged in with three picked funds) and hands
// back {statusCode, data, header}. The watchlist reads its token from storage, as in WeChat.
//
// Each screen is loaded from its page path in app.json (subpackage pages require their own
// sub-common chunks), rendered, checked for the figures the server holds (fund name, NAV, index
// quotes and their red/green tone, the NAV rows...), its native title (page .json) and one tap
// (period tab, achievements tab, manager's fund, quote card, sort header, filter chip, typed
// keyword, load more); then detached before the next. Any console.error, uncaught exception,
// GraphQL error, HTTP status >= 400 or request still pending at the end of a screen fails.
//
// Then, offline (issue 9): the app starts again in a fresh process with the storage the first
// run left (host.storage), and every wx.request fails as with no network. A revisited screen
// (fund detail, the watchlist, the NAV history) must render its last answer from the
// mini-program's storage at once, with the not-fresh notice (.alfa-stale) and the same fund
// name; a screen never visited (更多经理) must show the network-error state with 重试. Only the
// GraphQL client's own "failed" lines may be logged then.
//
// The server starter, the forwarder and the per-screen loop are lib/live-screens.js (shared with
// weapp-simulate-strategy.js); ALFA_SCREENS_BREAK=graphql makes the forwarder answer every
// GraphQL call with an error (selftest.js proves the check then fails); ALFA_DEBUG=1 logs each
// forwarded request and its time.
const fs = require('node:fs')
const path = require('node:path')
const os = require('node:os')
const { spawnSync } = require('node:child_process')
const { ROOT, requireDist, runCheck, failure } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
// With ALFA_SIMULATE_TARGET=swan the same screens run on dist/swan translated to WXML (run.js runs
// both; the translation is described in lib/swan-to-wxml.js).
const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
const { createHost, captureProblems } = require('./lib/weapp-host')
const { forwarder, text, classOf, present, showScreen, runScreens, withLiveApp } = require('./lib/live-screens')

const FUND = '000001' // lib/api-server.js reads the expected figures of the same fund
const TIMEOUT_MS = 8000

const nav = (/** @type {number | string} */ v, digits = 4) => Number(v).toFixed(digits)

/**
 * The screens: page path, query, what must appear, and one interaction.
 * @param {any} expected lib/api-server.js's figures (part fund), JSON as the server answered
 * @returns {import('./lib/types').Screen[]}
 */
function screens(expected) {
  const { fund, manager, marketIndices, picks, pickNames } = expected
  return [
    {
      name: 'fund detail',
      title: '基金详情',
      chart: true,
      page: 'pages/fund/index',
      query: { fundCode: FUND },
      // The share handler the Page component registers from the route table (issue 11).
      share: { title: `${fund.fundName}（${FUND}）`, path: `/pages/fund/index?fundCode=${FUND}`, query: `fundCode=${FUND}` },
      ready: '.alfa-fund-head__name',
      exact: { '.alfa-fund-head__name': fund.fundName },
      texts: [
        fund.fundName,
        fund.fundCode,
        nav(fund.nav),
        `单位净值（截至 ${fund.navDate}）`,
        '日涨跌幅',
        '业绩走势',
        '区间收益',
        '阶段涨幅',
        '基金经理',
        fund.manager.managerName,
        '交易规则',
        '重仓持仓',
        '基金概况',
        '已自选',
      ],
      async interact(h) {
        const before = h.net.requests.length
        const tabs = h.page.querySelectorAll('.alfa-period-tabs__tab')
        const target = tabs.find((t) => !classOf(t).includes('--active'))
        if (!target) throw failure('fund detail: no period tab to tap')
        const label = text(target)
        target.dispatchEvent('tap')
        await h.waitFor(`period tab ${label} selected`, () =>
          h.page.querySelectorAll('.alfa-period-tabs__tab--active').some((t) => text(t) === label),
        )
        await h.waitFor(`the chart request of ${label}`, () =>
          h.net.requests.slice(before).some((r) => r.path.endsWith('/graphql') && r.done),
        )
        return `tab ${label} selected`
      },
    },
    {
      name: 'achievements',
      title: '基金业绩',
      page: 'pages/fundArchives/index',
      query: { fundCode: FUND, tabIndex: 1 },
      ready: '.alfa-fund-tabs__tab--active',
      exact: { '.alfa-fund-head__name': fund.fundName },
      texts: [fund.fundName, '阶段涨幅', '业绩统计', '近1年同类排名', '最大回撤（成立以来）', '夏普比率'],
      async interact(h) {
        const active = text(h.page.querySelector('.alfa-fund-tabs__tab--active'))
        if (active !== '季度业绩') throw failure(`achievements: tabIndex=1 selected "${active}", not 季度业绩`)
        if (!h.bodyText().includes('季度')) throw failure('achievements: no quarterly rows')
        const first = present(
          h.page.querySelectorAll('.alfa-fund-tabs__tab').find((t) => text(t) === '年度业绩'),
          'the 年度业绩 tab',
        )
        first.dispatchEvent('tap')
        await h.waitFor('the 年度业绩 tab selected', () => text(h.page.querySelector('.alfa-fund-tabs__tab--active')) === '年度业绩')
        const rows = h.page.querySelectorAll('.alfa-rows__row').filter((r) => /^\d{4}年/.test(text(r)))
        if (!rows.length) throw failure('achievements: the 年度业绩 tab lists no years')
        return `tabIndex=1 -> 季度业绩; tap -> 年度业绩 with ${rows.length} years`
      },
    },
    {
      name: 'manager',
      title: '基金经理',
      page: 'pages/manager/index',
      query: { fundManagerId: fund.manager.managerId },
      share: {
        title: `基金经理 ${manager.managerName}`,
        path: `/pages/manager/index?fundManagerId=${encodeURIComponent(fund.manager.managerId)}`,
        query: `fundManagerId=${encodeURIComponent(fund.manager.managerId)}`,
      },
      ready: '.alfa-manager__name',
      exact: { '.alfa-manager__name': new RegExp(`^${manager.managerName}(已认证)?$`), '.alfa-manager__company': manager.company },
      texts: [
        manager.managerName,
        manager.company,
        '从业年限',
        '在管基金',
        `${manager.fundCount}只`,
        '最佳任职回报',
        '管理的基金',
        fund.fundName,
      ],
      async interact(h) {
        const rows = h.page.querySelectorAll('.alfa-list__row')
        if (rows.length !== manager.fundCount) throw failure(`manager: ${rows.length} fund rows, the server has ${manager.fundCount}`)
        const before = h.navigations.length
        rows[0].dispatchEvent('tap')
        await h.waitFor('navigation from a managed fund', () => h.navigations.length > before)
        const url = String(h.navigations[before].url)
        if (!/^\/subPkg\/pages\/fundEntry\/index\?fundCode=\d{6}/.test(url)) throw failure(`manager: a fund row opened ${url}`)
        return `${rows.length} funds; tap -> ${url.split('&')[0]}`
      },
    },
    {
      name: 'market',
      title: '市场行情',
      chart: true,
      page: 'pages/stock_market/index',
      query: {},
      ready: '.alfa-market__quote',
      texts: [...marketIndices.map((/** @type {{ indexName: string }} */ q) => q.indexName), '演示数据', '分时', '日K(近120日)'],
      async interact(h) {
        const cards = h.page.querySelectorAll('.alfa-market__quote')
        if (cards.length !== marketIndices.length)
          throw failure(`market: ${cards.length} quote cards, the server has ${marketIndices.length}`)
        const tones = { rise: 0, fall: 0, flat: 0 }
        for (const [i, q] of marketIndices.entries()) {
          const latest = cards[i].dom.querySelector('[class*="alfa-market__latest"]')
          // utils/format.ts toneOf: rise (red), fall (green), flat (grey).
          const want = Number(q.change) > 0 ? 'rise' : Number(q.change) < 0 ? 'fall' : 'flat'
          if (!classOf(latest).includes(`alfa-tone--${want}`))
            throw failure(`market: ${q.indexName} change ${q.change} is not tone ${want} (${classOf(latest)})`)
          if (!text(cards[i]).includes(text(latest)) || Number(text(latest).replace(/,/g, '')) !== Number(q.latest))
            throw failure(`market: ${q.indexName} shows ${text(latest)}, the server ${q.latest}`)
          tones[want] += 1
        }
        const before = h.net.requests.length
        cards[1].dispatchEvent('tap')
        await h.waitFor('the second quote card active', () =>
          classOf(h.page.querySelectorAll('.alfa-market__quote')[1]).includes('alfa-market__quote--active'),
        )
        await h.waitFor('its chart request', () => h.net.requests.slice(before).some((r) => r.done))
        return `${cards.length} quotes (${tones.rise} rise/red, ${tones.fall} fall/green, ${tones.flat} flat); tap -> ${marketIndices[1].indexName} active`
      },
    },
    {
      name: 'watchlist',
      title: '我的自选',
      page: 'pages/favourites/index',
      query: {},
      ready: '.alfa-favourites__row',
      texts: [fund.fundName, ...pickNames, ...picks, '基金名称', '净值', '日涨幅', '近1年', nav(fund.nav)],
      async interact(h) {
        const rows = () => h.page.querySelectorAll('.alfa-favourites__row')
        if (rows().length !== picks.length) throw failure(`watchlist: ${rows().length} rows, ${picks.length} picked`)
        const header = present(
          h.page.querySelectorAll('.alfa-favourites__sort').find((s) => text(s).startsWith('净值')),
          'the 净值 sort header',
        )
        header.dispatchEvent('tap')
        await h.waitFor('the 净值 header sorted', () =>
          h.page
            .querySelectorAll('.alfa-favourites__sort')
            .some((s) => text(s).startsWith('净值') && /--(reverse|order|asc|desc)/.test(classOf(s))),
        )
        const navs = rows().map((r) => Number(text(r.dom.querySelector('[class*="alfa-favourites__nav"]'))))
        const sorted = [...navs].sort((a, b) => b - a)
        const asc = [...navs].sort((a, b) => a - b)
        if (navs.join() !== sorted.join() && navs.join() !== asc.join())
          throw failure(`watchlist: after the sort tap the NAVs are ${navs.join(', ')}`)
        return `${rows().length} picks; 净值 sort -> ${navs.join(' ')}`
      },
    },
    {
      name: 'filter',
      title: '基金筛选',
      page: 'subPkg/pages/filter/index',
      query: {},
      ready: '.alfa-filter__chip',
      texts: ['基金类型', '风险等级', '区间收益', '近1年最大回撤', '基金经理从业年限', '申购费率', '重置', '查看结果'],
      async interact(h) {
        const count = () => /共 (\d+) 只基金符合条件/.exec(text(h.page.querySelector('.alfa-filter__count')))
        const all = await h.waitFor('共 N 只基金符合条件', count)
        const chip = h.page.querySelectorAll('.alfa-filter__chip')[0]
        const label = text(chip)
        chip.dispatchEvent('tap')
        await h.waitFor(`chip ${label} on`, () => classOf(h.page.querySelectorAll('.alfa-filter__chip')[0]).includes('--on'))
        const some = await h.waitFor('a new count', () => {
          const m = count()
          return m && m[1] !== all[1] ? m : null
        })
        if (!(Number(some[1]) < Number(all[1]))) throw failure(`filter: ${label} counts ${some[1]} of ${all[1]}`)
        return `共 ${all[1]} 只 -> ${label} 共 ${some[1]} 只`
      },
    },
    {
      name: 'filter result',
      title: '筛选结果',
      page: 'pages/filterResult/index',
      query: {},
      ready: '.alfa-fund-table__row',
      texts: ['基金名称', '保存筛选', '条件'],
      async interact(h) {
        const count = /共 (\d+) 只基金/.exec(text(h.page.querySelector('.alfa-filter-result__count')))
        if (!count) throw failure(`filter result: no 共 N 只基金 (${text(h.page.querySelector('.alfa-filter-result__count'))})`)
        const rows = h.page.querySelectorAll('.alfa-fund-table__row')
        const headers = h.page.querySelectorAll('.alfa-fund-table__sort')
        const target = headers.find((s) => !/--(reverse|order)/.test(classOf(s))) || headers[0]
        const label = text(target).replace(/[↕↓↑]/g, '')
        const before = h.net.requests.length
        target.dispatchEvent('tap')
        await h.waitFor(`sorted by ${label}`, () =>
          h.page.querySelectorAll('.alfa-fund-table__sort').some((s) => text(s).startsWith(label) && /--(reverse|order)/.test(classOf(s))),
        )
        await h.waitFor('the sorted page', () => h.net.requests.slice(before).some((r) => r.done))
        return `共 ${count[1]} 只, ${rows.length} rows; sort by ${label}`
      },
    },
    {
      name: 'search',
      title: '搜索',
      page: 'subPkg/pages/search/index',
      query: {},
      ready: '.alfa-search__input',
      texts: ['热门自选'],
      async interact(h) {
        await h.waitFor(`热门自选 lists ${fund.fundName}`, () =>
          h.page.querySelectorAll('.alfa-search__chip').some((c) => text(c).includes(fund.fundName)),
        )
        const input = present(h.page.querySelector('.alfa-search__input'), '.alfa-search__input')
        input.dispatchEvent('input', { detail: { value: FUND, cursor: FUND.length } })
        const row = await h.waitFor(`a result row for ${FUND}`, () =>
          h.page.querySelectorAll('.alfa-list__row').find((r) => text(r).includes(fund.fundName) && text(r).includes(FUND)),
        )
        return `热门自选 shown; typed ${FUND} -> "${text(row)}"`
      },
    },
    {
      name: 'NAV history',
      title: '历史业绩',
      chart: true,
      page: 'subPkg/pages/fundNav/index',
      query: { fundCode: FUND },
      ready: '.alfa-fund-table__row',
      exact: { '.alfa-fund-head__name': fund.fundName },
      texts: [fund.fundName, '业绩走势', '日期', '单位净值', '累计净值', '日涨跌幅'],
      async interact(h) {
        const rows = () => h.page.querySelectorAll('.alfa-fund-table__row').filter((r) => !classOf(r).includes('--head'))
        const first = rows()
        const want = fund.navRows.list
        if (first.length !== want.length) throw failure(`NAV history: ${first.length} rows, the server's first page has ${want.length}`)
        for (const [i, r] of want.entries()) {
          const t = text(first[i])
          if (!t.includes(r.date) || !t.includes(nav(r.nav)))
            throw failure(`NAV history: row ${i + 1} is "${t}", the server has ${r.date} ${r.nav}`)
        }
        const more = h.page.querySelector('.alfa-load-more')
        if (!more) throw failure('NAV history: no load-more row')
        more.dispatchEvent('tap')
        await h.waitFor('the second page', () => rows().length > want.length)
        return `${want.length} rows match the server (${want[0].date} ${want[0].nav} ...); load more -> ${rows().length} rows`
      },
    },
  ]
}

const STALE_TEXT = '网络异常，显示的是上次加载的内容'

/**
 * A screen of the offline run: no title or share checked, no tap; `absent` must not show.
 * @typedef {Pick<import('./lib/types').Screen, 'name' | 'page' | 'query' | 'ready' | 'texts' | 'exact'> & {
 *   absent?: string
 *   summary(h: import('./lib/types').OpenPage): string
 * }} OfflineScreen
 */

/**
 * The offline phase: revisited screens from storage with the notice; an unvisited one in the error state.
 * @param {any} expected lib/api-server.js's figures, as the first run kept them
 * @returns {OfflineScreen[]}
 */
function offlineScreens(expected) {
  const { fund, pickNames } = expected
  const stale = (/** @type {import('./lib/types').OpenPage} */ h) => text(h.page.querySelector('.alfa-stale'))
  return [
    {
      name: 'fund detail',
      page: 'pages/fund/index',
      query: { fundCode: FUND },
      ready: '.alfa-stale',
      exact: { '.alfa-fund-head__name': fund.fundName },
      texts: [STALE_TEXT, '重试', nav(fund.nav)],
      summary: (h) => `"${text(h.page.querySelector('.alfa-fund-head__name'))}" from storage; notice "${stale(h)}"`,
    },
    {
      name: 'watchlist',
      page: 'pages/favourites/index',
      query: {},
      ready: '.alfa-stale',
      texts: [STALE_TEXT, ...pickNames],
      summary: (h) => `${h.page.querySelectorAll('.alfa-favourites__row').length} picks from storage`,
    },
    {
      name: 'NAV history',
      page: 'subPkg/pages/fundNav/index',
      query: { fundCode: FUND },
      ready: '.alfa-stale',
      exact: { '.alfa-fund-head__name': fund.fundName },
      texts: [STALE_TEXT, fund.navRows.list[0].date],
      summary: (h) => `${h.page.querySelectorAll('.alfa-fund-table__row').length - 1} rows from storage`,
    },
    {
      name: 'manager list (never visited)',
      page: 'subPkg/pages/managerList/index',
      query: {},
      ready: '.alfa-empty__action',
      texts: ['加载失败', '重试'],
      absent: '.alfa-skeleton',
      summary: () => 'the network-error state with 重试',
    },
  ]
}

async function main() {
  const { dir } = simulatedDist(requireDist)
  // The server starts (a few seconds: database copy, statistics warm-up) while app.js loads.
  return withLiveApp({ dir, parts: ['fund'] }, async ({ server, host, net, problems }) => {
    const results = await runScreens({ dir, host, net, problems, screens: screens(server.expected), timeoutMs: TIMEOUT_MS })
    const answered = net.requests.length

    // Offline: the app starts again (a fresh process) with this storage, every request failing.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-offline-')), 'storage.json')
    fs.writeFileSync(file, JSON.stringify({ storage: Object.fromEntries(host.storage), expected: server.expected }))
    const child = spawnSync(process.execPath, [__filename, '--offline', file], { cwd: ROOT, encoding: 'utf8', timeout: 120000 })
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
    const last =
      String(child.stdout || '')
        .trim()
        .split('\n')
        .pop() || ''
    let offline
    try {
      offline = JSON.parse(last)
    } catch {
      throw failure(
        `the offline run printed no result (exit ${child.status}):\n${String(child.stdout).slice(-2000)}\n${String(child.stderr).slice(-2000)}`,
      )
    }
    if (offline.error) throw failure(offline.error)
    return `${results.length} screens against the live server (${answered} requests, all answered; server start ${server.startMs} ms incl. ${server.expected.warmMs} ms fund-statistics warm-up):\n  ${results.join('\n  ')}\nthen started again offline (${offline.failed} requests failed as with no network):\n  ${offline.lines.join('\n  ')}`
  })
}

/**
 * The offline run (its own process, as after a restart): prints {lines, failed} or {error} as its last line.
 * @param {string} file
 */
async function offlineMain(file) {
  const { storage, expected } = JSON.parse(fs.readFileSync(file, 'utf8'))
  const { dir } = simulatedDist(requireDist)
  /** @type {string[]} */
  const problems = []
  /** @type {import('./lib/types').Net} */
  const net = { requests: [], problems, offline: true, failed: 0 }
  captureProblems(problems)
  const host = createHost(dir, { problems, request: forwarder(() => 'http://offline.invalid', net), storage })
  const lines = []
  for (const s of offlineScreens(expected)) {
    const h = host.open(s.page, s.query, TIMEOUT_MS)
    const fail = (/** @type {string} */ msg) =>
      failure(
        `offline ${s.name} (${s.page}?${new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)]))}): ${msg}${problems.length ? `\n${problems.join('\n')}` : ''}`,
      )
    try {
      await showScreen(h, s, fail, 'the kept answer')
      if (s.absent && h.page.querySelector(s.absent)) throw fail(`${s.absent} still shown`)
      await host.sleep(30)
      // The GraphQL client logs each failed call; nothing else may be logged.
      const other = problems.filter((p) => !/^console\.error: GraphQL \w* failed: /.test(p))
      problems.length = 0
      if (other.length) throw fail(`problems:\n${other.join('\n')}`)
      lines.push(`${s.name}: ${s.summary(h)}`)
    } finally {
      h.close()
    }
  }
  return { lines, failed: net.failed }
}

if (process.argv[2] === '--offline') {
  offlineMain(String(process.argv[3])).then(
    (result) => {
      console.log(`\n${JSON.stringify(result)}`)
      process.exit(0)
    },
    (/** @type {Error} */ err) => {
      console.log(`\n${JSON.stringify({ error: String((err && err.message) || err) })}`)
      process.exit(1)
    },
  )
} else {
  void runCheck(`${TARGET} issue-5 screens in miniprogram-simulate${TARGET === 'swan' ? ' (translated to WXML)' : ''}`, main).then(() =>
    process.exit(),
  )
}
