// @ts-check
'use strict'
// Package size budgets of the WeChat and Baidu builds (ARCHITECTURE.md section 7):
// the main package at most 450 KB, each subpackage at most 1.5 MB, and @antv/f2 not in the
// main package. WeChat has one chart engine per build: F2 only in chartEngine/engine.js (the
// subpackage the charts load with require.async), in no other file. Baidu has no cross-subpackage
// require, so there each chart subpackage carries F2 (listed). A package's size is the sum of the bytes of its files, as the platform counts
// them: every file of the build except license notices (*.LICENSE.txt) and source maps.
// A file belongs to the subpackage whose root holds it, else to the main package.
const fs = require('node:fs')
const path = require('node:path')
const {
  requireDist,
  readJson,
  listFiles,
  packagesOf,
  packageOf,
  kb,
  runCheck,
  failure,
  MAIN_BUDGET,
  SUB_BUDGET,
  CHART_ENGINE_ROOT,
  CHART_ENGINE_FILE,
} = require('./lib/common')

// String literals that survive minification in F2 5's rendering core (@antv/g-lite, which
// F2's Canvas always pulls in) and in its scale code. Checked against F2's own bundle below,
// so an F2 upgrade that drops them fails here instead of silently passing.
const F2_MARKERS = ['markerStartOffset', 'visiblepainted', 'wilkinson-extended']
const F2_BUNDLE = path.join(path.dirname(require.resolve('@antv/f2/package.json')), 'dist', 'index.min.js')
const SCRIPT = /\.(js|wxs|sjs)$/
const ASYNC_REQUIRE = /require\.async\((['"])([^'"]*)\1\)/g

/** @param {string} file */
function counted(file) {
  return !file.endsWith('.LICENSE.txt') && !file.endsWith('.map')
}

function checkMarkers() {
  const bundle = fs.readFileSync(F2_BUNDLE, 'utf8')
  const lost = F2_MARKERS.filter((m) => !bundle.includes(m))
  if (lost.length) throw failure(`F2 markers ${lost.join(', ')} are no longer in ${F2_BUNDLE}: pick new ones`)
}

/** @param {string} platform weapp or swan */
function measure(platform) {
  const dir = requireDist(platform)
  const { subs } = packagesOf(readJson(path.join(dir, 'app.json')))
  /** Bytes per package: null is the main package, a subpackage by its root. */
  const sizes = new Map(/** @type {Array<[string | null, number]>} */ ([[null, 0], ...subs.map((s) => [s.root, 0])]))
  const size = (/** @type {string | null} */ pkg) => sizes.get(pkg) ?? 0
  /** @type {Array<[string, string | null, string[]]>} Every script file with F2 in it: [file, package, markers found]. */
  const f2Files = []
  /** @type {Array<[string, string]>} Every require.async('<path>') of the build: [file, path]. */
  const asyncRequires = []
  /** @type {Array<[string, number]>} */
  const mainFiles = []
  for (const file of listFiles(dir).filter(counted)) {
    const bytes = fs.statSync(path.join(dir, file)).size
    const pkg = packageOf(file, subs)
    sizes.set(pkg, size(pkg) + bytes)
    if (pkg === null) mainFiles.push([file, bytes])
    if (SCRIPT.test(file)) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8')
      const hits = F2_MARKERS.filter((m) => text.includes(m))
      if (hits.length) f2Files.push([file, pkg, hits])
      for (const m of text.matchAll(ASYNC_REQUIRE)) asyncRequires.push([file, m[2]])
    }
  }
  const largest = mainFiles
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([f, b]) => `${f} ${kb(b)}`)
  const total = [...sizes.values()].reduce((a, b) => a + b, 0)
  console.log(`${platform} total ${kb(total)}; main package ${kb(size(null))} (budget ${kb(MAIN_BUDGET)}); largest: ${largest.join(', ')}`)
  for (const s of subs) console.log(`${platform} subpackage ${s.root} ${kb(size(s.root))} (budget ${kb(SUB_BUDGET)})`)
  const f2Packages = [...new Set(f2Files.map(([, pkg]) => pkg ?? 'main'))]
  console.log(`${platform} F2 in: ${f2Packages.join(', ') || 'no package'}`)

  const problems = []
  if (size(null) > MAIN_BUDGET) problems.push(`main package ${kb(size(null))} > ${kb(MAIN_BUDGET)}`)
  for (const s of subs) if (size(s.root) > SUB_BUDGET) problems.push(`subpackage ${s.root} ${kb(size(s.root))} > ${kb(SUB_BUDGET)}`)
  const f2InMain = f2Files.filter(([, pkg]) => pkg === null).map(([f, , hits]) => `${f} (${hits.join(', ')})`)
  if (f2InMain.length) problems.push(`@antv/f2 code in the main package: ${f2InMain.join('; ')}`)
  let f2Text = 'no F2 in main'
  if (platform === 'weapp') {
    // One chart engine per build: the engine file has all of F2, and nothing else has any of it.
    if (!subs.some((s) => s.root === CHART_ENGINE_ROOT)) problems.push(`no ${CHART_ENGINE_ROOT} subpackage in app.json`)
    const engine = f2Files.find(([f]) => f === CHART_ENGINE_FILE)
    if (!engine || engine[2].length !== F2_MARKERS.length) problems.push(`${CHART_ENGINE_FILE} is missing or has no F2 in it`)
    const copies = f2Files.filter(([f, pkg]) => f !== CHART_ENGINE_FILE && pkg !== null).map(([f, , hits]) => `${f} (${hits.join(', ')})`)
    if (copies.length) problems.push(`@antv/f2 code outside ${CHART_ENGINE_FILE}: ${copies.slice(0, 6).join('; ')}`)
    // Each loader's path, resolved from its own file as WeChat does, names the engine file.
    const loaders = asyncRequires.filter(([file, p]) => path.posix.join(path.posix.dirname(file), p) === CHART_ENGINE_FILE)
    const stray = asyncRequires.filter((r) => !loaders.includes(r)).map(([file, p]) => `${file}: ${p}`)
    if (!loaders.length) problems.push(`no require.async of ${CHART_ENGINE_FILE} in the build`)
    if (stray.length) problems.push(`require.async paths that do not name ${CHART_ENGINE_FILE}: ${stray.slice(0, 6).join('; ')}`)
    // The engine starts downloading when the home page opens (preloadRule), not when the first chart asks for it.
    const app = /** @type {{ pages: string[], preloadRule?: Record<string, { packages?: string[] }> }} */ (
      readJson(path.join(dir, 'app.json'))
    )
    if (!app.preloadRule?.[app.pages[0]]?.packages?.includes(CHART_ENGINE_ROOT))
      problems.push(`app.json preloadRule does not preload ${CHART_ENGINE_ROOT} from ${app.pages[0]}`)
    if (engine)
      f2Text = `${loaders.length} require.async of ${CHART_ENGINE_FILE} (resolved from their files); F2 only in it (${kb(fs.statSync(path.join(dir, CHART_ENGINE_FILE)).size)}); preloaded from ${Object.keys(app.preloadRule ?? {}).length} pages`
  }
  if (problems.length) throw failure(problems.join('\n'))
  const subText = subs.map((s) => `${s.root} ${kb(size(s.root))}`).join(', ') || 'no subpackage'
  return `total ${kb(total)}; main ${kb(size(null))} <= ${kb(MAIN_BUDGET)}; ${subText} <= ${kb(SUB_BUDGET)} each; ${f2Text}`
}

void (async () => {
  await runCheck('F2 markers', () => {
    checkMarkers()
    return `${F2_MARKERS.join(', ')} found in @antv/f2's bundle`
  })
  await runCheck('weapp package sizes', () => measure('weapp'))
  await runCheck('swan package sizes', () => measure('swan'))
})()
