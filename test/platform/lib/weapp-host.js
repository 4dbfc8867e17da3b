'use strict'
// A host for Taro pages of dist/weapp in miniprogram-simulate, for several pages one after the
// other in one process (weapp-simulate-screens.js). The same approach as
// weapp-simulate-home.js: a DOM (global-jsdom) and the event classes j-component constructs by
// their global names; wx's navigation APIs recorded; App()/getApp()/getCurrentPages() shims and
// dist/weapp/app.js run once; Page() turned into a Component() whose attached/ready/detached
// lifetimes run onLoad(query)/onShow, onReady and onUnload. Added here: wx.request is the
// caller's, storage is a working in-memory one (seeded by the caller, e.g. the stored token),
// wx.setNavigationBarTitle is recorded, and each open() sets the route and query the next
// Page() call belongs to. A subpackage page needs nothing more: its .js requires its
// subpackage's sub-common chunks itself, which register with the webpack runtime of app.js.
// Each file of the build also gets WeChat's require.async (subpackage async loading), which the
// charts use to load the chartEngine subpackage (installRequireAsync below).
const path = require('node:path')
const Module = require('node:module')
const { failure } = require('./common')
const { translatingSwan, wxDataKey } = require('./swan-to-wxml')

function callback(opts, res, ok = true) {
  if (ok && typeof opts.success === 'function') opts.success(res)
  if (!ok && typeof opts.fail === 'function') opts.fail(res)
  if (typeof opts.complete === 'function') opts.complete(res)
}

/**
 * WeChat's `require.async(path)` on the `require` of every file under `dir`, as the host gives it
 * (node loads the build's files with its own require, which has no `async`): the path resolves
 * from the calling file, must stay inside the build and name a file of it; the module arrives in
 * a later task (WeChat downloads the subpackage first), and a failure rejects with WeChat's
 * `{mod, errMsg}`. Returns the paths loaded so far, one per call (relative to `dir`).
 */
function installRequireAsync(dir) {
  const root = path.resolve(dir)
  const loaded = []
  const key = '__alfaWeappRequireAsync'
  global[key] = (callerRequire, callerFile) => (request) =>
    new Promise((resolve, reject) => {
      setTimeout(() => {
        const target = path.resolve(path.dirname(callerFile), String(request))
        const rel = path.relative(root, target).split(path.sep).join('/')
        try {
          if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error('outside the mini-program')
          if (!require('node:fs').existsSync(target)) throw new Error('module not defined')
          const exported = callerRequire(target)
          loaded.push(rel)
          resolve(exported)
        } catch (err) {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- WeChat's require.async rejects with this object, not an Error
          reject({ mod: String(request), errMsg: `require.async:fail ${err.message}` })
        }
      }, 0)
    })
  const compile = Module.prototype._compile
  Module.prototype._compile = function (content, filename) {
    if (filename.startsWith(root + path.sep) && filename.endsWith('.js')) {
      // After a leading "use strict" directive, so the file keeps its strictness.
      const m = /^\s*(['"])use strict\1;?/.exec(content)
      const at = m ? m[0].length : 0
      content = `${content.slice(0, at)}require.async=global.${key}(require,__filename);${content.slice(at)}`
    }
    return compile.call(this, content, filename)
  }
  return loaded
}

/**
 * @param {string} dir dist/weapp (or a copy)
 * @param {{problems: string[], request: Function, storage?: Record<string, unknown>, wx?: Record<string, Function>}} opts
 *   `wx`: more host APIs (e.g. a login stub), in place before app.js reads the host's API list.
 */
function createHost(dir, { problems, request, storage = {}, wx: extraWx = {} }) {
  require('global-jsdom')(undefined, { url: 'https://servicewechat.com/' })
  const asyncLoaded = installRequireAsync(dir)
  global.Event = window.Event
  global.CustomEvent = window.CustomEvent
  if (window.TouchEvent) global.TouchEvent = window.TouchEvent

  const navigations = []
  const titles = []
  const store = new Map(Object.entries(storage))
  const nav =
    (name) =>
    (opts = {}) => {
      navigations.push({ api: name, url: opts.url })
      callback(opts, { errMsg: `${name}:ok` })
    }
  global.wx = {
    navigateTo: nav('navigateTo'),
    redirectTo: nav('redirectTo'),
    reLaunch: nav('reLaunch'),
    switchTab: nav('switchTab'),
    navigateBack: nav('navigateBack'),
    request,
    setNavigationBarTitle: (opts = {}) => {
      titles.push(String(opts.title))
      callback(opts, { errMsg: 'setNavigationBarTitle:ok' })
    },
    setStorageSync: (key, value) => void store.set(key, value),
    getStorageSync: (key) => (store.has(key) ? store.get(key) : ''),
    removeStorageSync: (key) => void store.delete(key),
    clearStorageSync: () => store.clear(),
    getStorageInfoSync: () => ({ keys: [...store.keys()], currentSize: 0, limitSize: 10240 }),
    setStorage: (opts = {}) => {
      store.set(opts.key, opts.data)
      callback(opts, { errMsg: 'setStorage:ok' })
    },
    getStorage: (opts = {}) =>
      store.has(opts.key)
        ? callback(opts, { data: store.get(opts.key), errMsg: 'getStorage:ok' })
        : callback(opts, { errMsg: 'getStorage:fail data not found' }, false),
    removeStorage: (opts = {}) => {
      store.delete(opts.key)
      callback(opts, { errMsg: 'removeStorage:ok' })
    },
    ...extraWx,
  }
  const simulate = require('miniprogram-simulate') // merges its wx mock under ours

  let app = null
  const pages = []
  let next = null
  /** The Page() config of each route loaded, for a page opened again (below). */
  const pageConfigs = new Map()
  let pageCalls = 0
  global.App = (config) => {
    app = config
  }
  global.getApp = () => app
  global.getCurrentPages = () => pages.slice()
  // A page opened a second time: miniprogram-simulate runs its .js again, but the webpack chunk
  // of the page is installed already, so the runtime skips it and Page() is not called; the
  // config of the first run registers the page again (as WeChat keeps a page's definition).
  const simulateUtils = require('miniprogram-simulate/src/utils')
  const runJs = simulateUtils.runJs
  simulateUtils.runJs = (file) => {
    const calls = pageCalls
    runJs(file)
    const route = path.relative(dir, file).split(path.sep).join('/')
    if (pageCalls === calls && pageConfigs.has(route)) global.Page(pageConfigs.get(route))
  }
  global.Page = (config) => {
    pageCalls += 1
    const { route, query } = next || { route: '', query: {} }
    if (route) pageConfigs.set(route, config)
    const methods = {}
    for (const [key, value] of Object.entries(config)) if (typeof value === 'function') methods[key] = value
    global.Component({
      data: config.data || {},
      methods,
      lifetimes: {
        attached() {
          if (translatingSwan()) {
            // Baidu's setData paths (root.cn.0.cn) in the form the simulator reads (root.cn[0].cn).
            const setData = this.setData
            this.setData = (data, callback) =>
              setData.call(this, Object.fromEntries(Object.entries(data).map(([k, v]) => [wxDataKey(k), v])), callback)
          }
          this.route = route
          this.__route__ = route
          this.options = query
          pages.push(this)
          // Baidu calls onInit first (with the query), then onLoad; Taro's swan pages mount in onInit.
          if (config.onInit) config.onInit.call(this, { ...query })
          if (config.onLoad) config.onLoad.call(this, { ...query })
          if (config.onShow) config.onShow.call(this)
        },
        ready() {
          if (config.onReady) config.onReady.call(this)
        },
        detached() {
          if (config.onHide) config.onHide.call(this)
          if (config.onUnload) config.onUnload.call(this)
          pages.splice(pages.indexOf(this), 1)
        },
      },
    })
  }

  require(path.join(dir, 'app.js'))
  if (!app) throw failure('dist/weapp/app.js did not call App()')
  let launched = false

  /** Loads, renders and attaches one page; returns helpers bound to it. */
  function open(route, query, timeoutMs) {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))
    if (!launched) {
      launched = true
      const launch = { path: route, query: q, scene: 1001 }
      if (app.onLaunch) app.onLaunch.call(app, launch)
      if (app.onShow) app.onShow.call(app, launch)
    }
    next = { route, query: q }
    const id = simulate.load(path.join(dir, route), { rootPath: dir })
    next = null
    const page = simulate.render(id)
    const parent = document.createElement('parent-wrapper')
    page.attach(parent)
    const h = {
      page,
      navigations,
      bodyText: () => page.dom.textContent.replace(/\s+/g, ' ').trim(),
      async waitFor(what, test) {
        const started = Date.now()
        for (;;) {
          const value = test()
          if (value) return value
          if (Date.now() - started > timeoutMs) {
            const seen = problems.length ? `; before that:\n${problems.join('\n')}` : ''
            throw failure(`timed out after ${timeoutMs} ms waiting for ${what}${seen}`)
          }
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      },
      close() {
        page.detach()
      },
    }
    return h
  }

  return { open, titles, navigations, storage: store, asyncLoaded, sleep: (ms) => simulate.sleep(ms) }
}

/**
 * Collects into `problems` what the page under test must never do: console.error, unhandled
 * rejections, uncaught exceptions (console.error still prints).
 */
function captureProblems(problems) {
  const originalError = console.error
  console.error = (...args) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`)
    originalError(...args)
  }
  process.on('unhandledRejection', (err) => problems.push(`unhandled rejection: ${(err && err.stack) || err}`))
  process.on('uncaughtException', (err) => problems.push(`uncaught exception: ${(err && err.stack) || err}`))
  return problems
}

module.exports = { createHost, captureProblems }
