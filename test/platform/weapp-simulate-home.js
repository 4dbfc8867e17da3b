'use strict'
// The WeChat build's home page (dist/weapp/pages/home/index) renders in miniprogram-simulate
// and a tap on each entry tile reaches wx.navigateTo with an in-mini-program url carrying `ts`.
//
// miniprogram-simulate renders custom components (Component()), compiling the templates with
// the real wcc. A Taro page calls Page() and needs its app started, so this script:
// - installs a DOM (global-jsdom) and the DOM event classes j-component constructs by their
//   global names (Node has its own Event and CustomEvent, which jsdom rejects);
// - stubs wx's navigation APIs to record their calls, and wx.request to record and never answer
//   (the rest of wx is miniprogram-simulate's mock);
// - shims App()/getApp()/getCurrentPages() and runs dist/weapp/app.js (it loads the webpack
//   runtime, Taro and the vendors, and creates the React app);
// - shims Page(): the page's lifecycle methods become the component's methods, and onLoad,
//   onShow and onReady run from the component's attached and ready lifetimes.
const fs = require('node:fs')
const path = require('node:path')
const { requireDist, readJson, packagesOf, runCheck, failure } = require('./lib/common')

const PAGE = 'pages/home/index'
const ENTRY = '.alfa-home__entry'
const TITLE = '[class*="alfa-navbar__title"]'
const TIMEOUT_MS = 5000

const problems = []
const navigations = []
const requests = []

function installHost(dir) {
  require('global-jsdom')(undefined, { url: 'https://servicewechat.com/' })
  global.Event = window.Event
  global.CustomEvent = window.CustomEvent
  if (window.TouchEvent) global.TouchEvent = window.TouchEvent

  const nav = (name) => (opts = {}) => {
    navigations.push({ api: name, url: opts.url })
    const res = { errMsg: `${name}:ok` }
    if (typeof opts.success === 'function') opts.success(res)
    if (typeof opts.complete === 'function') opts.complete(res)
  }
  global.wx = {
    navigateTo: nav('navigateTo'),
    redirectTo: nav('redirectTo'),
    reLaunch: nav('reLaunch'),
    switchTab: nav('switchTab'),
    navigateBack: nav('navigateBack'),
    // Data requests stay pending: no server here, and the tiles must not depend on one.
    request: (opts = {}) => {
      requests.push(String(opts.url))
      return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
    },
  }
  const simulate = require('miniprogram-simulate') // merges its wx mock under ours

  let app = null
  const pages = []
  global.App = (config) => {
    app = config
  }
  global.getApp = () => app
  global.getCurrentPages = () => pages.slice()
  global.Page = (config) => {
    const methods = {}
    for (const [key, value] of Object.entries(config)) if (typeof value === 'function') methods[key] = value
    global.Component({
      data: config.data || {},
      methods,
      lifetimes: {
        attached() {
          this.route = PAGE
          this.__route__ = PAGE
          pages.push(this)
          if (config.onLoad) config.onLoad.call(this, {})
          if (config.onShow) config.onShow.call(this)
        },
        ready() {
          if (config.onReady) config.onReady.call(this)
        },
        detached() {
          if (config.onUnload) config.onUnload.call(this)
          pages.splice(pages.indexOf(this), 1)
        },
      },
    })
  }

  require(path.join(dir, 'app.js'))
  if (!app) throw failure('dist/weapp/app.js did not call App()')
  const launch = { path: PAGE, query: {}, scene: 1001 }
  if (app.onLaunch) app.onLaunch.call(app, launch)
  if (app.onShow) app.onShow.call(app, launch)
  return simulate
}

async function waitFor(what, test) {
  const started = Date.now()
  for (;;) {
    const value = test()
    if (value) return value
    if (Date.now() - started > TIMEOUT_MS) {
      const seen = problems.length ? `; before that:\n${problems.join('\n')}` : ''
      throw failure(`timed out after ${TIMEOUT_MS} ms waiting for ${what}${seen}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function main() {
  const dir = requireDist('weapp')
  if (!fs.existsSync(path.join(dir, `${PAGE}.js`))) throw failure(`${PAGE}.js is missing from the build`)
  const allPages = new Set(packagesOf(readJson(path.join(dir, 'app.json'))).allPages)

  const originalError = console.error
  console.error = (...args) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`)
    originalError(...args)
  }
  process.on('unhandledRejection', (err) => problems.push(`unhandled rejection: ${(err && err.stack) || err}`))
  process.on('uncaughtException', (err) => problems.push(`uncaught exception: ${(err && err.stack) || err}`))

  const simulate = installHost(dir)
  const id = simulate.load(path.join(dir, PAGE), { rootPath: dir })
  const page = simulate.render(id)
  page.attach(document.createElement('parent-wrapper'))

  // Render: Taro fills the page through setData once React has rendered.
  const entries = await waitFor(`${ENTRY} tiles`, () => {
    const found = page.querySelectorAll(ENTRY)
    return found.length ? found : null
  })
  const text = page.dom.textContent.trim()
  if (!text) throw failure('the page rendered no text')
  // The page uses the custom navigation bar (navigationStyle custom), so it renders its title.
  const titleNode = page.dom.querySelector(TITLE)
  const title = titleNode ? titleNode.textContent.trim() : ''
  if (!title) throw failure(`no navigation bar title (${TITLE}) rendered`)
  const labels = entries.map((e) => (e.dom.querySelector('[class*="alfa-home__label"]') || e.dom).textContent.trim())
  if (labels.some((l) => !l)) throw failure(`an entry tile has no label: ${JSON.stringify(labels)}`)

  // Tap: each tile navigates with exactly one wx.navigateTo to a page of app.json, with ts.
  const targets = []
  for (const [i, entry] of entries.entries()) {
    const before = navigations.length
    const tappedAt = Date.now()
    entry.dispatchEvent('tap')
    await waitFor(`the navigation of tile ${i + 1} (${labels[i]})`, () => navigations.length > before)
    await simulate.sleep(20)
    const calls = navigations.slice(before)
    if (calls.length !== 1 || calls[0].api !== 'navigateTo') {
      throw failure(`tile "${labels[i]}": expected one wx.navigateTo, got ${JSON.stringify(calls)}`)
    }
    const { url } = calls[0]
    const m = /^\/((?:pages|subPkg\/pages)\/[^?#]+)\?(.*)$/.exec(String(url))
    if (!m) throw failure(`tile "${labels[i]}": url ${url} is not /pages/... or /subPkg/pages/... with a query`)
    if (!allPages.has(m[1])) throw failure(`tile "${labels[i]}": ${m[1]} is not a page of app.json`)
    const ts = new URLSearchParams(m[2]).get('ts')
    if (!/^\d+$/.test(ts || '') || Math.abs(Number(ts) - tappedAt) > 60000) {
      throw failure(`tile "${labels[i]}": url ${url} lacks a current ts parameter`)
    }
    targets.push(m[1])
  }
  if (problems.length) throw failure(problems.join('\n'))
  return `${PAGE} rendered title "${title}" and ${entries.length} entry tiles (${labels.join(' ')}); each tap -> wx.navigateTo with ts (${targets.map((t) => `/${t}`).join(', ')})${requests.length ? `; ${requests.length} data request(s) left pending` : ''}`
}

runCheck('weapp home page in miniprogram-simulate', main).then(() => process.exit())
