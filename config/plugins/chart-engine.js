// @ts-check
// WeChat: one chart engine per build. F2 and the drawing code (src/components/Chart/engineEntry.ts)
// are bundled once by esbuild into their own subpackage, chartEngine/, which the chart pages load
// with require.async (WeChat's subpackage async loading, base library 2.11.2 or later), instead of
// webpack copying F2 (about 500 KB) into every subpackage that draws a chart.
// Other targets: nothing here (H5 has its shared chart-engine chunk; Baidu has no cross-subpackage
// require, so F2 stays in each chart subpackage there).
const path = require('node:path')

const ROOT_DIR = path.resolve(__dirname, '..', '..')
/** The subpackage root, its one (empty) page, and the engine file. */
const ENGINE_ROOT = 'chartEngine'
const ENGINE_PAGE = 'index'
const ENGINE_FILE = `${ENGINE_ROOT}/engine.js`
/** What src/components/Chart/enginePackage.ts passes to require.async, replaced here per file. */
const PLACEHOLDER = '__ALFA_CHART_ENGINE__'
const ENTRY = path.join(ROOT_DIR, 'src', 'components', 'Chart', 'engineEntry.ts')
const GLOBAL_NAME = '__alfaChartEngine'
/** The globals Taro's webpack build provides to bundled code (its ProvidePlugin) that F2 reads. */
const HOST_GLOBALS = ['window', 'document', 'requestAnimationFrame', 'cancelAnimationFrame']

/**
 * The engine as a CommonJS module exporting a factory: F2 runs when the factory is called with
 * Taro's window and document, as it would inside the webpack build.
 */
async function bundleEngine() {
  const esbuild = require('esbuild')
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: GLOBAL_NAME,
    platform: 'browser',
    // WeChat's own compiler (es6 setting) takes it down to ES5 on upload, as it does Taro's output.
    target: 'es2017',
    minify: true,
    legalComments: 'none',
    tsconfig: path.join(ROOT_DIR, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: `module.exports=function(host){"use strict";${HOST_GLOBALS.map((g) => `var ${g}=host.${g};`).join('')}` },
    footer: { js: `return ${GLOBAL_NAME}};` },
    logLevel: 'silent',
  })
  return result.outputFiles[0].text
}

/**
 * The engine's path as a relative require from the output file `name`.
 * @param {string} name
 */
function relativeTo(name) {
  const rel = path.posix.relative(path.posix.dirname(name), ENGINE_FILE)
  return rel.startsWith('.') ? rel : `./${rel}`
}

/** @param {{ source(): { toString(): string } }} asset a webpack source */
function text(asset) {
  return asset.source().toString()
}

/** @param {import('@tarojs/service').IPluginContext} ctx */
module.exports = (ctx) => {
  if (process.env.TARO_ENV !== 'weapp') return
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Taro awaits this hook (webpack5-runner's MiniPlugin), though its type says void
  ctx.modifyBuildAssets(async ({ assets }) => {
    const { RawSource } = require('webpack').sources

    // Every output file that loads the engine gets the path from where it lies.
    const callers = []
    for (const name of Object.keys(assets)) {
      if (!name.endsWith('.js')) continue
      const source = text(assets[name])
      if (!source.includes(PLACEHOLDER)) continue
      assets[name] = new RawSource(source.split(PLACEHOLDER).join(relativeTo(name)))
      callers.push(name)
    }
    // No caller means the loader was renamed or minified away: fail rather than ship a dead engine.
    if (!callers.length) throw new Error(`chart-engine: no output file contains ${PLACEHOLDER}`)

    assets[ENGINE_FILE] = new RawSource(await bundleEngine())
    // WeChat wants at least one page per subpackage; nobody navigates to it. Its require keeps the
    // engine file "used" for WeChat's unused-file filter (the page's code runs only if opened).
    assets[`${ENGINE_ROOT}/${ENGINE_PAGE}.js`] = new RawSource("require('./engine.js')\nPage({})\n")
    assets[`${ENGINE_ROOT}/${ENGINE_PAGE}.json`] = new RawSource('{}\n')
    assets[`${ENGINE_ROOT}/${ENGINE_PAGE}.wxml`] = new RawSource('<view></view>\n')

    /** @type {AppJson} */
    const app = JSON.parse(text(assets['app.json']))
    const key = app.subpackages ? 'subpackages' : 'subPackages'
    app[key] = [...(app[key] || []).filter((s) => s.root !== ENGINE_ROOT), { root: ENGINE_ROOT, pages: [ENGINE_PAGE] }]
    app.preloadRule = preloadRules(app, key, callers)
    assets['app.json'] = new RawSource(JSON.stringify(app))
  })
}

/**
 * @typedef {{ pages: string[], preloadRule?: Record<string, { network?: string, packages: string[] }> }
 *   & Partial<Record<'subpackages' | 'subPackages', Array<{ root: string; pages: string[] }>>>} AppJson
 */

/** A charting subpackage with at most this many pages gets a preload rule on each (a rule costs the main package's app.json about 80 bytes). */
const SMALL_PACKAGE_PAGES = 4

/**
 * WeChat's preloadRule: the engine subpackage starts downloading when the home page opens (the first
 * page: most visits go on to a fund or a strategy) and when a page of a small package that draws charts
 * opens (the fund and market pages), so the first chart does not wait for the download. The large
 * shared subpackage (subPkg, strategies among its ~45 pages) gets no rules: one per page would cost the
 * main package's budget ~4 KB, and it is reached through the home page. Rules the app has are kept.
 * @param {AppJson} app
 * @param {'subpackages' | 'subPackages'} key
 * @param {string[]} callers output files that load the engine
 */
function preloadRules(app, key, callers) {
  /** @type {Record<string, { network?: string, packages: string[] }>} */
  const rules = { ...app.preloadRule }
  const add = (/** @type {string} */ page) => {
    const rule = rules[page] ?? { network: 'all', packages: [] }
    rules[page] = { ...rule, packages: [...new Set([...rule.packages, ENGINE_ROOT])] }
  }
  add(app.pages[0])
  for (const sub of app[key] ?? [])
    if (sub.root !== ENGINE_ROOT && sub.pages.length <= SMALL_PACKAGE_PAGES && callers.some((c) => c.startsWith(`${sub.root}/`)))
      for (const page of sub.pages) add(`${sub.root}/${page}`)
  return rules
}

module.exports.ENGINE_ROOT = ENGINE_ROOT
module.exports.ENGINE_FILE = ENGINE_FILE
module.exports.bundleEngine = bundleEngine
module.exports.relativeTo = relativeTo
module.exports.preloadRules = preloadRules
