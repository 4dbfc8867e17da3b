// @ts-check
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
/* global window, document -- global-jsdom defines them (createHost) */
const path = require('node:path')
const Module = require('node:module')
const { failure } = require('./common')
const { translatingSwan, wxDataKey } = require('./swan-to-wxml')

/** @typedef {import('./types').WxCallOptions} WxCallOptions */

/** The global object, with what the host defines on it for the mini-program's files. */
const host = /** @type {import('./types').HostGlobals} */ (/** @type {unknown} */ (globalThis))

/**
 * @param {WxCallOptions} opts
 * @param {object} res
 */
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
 * @param {string} dir
 */
function installRequireAsync(dir) {
  const root = path.resolve(dir)
  /** @type {string[]} */
  const loaded = []
  const key = '__alfaWeappRequireAsync'
  host[key] = (/** @type {NodeJS.Require} */ callerRequire, /** @type {string} */ callerFile) => (/** @type {unknown} */ request) =>
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
          reject({ mod: String(request), errMsg: `require.async:fail ${/** @type {Error} */ (err).message}` })
        }
      }, 0)
    })
  // Module's internals (not in its types): _compile(content, filename) runs a file's source.
  const proto = /** @type {{ _compile(this: unknown, content: string, filename: string): unknown }} */ (
    /** @type {unknown} */ (Module.prototype)
  )
  const compile = proto._compile
  /**
   * @this {unknown}
   * @param {string} content
   * @param {string} filename
   */
  proto._compile = function (content, filename) {
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
 * @param {{ problems: string[], request: import('./types').WxRequest, storage?: Record<string, unknown>, wx?: Record<string, import('./types').WxApi> }} opts
 *   `wx`: more host APIs (e.g. a login stub), in place before app.js reads the host's API list.
 * @returns {import('./types').Host}
 */
function createHost(dir, { problems, request, storage = {}, wx: extraWx = {} }) {
  require('global-jsdom')(undefined, { url: 'https://servicewechat.com/' })
  const asyncLoaded = installRequireAsync(dir)
  host.Event = window.Event
  host.CustomEvent = window.CustomEvent
  if (window.TouchEvent) host.TouchEvent = window.TouchEvent

  /** @type {import('./types').Navigation[]} */
  const navigations = []
  /** @type {string[]} */
  const titles = []
  const store = new Map(Object.entries(storage))
  const nav =
    (/** @type {string} */ name) =>
    (/** @type {WxCallOptions & { url?: string }} */ opts = {}) => {
      navigations.push({ api: name, url: opts.url })
      callback(opts, { errMsg: `${name}:ok` })
    }
  host.wx = {
    navigateTo: nav('navigateTo'),
    redirectTo: nav('redirectTo'),
    reLaunch: nav('reLaunch'),
    switchTab: nav('switchTab'),
    navigateBack: nav('navigateBack'),
    request,
    setNavigationBarTitle: (/** @type {WxCallOptions & { title?: string }} */ opts = {}) => {
      titles.push(String(opts.title))
      callback(opts, { errMsg: 'setNavigationBarTitle:ok' })
    },
    setStorageSync: (/** @type {string} */ key, /** @type {unknown} */ value) => void store.set(key, value),
    getStorageSync: (/** @type {string} */ key) => (store.has(key) ? store.get(key) : ''),
    removeStorageSync: (/** @type {string} */ key) => void store.delete(key),
    clearStorageSync: () => store.clear(),
    getStorageInfoSync: () => ({ keys: [...store.keys()], currentSize: 0, limitSize: 10240 }),
    setStorage: (/** @type {WxCallOptions & { key: string, data?: unknown }} */ opts) => {
      store.set(opts.key, opts.data)
      callback(opts, { errMsg: 'setStorage:ok' })
    },
    getStorage: (/** @type {WxCallOptions & { key: string }} */ opts) =>
      store.has(opts.key)
        ? callback(opts, { data: store.get(opts.key), errMsg: 'getStorage:ok' })
        : callback(opts, { errMsg: 'getStorage:fail data not found' }, false),
    removeStorage: (/** @type {WxCallOptions & { key: string }} */ opts) => {
      store.delete(opts.key)
      callback(opts, { errMsg: 'removeStorage:ok' })
    },
    ...extraWx,
  }
  const simulate = require('miniprogram-simulate') // merges its wx mock under ours

  /** @type {import('./types').AppConfig | null} */
  let app = null
  /** @type {import('./types').PageInstance[]} */
  const pages = []
  /** @type {{ route: string, query: Record<string, string> } | null} */
  let next = null
  /**
   * The Page() config of each route loaded, for a page opened again (below).
   * @type {Map<string, import('./types').PageConfig>}
   */
  const pageConfigs = new Map()
  let pageCalls = 0
  host.App = (config) => {
    app = config
  }
  host.getApp = () => app
  host.getCurrentPages = () => pages.slice()
  // A page opened a second time: miniprogram-simulate runs its .js again, but the webpack chunk
  // of the page is installed already, so the runtime skips it and Page() is not called; the
  // config of the first run registers the page again (as WeChat keeps a page's definition).
  const simulateUtils = require('miniprogram-simulate/src/utils')
  const runJs = simulateUtils.runJs
  simulateUtils.runJs = (file) => {
    const calls = pageCalls
    runJs(file)
    const route = path.relative(dir, file).split(path.sep).join('/')
    const known = pageConfigs.get(route)
    if (pageCalls === calls && known) host.Page(known)
  }
  host.Page = (config) => {
    pageCalls += 1
    const { route, query } = next || { route: '', query: {} }
    if (route) pageConfigs.set(route, config)
    /** @type {Record<string, Function>} */
    const methods = {}
    for (const [key, value] of Object.entries(config)) if (typeof value === 'function') methods[key] = value
    host.Component({
      data: config.data || {},
      methods,
      lifetimes: {
        /** @this {import('./types').PageInstance} */
        attached() {
          if (translatingSwan()) {
            // Baidu's setData paths (root.cn.0.cn) in the form the simulator reads (root.cn[0].cn).
            const setData = this.setData
            this.setData = (data, done) =>
              setData.call(this, Object.fromEntries(Object.entries(data).map(([k, v]) => [wxDataKey(k), v])), done)
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
        /** @this {import('./types').PageInstance} */
        ready() {
          if (config.onReady) config.onReady.call(this)
        },
        /** @this {import('./types').PageInstance} */
        detached() {
          if (config.onHide) config.onHide.call(this)
          if (config.onUnload) config.onUnload.call(this)
          pages.splice(pages.indexOf(this), 1)
        },
      },
    })
  }

  require(path.join(dir, 'app.js'))
  const called = /** @type {import('./types').AppConfig | null} */ (app)
  if (!called) throw failure('dist/weapp/app.js did not call App()')
  const theApp = called
  let launched = false

  /**
   * Loads, renders and attaches one page; returns helpers bound to it.
   * @type {import('./types').Host['open']}
   */
  function open(route, query, timeoutMs) {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))
    if (!launched) {
      launched = true
      const launch = { path: route, query: q, scene: 1001 }
      if (theApp.onLaunch) theApp.onLaunch.call(theApp, launch)
      if (theApp.onShow) theApp.onShow.call(theApp, launch)
    }
    next = { route, query: q }
    // WeChat's template compiler (wcc) compiles the whole build at once; the Baidu build's base
    // template, unrolled to 12 levels, is over a megabyte compiled (spawnSync's default buffer).
    const id = simulate.load(path.join(dir, route), { rootPath: dir, compilerOptions: { maxBuffer: 32 * 1024 * 1024 } })
    next = null
    const page = simulate.render(id)
    const parent = document.createElement('parent-wrapper')
    page.attach(parent)
    /** @type {import('./types').OpenPage} */
    const h = {
      page,
      navigations,
      bodyText: () => (page.dom.textContent ?? '').replace(/\s+/g, ' ').trim(),
      async waitFor(what, test) {
        const started = Date.now()
        for (;;) {
          const value = test()
          if (value) return /** @type {NonNullable<typeof value>} */ (value)
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

  return { open, titles, navigations, storage: store, asyncLoaded, sleep: (/** @type {number} */ ms) => simulate.sleep(ms) }
}

/**
 * Collects into `problems` what the page under test must never do: console.error, unhandled
 * rejections, uncaught exceptions (console.error still prints).
 * @param {string[]} problems
 */
function captureProblems(problems) {
  const originalError = console.error
  console.error = (...args) => {
    problems.push(`console.error: ${args.map(String).join(' ')}`)
    originalError(...args)
  }
  process.on('unhandledRejection', (err) => problems.push(`unhandled rejection: ${(err instanceof Error && err.stack) || String(err)}`))
  process.on('uncaughtException', (err) => problems.push(`uncaught exception: ${(err && err.stack) || err}`))
  return problems
}

module.exports = { createHost, captureProblems }
