// @ts-check
'use strict'
// Issue 21's web pages and the app's own pages in the WeChat build (dist/weapp; with
// ALFA_SIMULATE_TARGET=swan, dist/swan translated to WXML) render in miniprogram-simulate with the
// data of the REAL API server (lib/api-server.js, part `site`, the demo user logged in):
//
// - the external link refusing an address off the allow-list (the address shown, 复制链接 copies
//   it with wx.setClipboardData) and opening an allowed one in a web-view; the web-view fallback
//   and the web iframe with an allowed page; the trade web-view with a page of the product's own
//   host, which gets the user's token;
// - 下载App, 下载指引 and 正在下载 (a mini-program cannot download: the link is copied), 打开App (a
//   mini-program cannot open the app: the page opens here), 关于我们 (a licence opens through the
//   link rules), 我的钱包 (the demo user's holdings; a row opens its strategy), 返回 (back, or home);
// - 投顾内容 without a strategy (every strategy's; a post's strategy opens it).
//
// Each screen: rendered with the server's values, its native title, one tap where there is
// something to tap, every request answered, nothing logged (lib/live-screens.js runScreens).
const { requireDist, runCheck, failure } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
const { text, runScreens, withLiveApp } = require('./lib/live-screens')

const TIMEOUT_MS = 8000
const enc = encodeURIComponent

/**
 * @typedef {import('./lib/types').LivePage} LivePage
 * @typedef {import('./lib/types').SimNode} SimNode
 * @typedef {import('./lib/types').Screen} Screen
 */

/** @type {string[]} What the app copied (wx.setClipboardData). */
const clipboard = []
const wxExtra = {
  setClipboardData(/** @type {import('./lib/types').WxCallOptions & { data?: string }} */ opts = {}) {
    clipboard.push(String(opts.data))
    const res = { errMsg: 'setClipboardData:ok' }
    if (typeof opts.success === 'function') opts.success(res)
    if (typeof opts.complete === 'function') opts.complete(res)
  },
}

/**
 * Taps `node` and resolves with the navigation it starts ({api, url}).
 * @param {LivePage} h
 * @param {SimNode | undefined} node
 * @param {string} what
 */
async function tapNavigates(h, node, what) {
  if (!node) throw failure(`${what}: nothing to tap`)
  const before = h.navigations.length
  node.dispatchEvent('tap')
  await h.waitFor(`navigation from ${what}`, () => h.navigations.length > before)
  const { api, url } = h.navigations[before]
  return { api, url: String(url) }
}

/**
 * Taps `node` and resolves with what it copied.
 * @param {LivePage} h
 * @param {SimNode | undefined} node
 * @param {string} what
 */
async function tapCopies(h, node, what) {
  if (!node) throw failure(`${what}: nothing to tap`)
  const before = clipboard.length
  node.dispatchEvent('tap')
  await h.waitFor(`${what} to copy`, () => clipboard.length > before)
  return clipboard[before]
}

/**
 * The web-view's address. The simulator renders web-view as an empty element without its
 * attributes, so it is read where Taro puts it: the page's data (the render tree it hands the
 * template, attribute names shortened: `src` is `p0` of the web-view node). These pages have no
 * other node with a web address in an attribute.
 */
function webViewSrc() {
  const inst = /** @type {import('./lib/types').HostGlobals} */ (/** @type {unknown} */ (globalThis)).getCurrentPages().slice(-1)[0]
  /** @type {string[]} */
  const found = []
  /** @param {unknown} node */
  const walk = (node) => {
    if (!node || typeof node !== 'object') return
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string' && /^(src|p\d+)$/.test(k) && /^https?:\/\//.test(v)) found.push(v)
      else walk(v)
    }
  }
  walk(inst && inst.data)
  return found.length === 1 ? found[0] : found.length ? found : null
}

const withoutTs = (/** @type {string} */ url) => String(url).replace(/[?&]ts=\d+$/, '')

/**
 * @param {{ site: any }} expected lib/api-server.js's part site, JSON as the server answered
 * @param {string} token
 * @param {string} platform
 * @returns {Screen[]}
 */
function screens({ site }, token, platform) {
  const os = /ios/i.test(platform) ? 'ios' : 'android'
  const storeUrl = os === 'ios' ? site.app.iosUrl : site.app.androidUrl
  /**
   * @param {string} name
   * @param {string} title
   * @param {string} page
   * @param {string} url
   * @param {string} want
   * @returns {Screen}
   */
  const webView = (name, title, page, url, want) => ({
    name,
    title,
    page,
    query: { url: enc(url) },
    ready: '.alfa-page',
    texts: [],
    async interact(h) {
      await h
        .waitFor(`${name}: a web-view of ${want}`, () => webViewSrc() === want || null)
        .catch(() => {
          throw failure(`${name}: web-view src is ${JSON.stringify(webViewSrc())}, expected ${want}`)
        })
      if (h.page.querySelector('.alfa-refused')) throw failure(`${name}: refused`)
      return `web-view ${want.replace(token, '<token>')}`
    },
  })
  /**
   * @param {string} name
   * @param {string} title
   * @param {string} page
   * @param {string} ready
   * @returns {Screen}
   */
  const copyScreen = (name, title, page, ready) => ({
    name,
    title,
    page,
    query: {},
    ready,
    texts: [site.app.appName, '复制下载链接'],
    async interact(h) {
      const copied = await tapCopies(h, h.page.querySelector('.alfa-site__primary'), `${name}: 复制下载链接`)
      if (copied !== storeUrl) throw failure(`${name}: copied ${copied}, the ${os} link is ${storeUrl}`)
      return `a mini-program copies the ${os} link ${copied}`
    },
  })
  const evil = 'https://evil.example/steal?c=1'
  return [
    {
      name: 'external link (refused)',
      title: '外部链接',
      page: 'subPkg/pages/externalLink/index',
      query: { url: enc(evil) },
      ready: '.alfa-refused__url',
      exact: { '.alfa-refused__url': evil },
      texts: ['无法打开此链接', '复制链接'],
      async interact(h) {
        if (webViewSrc()) throw failure('external link: a refused address has a web-view')
        const copied = await tapCopies(h, h.page.querySelector('.alfa-refused__copy'), '复制链接')
        if (copied !== evil) throw failure(`external link: copied ${copied}, expected ${evil}`)
        return `refused ${evil}; 复制链接 copies it`
      },
    },
    webView(
      'external link (allowed)',
      '外部链接',
      'subPkg/pages/externalLink/index',
      'https://www.alfa.example/faq/buy',
      'https://www.alfa.example/faq/buy',
    ),
    webView(
      'web-view fallback',
      '网页',
      'pages/webview/index',
      'https://community.alfa.example/po/ZH015676',
      'https://community.alfa.example/po/ZH015676',
    ),
    webView('web iframe', '网页浏览', 'subPkg/pages/webIframe/index', 'https://www.alfa.example/notice', 'https://www.alfa.example/notice'),
    webView(
      'trade web-view',
      '交易',
      'subPkg/pages/tradeWebview/index',
      'https://localhost/trade/buy?poCode=ZH015676',
      `https://localhost/trade/buy?poCode=ZH015676&access_token=${token}`,
    ),
    {
      ...copyScreen('app download', '下载App', 'pages/appDownload/index', '.alfa-site-app__name'),
      exact: { '.alfa-site-app__name': site.app.appName },
      texts: [site.app.appName, site.app.slogan, site.app.version, '复制下载链接'],
    },
    copyScreen('download guide', '下载指引', 'pages/appDownloadGuide/index', '.alfa-site-steps__step'),
    copyScreen('downloading', '正在下载', 'pages/downloading/index', '.alfa-site-app__name'),
    {
      name: 'open in app',
      title: '打开App',
      page: 'pages/appOpen/index',
      query: { path: enc('/alfa/fund/000001') },
      ready: '.alfa-site__secondary',
      texts: ['小程序内无法打开 App', '继续在小程序中浏览'],
      async interact(h) {
        const nav = await tapNavigates(h, h.page.querySelector('.alfa-site__secondary'), '继续在小程序中浏览')
        if (withoutTs(nav.url) !== '/subPkg/pages/fundEntry/index?fundCode=000001') throw failure(`open in app: opened ${nav.url}`)
        return `继续在小程序中浏览 -> ${nav.url}`
      },
    },
    {
      name: '关于我们',
      title: '关于我们',
      page: 'pages/site/index',
      query: {},
      ready: '.alfa-site-licence--link',
      texts: [site.about.intro, site.about.company, site.about.icp],
      async interact(h) {
        const licence = h.page.querySelector('.alfa-site-licence--link')
        const nav = await tapNavigates(h, licence, 'a licence')
        if (!/^\/subPkg\/pages\/externalLink\/index\?url=https%3A%2F%2Fwww\.alfa\.example%2Flicence%2F/.test(nav.url))
          throw failure(`关于我们: the licence opened ${nav.url}`)
        return `licence "${text(licence)}" -> ${withoutTs(nav.url)}`
      },
    },
    {
      name: 'wallet',
      title: '我的钱包',
      page: 'pages/wallet/index',
      query: {},
      ready: '.alfa-site-wallet__total',
      exact: { '.alfa-site-wallet__total': site.wallet.total },
      texts: [
        '演示数据',
        ...site.wallet.holdings.flatMap((/** @type {{ poName: string; marketValue: string }} */ x) => [x.poName, x.marketValue]),
      ],
      async interact(h) {
        const [first] = site.wallet.holdings
        const nav = await tapNavigates(h, h.page.querySelector('.alfa-list__row'), `the holding ${first.poName}`)
        if (withoutTs(nav.url) !== `/subPkg/pages/portfolio/entry/index?poCode=${first.poCode}`)
          throw failure(`wallet: the row opened ${nav.url}`)
        return `total ${site.wallet.total}, ${site.wallet.holdings.length} holdings; row -> ${withoutTs(nav.url)}`
      },
    },
    {
      name: 'back',
      title: '返回',
      page: 'pages/back/index',
      query: {},
      ready: '.alfa-site__secondary',
      texts: ['正在返回上一页', '回到首页'],
      async interact(h) {
        // Opened on its own: nothing to go back to, so home.
        await h.waitFor('the way home', () => h.navigations.some((n) => n.api === 'reLaunch'))
        const went = h.navigations.filter((n) => n.api === 'reLaunch').map((n) => withoutTs(String(n.url)))
        const nav = await tapNavigates(h, h.page.querySelector('.alfa-site__secondary'), '回到首页')
        if (went[0] !== '/pages/home/index' || nav.api !== 'reLaunch' || withoutTs(nav.url) !== '/pages/home/index')
          throw failure(`back: went ${JSON.stringify(went)}, 回到首页 ${nav.api} ${nav.url}`)
        return `opened alone -> reLaunch home; 回到首页 -> reLaunch home`
      },
    },
    {
      name: 'advisor content without a strategy',
      title: '投顾内容',
      page: 'subPkg/pages/portfolio/advisorContent/index',
      query: {},
      ready: '.alfa-po-post__strategy',
      texts: site.advisorContent.first.flatMap((/** @type {{ title: string; poName: string }} */ p) => [p.title, p.poName]),
      async interact(h) {
        if (h.bodyText().includes('未指定策略')) throw failure('advisor content: 未指定策略')
        const [first] = site.advisorContent.first
        const nav = await tapNavigates(h, h.page.querySelector('.alfa-po-post__strategy'), `the strategy of "${first.title}"`)
        if (withoutTs(nav.url) !== `/subPkg/pages/portfolio/entry/index?poCode=${first.poCode}`)
          throw failure(`advisor content: the strategy opened ${nav.url}`)
        return `${site.advisorContent.first.length} of ${site.advisorContent.totalCount} posts of several strategies; strategy -> ${withoutTs(nav.url)}`
      },
    },
  ]
}

async function main() {
  const { dir } = simulatedDist(requireDist)
  return withLiveApp({ dir, parts: ['site'], wx: wxExtra }, async ({ server, host, net, problems }) => {
    const { wx } = /** @type {{ wx: { getSystemInfoSync?: () => { platform?: string } } }} */ (/** @type {unknown} */ (globalThis))
    const platform = (wx.getSystemInfoSync && wx.getSystemInfoSync().platform) || ''
    const results = await runScreens({
      dir,
      host,
      net,
      problems,
      screens: screens(server.expected, server.token, platform),
      timeoutMs: TIMEOUT_MS,
    })
    return `${results.length} web and site screens against the live server (${net.requests.length} requests, all answered):\n  ${results.join('\n  ')}`
  })
}

void runCheck(
  `${TARGET} issue-21 web pages and the app's own pages in miniprogram-simulate${TARGET === 'swan' ? ' (translated to WXML)' : ''}`,
  main,
).then(() => process.exit())
