'use strict'
// Package size budgets of the WeChat and Baidu builds (ARCHITECTURE.md section 7):
// the main package at most 512 KB, each subpackage at most 1.5 MB, and @antv/f2 not in the
// main package. A package's size is the sum of the bytes of its files, as the platform counts
// them: every file of the build except license notices (*.LICENSE.txt) and source maps.
// A file belongs to the subpackage whose root holds it, else to the main package.
const fs = require('node:fs')
const path = require('node:path')
const { requireDist, readJson, listFiles, packagesOf, packageOf, kb, runCheck, failure, MAIN_BUDGET, SUB_BUDGET } = require('./lib/common')

// String literals that survive minification in F2 5's rendering core (@antv/g-lite, which
// F2's Canvas always pulls in) and in its scale code. Checked against F2's own bundle below,
// so an F2 upgrade that drops them fails here instead of silently passing.
const F2_MARKERS = ['markerStartOffset', 'visiblepainted', 'wilkinson-extended']
const F2_BUNDLE = path.join(path.dirname(require.resolve('@antv/f2/package.json')), 'dist', 'index.min.js')
const SCRIPT = /\.(js|wxs|sjs)$/

function counted(file) {
  return !file.endsWith('.LICENSE.txt') && !file.endsWith('.map')
}

function checkMarkers() {
  const bundle = fs.readFileSync(F2_BUNDLE, 'utf8')
  const lost = F2_MARKERS.filter((m) => !bundle.includes(m))
  if (lost.length) throw failure(`F2 markers ${lost.join(', ')} are no longer in ${F2_BUNDLE}: pick new ones`)
}

function measure(platform) {
  const dir = requireDist(platform)
  const { subs } = packagesOf(readJson(path.join(dir, 'app.json')))
  const sizes = new Map([[null, 0], ...subs.map((s) => [s.root, 0])])
  const f2InMain = []
  const mainFiles = []
  for (const file of listFiles(dir).filter(counted)) {
    const bytes = fs.statSync(path.join(dir, file)).size
    const pkg = packageOf(file, subs)
    sizes.set(pkg, sizes.get(pkg) + bytes)
    if (pkg === null) {
      mainFiles.push([file, bytes])
      if (SCRIPT.test(file)) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8')
        const hits = F2_MARKERS.filter((m) => text.includes(m))
        if (hits.length) f2InMain.push(`${file} (${hits.join(', ')})`)
      }
    }
  }
  const largest = mainFiles
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([f, b]) => `${f} ${kb(b)}`)
  console.log(`${platform} main package ${kb(sizes.get(null))} (budget ${kb(MAIN_BUDGET)}); largest: ${largest.join(', ')}`)
  for (const s of subs) console.log(`${platform} subpackage ${s.root} ${kb(sizes.get(s.root))} (budget ${kb(SUB_BUDGET)})`)

  const problems = []
  if (sizes.get(null) > MAIN_BUDGET) problems.push(`main package ${kb(sizes.get(null))} > ${kb(MAIN_BUDGET)}`)
  for (const s of subs)
    if (sizes.get(s.root) > SUB_BUDGET) problems.push(`subpackage ${s.root} ${kb(sizes.get(s.root))} > ${kb(SUB_BUDGET)}`)
  if (f2InMain.length) problems.push(`@antv/f2 code in the main package: ${f2InMain.join('; ')}`)
  if (problems.length) throw failure(problems.join('\n'))
  const subText = subs.map((s) => `${s.root} ${kb(sizes.get(s.root))}`).join(', ') || 'no subpackage'
  return `main ${kb(sizes.get(null))} <= 512 KB; ${subText} <= 1.5 MB each; no F2 in main`
}

;(async () => {
  await runCheck('F2 markers', () => {
    checkMarkers()
    return `${F2_MARKERS.join(', ')} found in @antv/f2's bundle`
  })
  await runCheck('weapp package sizes', () => measure('weapp'))
  await runCheck('swan package sizes', () => measure('swan'))
})()
