// @ts-check
'use strict'
// The WeChat build's home page (dist/weapp/pages/home/index) renders in miniprogram-simulate with
// the data of the REAL API server (lib/live-screens.js withLiveApp; lib/api-server.js reads what
// GET /m4 answers): the first screen is ONE request, /m4 on the second API (no GraphQL client in
// the main package), and the page shows its market strip, hand-picked strategies and funds, live
// streams, column articles and disclaimer; the popular picks are asked after it. One tap on a
// strategy opens its entry. A tap on each entry tile reaches wx.navigateTo with an in-mini-program
// url carrying `ts`.
// With a notched phone's status bar and capsule stubbed (wx.getSystemInfoSync,
// wx.getMenuButtonBoundingClientRect), the custom navigation bar is checked against the capsule on the
// home page (no back) and on a second page (back).
const fs = require('node:fs')
const path = require('node:path')
const { requireDist, readJson, packagesOf, runCheck, failure } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
const { text, withLiveApp } = require('./lib/live-screens')

// swan-simulate-home.js runs this same check on dist/swan, translated to WXML (lib/swan-to-wxml.js),
// with the `swan` global the Baidu build calls being the same stubbed host as `wx`.
const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'

const PAGE = 'pages/home/index'
const ENTRY = '.alfa-home__entry'
const TITLE = '[class*="alfa-navbar__title"]'
const TIMEOUT_MS = 8000
/** Tile targets that other work of issue #21 adds to app.json (the course list); the tile already opens them. */
const PENDING_PAGES = new Set(['subPkg/pages/courseList/index'])
// A phone with a notch: status bar 47 px, WeChat's capsule 87 × 32 px at top 51, right edge 368 of 390.
const SYSTEM = {
  statusBarHeight: 47,
  screenWidth: 390,
  windowWidth: 390,
  screenHeight: 844,
  windowHeight: 844,
  pixelRatio: 3,
  platform: 'ios',
}
const CAPSULE = { top: 51, bottom: 83, height: 32, left: 281, right: 368, width: 87 }
// Computed here from the rule (ARCHITECTURE.md, the capsule-aware bar): the title bar is the capsule
// with the gap above it (capsule top − status bar) mirrored below; the capsule's side stays free.
const BAR_HEIGHT = SYSTEM.statusBarHeight + (CAPSULE.top - SYSTEM.statusBarHeight) * 2 + CAPSULE.height // 87
const TITLE_BAR_HEIGHT = (CAPSULE.top - SYSTEM.statusBarHeight) * 2 + CAPSULE.height // 40
const RIGHT_INSET = SYSTEM.screenWidth - CAPSULE.left // 109
/** A page of the route table that uses the custom bar and can go back (fund entry, opened second). */
const SECOND_PAGE = 'subPkg/pages/fundEntry/index'

async function main() {
  const { dir } = simulatedDist(requireDist)
  if (!fs.existsSync(path.join(dir, `${PAGE}.js`))) throw failure(`${PAGE}.js is missing from the build`)
  const allPages = new Set(packagesOf(readJson(path.join(dir, 'app.json'))).allPages)
  const wx = { getSystemInfoSync: () => ({ ...SYSTEM }), getMenuButtonBoundingClientRect: () => ({ ...CAPSULE }) }
  return withLiveApp({ dir, parts: ['home'], wx }, async ({ server, host, net, problems }) => {
    /** @type {{ banners: string[]; indexNames: string[]; strategies: Array<{ poCode: string; poName: string }>; handPicked: string[]; liveTitles: string[]; articleTitles: string[]; disclaimer: string | null }} lib/api-server.js's part home */
    const home = server.expected.home
    const h = host.open(PAGE, {}, TIMEOUT_MS)
    const { page, navigations, waitFor } = h

    // Render: the tiles at once, then what /m4 answered.
    const entries = await waitFor(`${ENTRY} tiles`, () => {
      const found = page.querySelectorAll(ENTRY)
      return found.length ? found : null
    })
    const want = [
      ...home.indexNames,
      ...home.strategies.map((p) => p.poName),
      ...home.handPicked,
      ...home.liveTitles,
      ...home.articleTitles.slice(0, 4),
      ...(home.disclaimer ? [home.disclaimer] : []),
      '演示数据',
    ]
    const missing = () => want.filter((t) => !h.bodyText().includes(t))
    await waitFor('the home feed', () => missing().length === 0 || null).catch(() => {
      throw failure(`the home page is missing ${JSON.stringify(missing())}: "${h.bodyText().slice(0, 600)}"`)
    })
    const banners = page.querySelectorAll('.alfa-home__banner')
    if (banners.length !== home.banners.length) throw failure(`${banners.length} banners shown, /m4 has ${home.banners.length}`)
    // One request for the first screen: /m4 on the second API; the popular picks follow it; no GraphQL.
    await waitFor('the popular picks', () => h.bodyText().includes('热门自选') || null)
    await waitFor('every request answered', () => net.requests.every((r) => r.done) || null)
    const paths = net.requests.map((r) => r.path)
    if (!paths[0] || !paths[0].endsWith('/alfa-m/v2/m4')) throw failure(`the first request was ${paths[0]}, not /alfa-m/v2/m4`)
    if (paths.some((p) => p.endsWith('/graphql'))) throw failure(`the home asked GraphQL: ${paths.join(', ')}`)
    if (!paths.some((p) => p.endsWith('/user-fund-picks/popular'))) throw failure(`no popular picks asked: ${paths.join(', ')}`)

    const titleNode = page.dom.querySelector(TITLE)
    const title = titleNode ? titleNode.textContent.trim() : ''
    if (!title) throw failure(`no navigation bar title (${TITLE}) rendered`)
    const bar = checkBar(page, 'the home page')
    if (page.dom.querySelector('[class*="alfa-navbar__back"]') || page.dom.querySelector('[class*="alfa-navbar__home"]'))
      throw failure('the home page (first page, the home itself) shows a back or home button')

    // One tap on the data: the first hand-picked strategy opens its entry.
    const first = home.strategies[0]
    // Mini-program templates render no data-* attributes: the row is found by its name.
    const row = page.querySelectorAll('.alfa-home__row').find((r) => text(r).startsWith(first.poName))
    if (!row) throw failure(`no row for ${first.poCode}`)
    const before = navigations.length
    row.dispatchEvent('tap')
    await waitFor(`the navigation of ${first.poName}`, () => navigations.length > before || null)
    const opened = String(navigations[before].url)
    if (!new RegExp(`^/subPkg/pages/portfolio/entry/index\\?poCode=${first.poCode}&ts=\\d+$`).test(opened))
      throw failure(`the strategy row opened ${opened}`)

    // Tap: each tile navigates with exactly one wx.navigateTo to a page of app.json, with ts.
    const labels = entries.map((e) => (e.dom.querySelector('[class*="alfa-home__label"]') || e.dom).textContent.trim())
    if (labels.some((l) => !l)) throw failure(`an entry tile has no label: ${JSON.stringify(labels)}`)
    const targets = []
    for (const [i, entry] of entries.entries()) {
      const start = navigations.length
      const tappedAt = Date.now()
      entry.dispatchEvent('tap')
      await waitFor(`the navigation of tile ${i + 1} (${labels[i]})`, () => navigations.length > start)
      await host.sleep(20)
      const calls = navigations.slice(start)
      if (calls.length !== 1 || calls[0].api !== 'navigateTo') {
        throw failure(`tile "${labels[i]}": expected one wx.navigateTo, got ${JSON.stringify(calls)}`)
      }
      const url = String(calls[0].url)
      const m = /^\/((?:pages|subPkg\/pages)\/[^?#]+)\?(.*)$/.exec(url)
      if (!m) throw failure(`tile "${labels[i]}": url ${url} is not /pages/... or /subPkg/pages/... with a query`)
      if (!allPages.has(m[1]) && !PENDING_PAGES.has(m[1])) throw failure(`tile "${labels[i]}": ${m[1]} is not a page of app.json`)
      const ts = new URLSearchParams(m[2]).get('ts')
      if (!/^\d+$/.test(ts || '') || Math.abs(Number(ts) - tappedAt) > 60000) {
        throw failure(`tile "${labels[i]}": url ${url} lacks a current ts parameter`)
      }
      targets.push(m[1])
    }
    // A second page that uses the custom bar: now there is a page to go back to.
    const second = host.open(SECOND_PAGE, { fundCode: '000001' }, TIMEOUT_MS)
    await second.waitFor("the second page's navigation bar", () => second.page.dom.querySelector('[class*="alfa-navbar__bar"]'))
    checkBar(second.page, SECOND_PAGE)
    const back = await second.waitFor('a back button on the second page', () =>
      second.page.dom.querySelector('[class*="alfa-navbar__back"]'),
    )
    if (!back) throw failure(`${SECOND_PAGE} opened second shows no back button`)
    second.close()
    h.close()

    if (problems.length) throw failure(problems.join('\n'))
    return `capsule-aware bar ${bar} on home (no back) and on ${SECOND_PAGE} opened second (back); ${PAGE} rendered title "${title}", /m4's ${home.indexNames.length} indices, ${home.strategies.length} strategies, ${home.handPicked.length} hand-picked funds, ${home.liveTitles.length} live streams, ${home.articleTitles.length} column articles and ${banners.length} banners from one request (${paths.join(' → ')}); tap ${text(row).slice(0, 12)}… → ${opened.split('&')[0]}; ${entries.length} entry tiles (${labels.join(' ')}), each tap -> wx.navigateTo with ts (${targets.map((t) => `/${t}`).join(', ')})`
  })
}

/**
 * The bar's geometry against the stubbed capsule; returns a description.
 * @param {import('./lib/types').SimNode} page
 * @param {string} where
 */
function checkBar(page, where) {
  // Class names carry the build's prefix (main--alfa-navbar): match the block and its element by suffix.
  const byClass = (/** @type {string} */ suffix) =>
    [...page.dom.querySelectorAll('[class*="alfa-navbar"]')].find((n) => n.className.split(/\s+/).some((c) => c.endsWith(suffix)))
  const outer = byClass('alfa-navbar')
  const inner = byClass('alfa-navbar__bar')
  if (!outer || !inner) throw failure(`${where}: no navigation bar rendered`)
  const px = (/** @type {Element} */ node, /** @type {string} */ prop) => {
    const m = new RegExp(`(?:^|;)\\s*${prop}\\s*:\\s*([\\d.]+)px`).exec(node.getAttribute('style') || '')
    return m ? Number(m[1]) : NaN
  }
  const got = {
    height: px(outer, 'height'),
    paddingTop: px(inner, 'padding-top'),
    titleBar: px(inner, 'height'),
    paddingRight: px(inner, 'padding-right'),
  }
  const want = { height: BAR_HEIGHT, paddingTop: SYSTEM.statusBarHeight, titleBar: TITLE_BAR_HEIGHT, paddingRight: RIGHT_INSET }
  for (const k of /** @type {Array<keyof typeof want>} */ (Object.keys(want)))
    if (got[k] !== want[k]) throw failure(`${where}: navigation bar ${k} ${got[k]} px, expected ${want[k]} px`)
  return `${BAR_HEIGHT} px (status ${SYSTEM.statusBarHeight} + title ${TITLE_BAR_HEIGHT}, ${RIGHT_INSET} px kept free for the capsule)`
}

void runCheck(
  TARGET === 'swan' ? 'swan home page (translated to WXML) in miniprogram-simulate' : 'weapp home page in miniprogram-simulate',
  main,
).then(() => process.exit())
