// @ts-check
'use strict'
// What the WeChat simulator checks of screens against the live server share
// (weapp-simulate-screens.js: the fund screens; weapp-simulate-strategy.js: the strategy screens):
//
// - startServer(parts): lib/api-server.js in its own process (server/src on a private copy of the
//   seeded PGlite demo database, the demo user logged in), which reads the figures the screens must
//   show straight from the API and hands back {origin, token, expected}.
// - forwarder(originOf, net): wx.request answered by that server with node's fetch (method,
//   headers, body) as {statusCode, data, header}; it counts what is pending and records, in
//   net.problems, HTTP statuses >= 400, GraphQL errors and failures. While net.offline, every call
//   fails as with no network. ALFA_SCREENS_BREAK=graphql answers every GraphQL call with an error
//   (selftest.js proves the checks then fail); ALFA_DEBUG=1 logs each forwarded request.
// - showScreen(h, s, fail): waits for a screen's ready selector and texts, compares its exact values.
// - runScreens(...): the per-screen loop: load the page of app.json, show it, check its share
//   handlers, its one tap (s.interact), every request answered, its native title, its chart host,
//   and that nothing was logged (console.error, uncaught exception, GraphQL error ...).
const fs = require('node:fs')
const path = require('node:path')
const { CHART_ENGINE_FILE, readJson, packagesOf, failure, startJsonServer } = require('./common')
const { createHost, captureProblems } = require('./weapp-host')
const { translatingSwan } = require('./swan-to-wxml')
const { socketForwarder } = require('./socket')

const BREAK = process.env.ALFA_SCREENS_BREAK || ''

/**
 * @typedef {import('./types').Net} Net
 * @typedef {import('./types').OpenPage} OpenPage
 * @typedef {import('./types').Screen} Screen
 * @typedef {(message: string) => Error} Fail
 */

/**
 * Starts lib/api-server.js with the expectation parts asked ('fund', 'strategy'); resolves with its {origin, token, expected} and a stop().
 * @param {string[]} parts
 */
function startServer(parts) {
  return startJsonServer(path.join(__dirname, 'api-server.js'), parts)
}

/**
 * The GraphQL operation a request body names ('' when none).
 * @param {unknown} body
 */
function operationOf(body) {
  try {
    const payload = typeof body === 'string' ? JSON.parse(body) : body
    return String((payload && payload.operationName) || '')
  } catch {
    return ''
  }
}

/**
 * wx.request answered by the server at originOf(). Each call is recorded in net.requests as
 * {method, path, op (GraphQL operation), done, status}. While net.offline, every call fails as
 * with no network (counted in net.failed).
 * @param {() => string} originOf
 * @param {Net} net
 * @returns {import('./types').WxRequest}
 */
function forwarder(originOf, net) {
  return (opts = {}) => {
    if (net.offline) {
      net.failed += 1
      setTimeout(() => {
        const res = { errMsg: 'request:fail net::ERR_INTERNET_DISCONNECTED' }
        if (typeof opts.fail === 'function') opts.fail(res)
        if (typeof opts.complete === 'function') opts.complete(res)
      }, 5)
      return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
    }
    const origin = originOf()
    const method = String(opts.method || 'GET').toUpperCase()
    const url = new URL(String(opts.url), origin)
    const target = `${origin}${url.pathname}${url.search}`
    const header = { ...(opts.header || {}) }
    /** @type {string | undefined} */
    let body
    if (method === 'GET' || method === 'HEAD') {
      const data = opts.data
      if (data && typeof data === 'object') {
        const u = new URL(target)
        for (const [k, v] of Object.entries(data))
          if (v !== undefined && v !== null) u.searchParams.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
        body = undefined
        opts = { ...opts, __url: u.toString() }
      }
    } else if (opts.data !== undefined) {
      body = typeof opts.data === 'string' ? opts.data : JSON.stringify(opts.data)
    }
    const isGraphql = url.pathname.endsWith('/graphql')
    /** @type {import('./types').NetRequest} */
    const entry = { method, path: url.pathname, op: isGraphql ? operationOf(body) : '', done: false, at: Date.now() }
    net.requests.push(entry)
    let aborted = false
    const answer = async () => {
      let statusCode
      let text
      /** @type {Record<string, string>} */
      let headers = {}
      if (BREAK === 'graphql' && isGraphql) {
        statusCode = 200
        text = JSON.stringify({
          errors: [{ message: 'broken on purpose (ALFA_SCREENS_BREAK=graphql)', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        })
        headers = { 'content-type': 'application/json' }
      } else {
        const res = await fetch(opts.__url || target, { method, headers: header, body })
        statusCode = res.status
        text = await res.text()
        res.headers.forEach((v, k) => (headers[k] = v))
      }
      entry.status = statusCode
      if (statusCode >= 400) net.problems.push(`${method} ${url.pathname} answered ${statusCode}: ${text.slice(0, 200)}`)
      if (isGraphql && /"errors"\s*:/.test(text))
        net.problems.push(`GraphQL ${method} ${url.pathname} answered errors (${entry.op}): ${text.slice(0, 300)}`)
      /** @type {unknown} */
      let data = text
      if ((opts.dataType || 'json') === 'json') {
        try {
          data = JSON.parse(text)
        } catch {
          /* not JSON: wx hands back the text */
        }
      }
      return { statusCode, data, header: headers, errMsg: 'request:ok' }
    }
    answer().then(
      (res) => {
        entry.done = true
        if (process.env.ALFA_DEBUG)
          console.log('request', method, url.pathname, entry.op || String(body || '').slice(0, 60), Date.now() - entry.at, 'ms')
        if (aborted) return
        if (typeof opts.success === 'function') opts.success(res)
        if (typeof opts.complete === 'function') opts.complete(res)
      },
      (/** @type {Error} */ err) => {
        entry.done = true
        net.problems.push(`${method} ${url.pathname} failed: ${err.message}`)
        const res = { errMsg: `request:fail ${err.message}` }
        if (typeof opts.fail === 'function') opts.fail(res)
        if (typeof opts.complete === 'function') opts.complete(res)
      },
    )
    return {
      abort() {
        aborted = true
      },
      onHeadersReceived() {},
      offHeadersReceived() {},
      onChunkReceived() {},
      offChunkReceived() {},
    }
  }
}

/**
 * `node` when the page has it; else a failure naming what is missing.
 * @template T
 * @param {T | null | undefined} node
 * @param {string} what
 * @returns {T}
 */
function present(node, what) {
  if (node === null || node === undefined) throw failure(`no ${what} on the page`)
  return node
}

/** @param {import('./types').SimNode | Element | null | undefined} node */
const domOf = (node) => (node && 'dom' in node ? node.dom : node)
/** @param {import('./types').SimNode | Element | null | undefined} node */
const text = (node) => (domOf(node)?.textContent ?? '').replace(/\s+/g, ' ').trim()
/** @param {import('./types').SimNode | Element | null | undefined} node */
const classOf = (node) => String(domOf(node)?.getAttribute('class') || '')

/**
 * A screen shown: its ready selector present, every one of s.texts in its text, and each
 * s.exact selector's text equal to (or matching) the expected value. `source` names where the
 * expected values come from in a failure.
 * @param {OpenPage} h
 * @param {Pick<Screen, 'ready' | 'texts' | 'exact'>} s
 * @param {Fail} fail
 */
async function showScreen(h, s, fail, source = 'the server') {
  await h.waitFor(s.ready, () => h.page.querySelector(s.ready))
  const missing = () => s.texts.filter((t) => !h.bodyText().includes(String(t)))
  await h
    .waitFor(`texts ${JSON.stringify(s.texts)}`, () => missing().length === 0 || null)
    .catch(() => {
      throw fail(`missing ${JSON.stringify(missing())} in "${h.bodyText().slice(0, 600)}"`)
    })
  for (const [selector, want] of Object.entries(s.exact || {})) {
    const got = text(h.page.querySelector(selector))
    if (want instanceof RegExp ? !want.test(got) : got !== String(want)) throw fail(`${selector} shows "${got}", ${source} has "${want}"`)
  }
}

/**
 * Share (WeChat calls the page's handlers): the page's own title and path with its parameters.
 * The title names what the page shows once its name has loaded (a state update after the first
 * render of a kept answer), so the handlers are asked until they answer it or time runs out.
 * @param {OpenPage} h
 * @param {import('./types').Share} share
 * @param {Fail} fail
 */
async function checkShare(h, share, fail) {
  const inst = /** @type {import('./types').HostGlobals} */ (/** @type {unknown} */ (globalThis)).getCurrentPages().slice(-1)[0]
  const onChat = inst?.onShareAppMessage
  const onTimeline = inst?.onShareTimeline
  if (!inst || typeof onChat !== 'function') throw fail('the page has no onShareAppMessage')
  if (typeof onTimeline !== 'function') throw fail('the page has no onShareTimeline')
  /** @type {{ title?: string, path?: string }} */
  let chat = {}
  /** @type {{ title?: string, query?: string }} */
  let timeline = {}
  const right = () => {
    chat = onChat.call(inst, { from: 'menu' }) || {}
    timeline = onTimeline.call(inst) || {}
    return chat.title === share.title && chat.path === share.path && timeline.title === share.title && timeline.query === share.query
  }
  await h.waitFor(`the share of "${share.title}"`, right).catch(() => {
    throw fail(
      `onShareAppMessage answered ${JSON.stringify(chat)} and onShareTimeline ${JSON.stringify(timeline)}, expected title "${share.title}", path "${share.path}" and query "${share.query}"`,
    )
  })
  return `; shares "${chat.title}" ${chat.path}`
}

/**
 * Opens each screen in turn (page path of app.json, query), shows it (showScreen), checks its
 * share handlers (s.share), runs its one tap (s.interact(h) returns its summary; without one,
 * s.summary(h) or nothing), waits until every request is answered, then checks the native title
 * (the last setNavigationBarTitle, else the page .json's) against s.title, the chart host
 * (s.chart: true or a selector) and that nothing was logged; detaches the page before the next.
 * Returns one line per screen.
 * @param {{ dir: string, host: import('./types').Host, net: Net, problems: string[], screens: Screen[], timeoutMs: number }} run
 */
async function runScreens({ dir, host, net, problems, screens, timeoutMs }) {
  const allPages = new Set(packagesOf(readJson(path.join(dir, 'app.json'))).allPages)
  const results = []
  // ALFA_SCREENS_ONLY=<text> runs only the screens whose name contains it (to look at one screen).
  const only = process.env.ALFA_SCREENS_ONLY
  for (const s of only ? screens.filter((x) => x.name.includes(only)) : screens) {
    if (!allPages.has(s.page)) throw failure(`${s.name}: ${s.page} is not a page of app.json`)
    if (!fs.existsSync(path.join(dir, `${s.page}.js`))) throw failure(`${s.name}: ${s.page}.js is missing from the build`)
    const started = Date.now()
    const title = readJson(path.join(dir, `${s.page}.json`)).navigationBarTitleText
    const firstRequest = net.requests.length
    const h = Object.assign(host.open(s.page, s.query, timeoutMs), { net })
    /** @type {Fail} */
    const fail = (msg) =>
      failure(
        `${s.name} (${s.page}?${new URLSearchParams(Object.entries(s.query).map(([k, v]) => [k, String(v)]))}): ${msg}${problems.length ? `\n${problems.join('\n')}` : ''}`,
      )
    try {
      await showScreen(h, s, fail)
      const shared = s.share ? await checkShare(h, s.share, fail) : ''
      const summary = (s.interact ? await s.interact(h) : s.summary ? s.summary(h) : 'shown') + shared
      await h.waitFor('every request answered', () => net.requests.every((r) => r.done))
      await host.sleep(30)
      const titles = host.titles.splice(0)
      const shownTitle = titles.length ? titles[titles.length - 1] : title
      if (shownTitle !== s.title) throw fail(`navigation title "${shownTitle}", expected "${s.title}"`)
      // The chart's canvas cannot draw in jsdom; the page must still render it without a crash.
      // s.chart: true for the line chart's host, or the selector of another (the pie's).
      const chartHost = s.chart === true ? '.alfa-chart__host' : s.chart
      if (chartHost && !h.page.querySelector(chartHost)) throw fail(`no chart (${chartHost}) rendered`)
      // On WeChat F2 comes from the chartEngine subpackage through require.async (the first chart
      // loads it); the Baidu build carries F2 in each chart package (no cross-package require there).
      if (chartHost && !translatingSwan())
        await h.waitFor(`${CHART_ENGINE_FILE} loaded with require.async`, () => host.asyncLoaded.includes(CHART_ENGINE_FILE))
      if (problems.length) throw fail('problems')
      const count = net.requests.length - firstRequest
      results.push(`${s.name} "${shownTitle}": ${summary}; ${count} requests (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    } catch (caught) {
      const err = /** @type {import('./types').ExpectedFailure} */ (caught)
      if (String(err.message).startsWith(`${s.name} (`)) throw err
      throw fail(
        err.expected
          ? err.message
          : String(err.stack || err)
              .split('\n')
              .slice(0, 4)
              .join('\n'),
      )
    } finally {
      h.close()
    }
  }
  return results
}

/**
 * The app of `dir` in the host (lib/weapp-host.js) with its wx.request and wx.connectSocket
 * (lib/socket.js: a real WebSocket) forwarded to a live API server started for `parts` (the server
 * starts while app.js loads), logged in as the demo user as in WeChat: the token in the
 * mini-program's cookie storage (platform/web.ts). `wx`: more host APIs. Runs
 * job({server, host, net, problems}) and stops the server however it ends.
 * @template T
 * @param {{ dir: string, parts: string[], wx?: Record<string, import('./types').WxApi> }} app
 * @param {(run: { server: any, host: import('./types').Host, net: Net, problems: string[] }) => Promise<T>} job
 *   `server`: lib/api-server.js's JSON line (origin, token, expected: the figures read from the API) and controls
 */
async function withLiveApp({ dir, parts, wx = {} }, job) {
  const starting = startServer(parts)
  starting.catch(() => undefined)
  /** @type {any} lib/api-server.js's JSON line */
  let server = null
  try {
    /** @type {string[]} */
    const problems = []
    /** @type {Net} */
    const net = { requests: [], sockets: [], problems, offline: false, failed: 0 }
    captureProblems(problems)
    const host = createHost(dir, {
      problems,
      request: forwarder(() => server.origin, net),
      storage: {},
      wx: { connectSocket: socketForwarder(() => server.origin, net), ...wx },
    })
    server = await starting
    host.storage.set('cookies', { accessToken: { value: server.token } })
    return await job({ server, host, net, problems })
  } finally {
    if (server) server.stop()
    else
      starting.then(
        (/** @type {import('./types').JsonServer} */ s) => s.stop(),
        () => undefined,
      )
  }
}

module.exports = {
  present,
  startServer,
  forwarder,
  text,
  classOf,
  showScreen,
  checkShare,
  runScreens,
  withLiveApp,
}
