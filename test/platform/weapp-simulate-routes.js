// @ts-check
'use strict'
// Every page of the route table (src/routes.ts) in the WeChat build (dist/weapp; with
// ALFA_SIMULATE_TARGET=swan, dist/swan translated to WXML) in miniprogram-simulate against the REAL
// API server (lib/api-server.js, parts fund and live: the demo user logged in with picked funds,
// start reminders offered), one after the other in one app with one server start.
//
// Each page opens with the example values the browser walk uses (test/e2e/lib/routeUrls.ts
// pageVisits: the path parameters' SAMPLE_PARAMS and the SAMPLE_QUERIES of the demo data, read
// through tsx, never copied), and must: render (its page root), carry the route table's title
// (the native title, and the custom bar's where it draws one), answer every request it makes, log
// nothing (console.error, uncaught exception, GraphQL error, HTTP status >= 400), and, once its
// requests have settled, show content or a proper empty/error state, never only the loading
// placeholder (PageLoading's 正在加载 or the skeleton). A page whose first action leaves it (返回)
// is asserted on that action. One line per page says what it showed.
//
// ALFA_ROUTES_ONLY=<route> walks that route alone; ALFA_DEBUG=1 logs each page opened and each request.
const fs = require('node:fs')
const path = require('node:path')
const { requireDist, runCheck, failure, readJson, packagesOf } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
const { text, withLiveApp } = require('./lib/live-screens')

const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
/** How long a page may take to settle (a wait, never an assertion on time). */
const TIMEOUT_MS = 15000
/** Polls with no new request and none pending before a page counts as settled. */
const QUIET_POLLS = 5

// The route table and its examples, from their TypeScript sources (tsx's require, scoped to them).
const tsx = require('tsx/cjs/api')
/** @type {{ pageVisits(): Array<{ route: string; page: string; title: string; query: Record<string, string> }> }} */
const { pageVisits } = tsx.require('../e2e/lib/routeUrls.ts', __filename)
/** @typedef {import('./lib/types').Navigation} Navigation */
/** @typedef {import('./lib/types').OpenPage} OpenPage */
/** @typedef {{ kind: string; excerpt: string }} Shown */

/** Pages whose first action leaves them: what that action must be. */
/** @type {Record<string, (nav: Navigation) => boolean>} */
const LEAVES = {
  // Opened on its own there is nothing to go back to: home.
  back: (nav) => nav.api === 'reLaunch' && /^\/pages\/home\/index(\?|$)/.test(String(nav.url)),
}

/** The mini-program's answer to "sign in" (the login page's WeChat/Baidu code flow), for a signed-in user it is not asked. */
const LOGIN_CODE = TARGET === 'swan' ? 'dev-baidu-code' : 'dev-wechat-code'

const answer = (/** @type {import('./lib/types').WxCallOptions} */ opts, /** @type {object} */ res) => {
  if (typeof opts.success === 'function') opts.success(res)
  if (typeof opts.complete === 'function') opts.complete(res)
}
const wxExtra = {
  login: (opts = {}) => answer(opts, { code: LOGIN_CODE, errMsg: 'login:ok' }),
  getLoginCode: (opts = {}) => answer(opts, { code: LOGIN_CODE, errMsg: 'getLoginCode:ok' }),
  setClipboardData: (opts = {}) => answer(opts, { errMsg: 'setClipboardData:ok' }),
}

/** The simulator's tags of media (an image, video, web-view or canvas is content without text). */
const MEDIA = 'wx-image, wx-video, wx-web-view, wx-canvas, wx-input, wx-textarea'

/**
 * What the page body shows: 'loading' (only a loading placeholder), 'blank' (nothing), or the
 * state and an excerpt of its text: an empty/error state (Empty's title), a refusal, or content.
 * Classes are matched by the simulator's selectors (its DOM carries them with a prefix).
 */
/**
 * @param {OpenPage} h
 * @returns {Shown}
 */
function shown(h) {
  const body = h.page.querySelector('.alfa-page__body')
  if (!body) return { kind: 'no page body', excerpt: h.bodyText().slice(0, 80) }
  const placeholders = h.page.querySelectorAll('.alfa-page-loading').length + h.page.querySelectorAll('.alfa-skeleton').length
  const media = body.dom.querySelectorAll(MEDIA).length
  const all = text(body)
  const bare = all.replace(/\s+/g, '')
  if (placeholders && !media && bare.replace(/正在加载/g, '') === '') return { kind: 'loading', excerpt: all }
  if (!placeholders && !media && bare === '') return { kind: 'blank', excerpt: '' }
  const excerpt = all.slice(0, 80)
  if (h.page.querySelector('.alfa-refused')) return { kind: 'refusal', excerpt }
  const empty = h.page.querySelector('.alfa-empty__title')
  if (empty) return { kind: `empty/error state "${text(empty)}"`, excerpt }
  return { kind: media && !bare ? `media (${media})` : 'content', excerpt }
}

/**
 * @param {{ dir: string; host: import('./lib/types').Host; net: import('./lib/types').Net; problems: string[] }} run
 */
async function walk({ dir, host, net, problems }) {
  const pages = new Set(packagesOf(readJson(path.join(dir, 'app.json'))).allPages)
  const only = process.env.ALFA_ROUTES_ONLY
  const visits = pageVisits().filter((v) => !only || v.route === only)
  /** @type {string[]} */
  if (!visits.length) throw failure(`no route ${only}`)
  const lines = []
  for (const v of visits) {
    const { query } = v
    const where = `${v.route} (${v.page}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''})`
    const fail = (/** @type {string} */ msg) => failure(`${where}: ${msg}${problems.length ? `\n${problems.join('\n')}` : ''}`)
    if (!pages.has(v.page)) throw fail('not a page of app.json')
    if (!fs.existsSync(path.join(dir, `${v.page}.js`))) throw fail(`${v.page}.js is missing from the build`)
    if (process.env.ALFA_DEBUG) console.log('open', where)
    const started = Date.now()
    const firstRequest = net.requests.length
    const firstNav = host.navigations.length
    host.titles.splice(0)
    let h
    try {
      h = host.open(v.page, query, TIMEOUT_MS)
    } catch (err) {
      throw fail(
        `did not render: ${String((err instanceof Error && err.stack) || err)
          .split('\n')
          .slice(0, 4)
          .join('\n')}`,
      )
    }
    try {
      await h
        .waitFor('the page root', () => h.page.querySelector('.alfa-page'))
        .catch(() => {
          throw fail(`no page root (.alfa-page) rendered: "${h.bodyText().slice(0, 200)}"`)
        })
      const leaves = LEAVES[v.route]
      /** @type {Shown | undefined} */
      let state
      if (leaves) {
        const nav = await h
          .waitFor('its first action', () => host.navigations.slice(firstNav).find(leaves))
          .catch(() => {
            throw fail(`its first action should leave it; navigations: ${JSON.stringify(host.navigations.slice(firstNav))}`)
          })
        state = { kind: `left: ${nav.api} ${String(nav.url).replace(/[?&]ts=\d+/, '')}`, excerpt: h.bodyText().slice(0, 80) }
      }
      // Settled: nothing pending and no new request for a few polls, and not only the placeholder.
      let quiet = 0
      let seen = -1
      await h
        .waitFor('its requests settled and its data shown', () => {
          const pending = net.requests.some((r) => !r.done)
          quiet = !pending && net.requests.length === seen ? quiet + 1 : 0
          seen = net.requests.length
          if (quiet < QUIET_POLLS) return null
          const s = state && leaves !== undefined ? state : shown(h)
          return s.kind === 'loading' || s.kind === 'blank' ? null : (state = s)
        })
        .catch(() => {
          const pending = net.requests.slice(firstRequest).filter((r) => !r.done)
          if (pending.length) throw fail(`requests never answered: ${pending.map((r) => `${r.method} ${r.path} ${r.op}`).join(', ')}`)
          const s = shown(h)
          throw fail(
            s.kind === 'loading'
              ? `shows only the loading placeholder (${s.excerpt || 'no text'}) after its requests settled`
              : `shows ${s.kind} after its requests settled: "${h.bodyText().slice(0, 200)}"`,
          )
        })
      const titles = host.titles.splice(0)
      const json = readJson(path.join(dir, `${v.page}.json`)).navigationBarTitleText
      const nativeTitle = titles.length ? titles[titles.length - 1] : json
      if (nativeTitle !== v.title) throw fail(`navigation title "${nativeTitle}", the route table says "${v.title}"`)
      const bar = h.page.querySelector('.alfa-navbar__title')
      if (bar && text(bar) !== v.title) throw fail(`the custom bar's title is "${text(bar)}", the route table says "${v.title}"`)
      if (problems.length) throw fail('problems logged')
      const navs = host.navigations.slice(firstNav).filter((n) => !leaves || !leaves(n))
      if (navs.length) throw fail(`it navigated by itself: ${JSON.stringify(navs)}`)
      const count = net.requests.length - firstRequest
      if (!state) throw fail('no state read')
      lines.push(
        `${v.route} "${nativeTitle}": ${state.kind}${state.excerpt ? ` — ${JSON.stringify(state.excerpt)}` : ''}; ${count} requests (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      )
    } finally {
      h.close()
    }
  }
  return lines
}

async function main() {
  const { dir } = simulatedDist(requireDist)
  return withLiveApp({ dir, parts: ['fund', 'live'], wx: wxExtra }, async ({ server, host, net, problems }) => {
    const lines = await walk({ dir, host, net, problems })
    const sockets = net.sockets ?? []
    // A page's socket closes with the page (the close handshake takes a moment).
    for (let i = 0; i < 100 && sockets.some((s) => !s.closed); i++) await new Promise((r) => setTimeout(r, 20))
    const open = sockets.filter((s) => !s.closed)
    if (open.length) throw failure(`${open.length} socket(s) left open after their page closed: ${open.map((s) => s.path).join(', ')}`)
    return `${lines.length} pages of the route table against the live server (${net.requests.length} requests, all answered, ${sockets.length} socket(s); server start ${server.startMs} ms):\n  ${lines.join('\n  ')}`
  })
}

void runCheck(
  `${TARGET} every page of the route table in miniprogram-simulate${TARGET === 'swan' ? ' (translated to WXML)' : ''}`,
  main,
).then(() => process.exit())
