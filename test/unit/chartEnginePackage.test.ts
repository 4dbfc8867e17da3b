/**
 * WeChat's chart engine subpackage (config/plugins/chart-engine.js): the esbuild bundle of
 * engineEntry.ts is a CommonJS factory that, given the host's globals, returns an engine whose
 * startChart draws with F2 (through the legacy adapter onto a recording context, as
 * chartDraw.test.ts does for the webpack-bundled code), and each caller gets the engine's path
 * relative to its own output file.
 */
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { buildChartModel } from '@/components/Chart/model'
import type { EngineFactory } from '@/components/Chart/enginePackage'
import { recordingSurface } from '../support/canvas'

const PLUGIN = path.resolve(__dirname, '..', '..', 'config', 'plugins', 'chart-engine.js')
type Rules = Record<string, { network?: string; packages: string[] }>
type AppJson = { pages: string[]; preloadRule?: Rules; subpackages?: Array<{ root: string; pages: string[] }> }
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build plugin is CommonJS, typed by tsconfig.scripts.json, not this program
const plugin = require(PLUGIN) as {
  relativeTo(name: string): string
  ENGINE_FILE: string
  preloadRules(app: AppJson, key: 'subpackages', callers: string[]): Rules
}

/** The bundle as the build writes it (esbuild runs in its own process: jsdom's TextEncoder upsets it). */
function bundle(): string {
  const script = `require(${JSON.stringify(PLUGIN)}).bundleEngine().then((t) => process.stdout.write(t))`
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
}

it('gives each caller the engine path relative to its own output file', () => {
  expect(plugin.ENGINE_FILE).toBe('chartEngine/engine.js')
  expect(plugin.relativeTo('pages/fund/sub-common/a.js')).toBe('../../../chartEngine/engine.js')
  expect(plugin.relativeTo('subPkg/sub-common/a.js')).toBe('../../chartEngine/engine.js')
  expect(plugin.relativeTo('common.js')).toBe('./chartEngine/engine.js')
})

it('preloads the engine subpackage from the home page and from the pages of small packages that draw charts (issue #24)', () => {
  const many = Array.from({ length: 5 }, (_, i) => `pages/p${i}/index`)
  const app: AppJson = {
    pages: ['pages/home/index', 'pages/mine/index'],
    preloadRule: { 'pages/home/index': { network: 'wifi', packages: ['subPkg'] } },
    subpackages: [
      { root: 'pages/fund', pages: ['index'] },
      { root: 'subPkg', pages: many },
      { root: 'pages/site', pages: ['index'] },
      { root: 'chartEngine', pages: ['index'] },
    ],
  }
  expect(plugin.preloadRules(app, 'subpackages', ['pages/fund/sub-common/x.js', 'subPkg/sub-common/y.js', 'common.js'])).toEqual({
    // An existing rule keeps its network setting and packages.
    'pages/home/index': { network: 'wifi', packages: ['subPkg', 'chartEngine'] },
    'pages/fund/index': { network: 'all', packages: ['chartEngine'] },
  })
})

it('bundles F2 once as a CommonJS factory whose engine draws the chart', async () => {
  const text = bundle()
  expect(text.startsWith('module.exports=function(host){"use strict";')).toBe(true)
  const mod: { exports?: EngineFactory } = {}
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the bundle as WeChat's module wrapper would
  new Function('module', text)(mod)
  // G falls back to the global requestAnimationFrame/cancelAnimationFrame (Taro's, on WeChat).
  const raf = (cb: () => void) => setTimeout(cb, 0) as unknown as number
  const caf = (id: number) => clearTimeout(id)
  const engine = mod.exports!({ window: undefined, document: undefined, requestAnimationFrame: raf, cancelAnimationFrame: caf })
  expect(typeof engine.startPie).toBe('function')

  const { calls, surface, drawn } = recordingSurface(375, 200)
  const data = Array.from({ length: 300 }, (_, i) => ({
    date: new Date(Date.UTC(2020, 0, 1) + i * 864e5).toISOString().slice(0, 10),
    value: i % 50,
  }))
  const model = buildChartModel({ series: [{ name: '策略', data }], width: 375, height: 200 })
  const runtime = engine.startChart(surface, model)
  await drawn()
  runtime.destroy()
  expect(calls.some((c) => c[0] === 'draw' && c[1] === true)).toBe(true)
  expect(calls.some((c) => c[0] === 'setStrokeStyle' && c[1] === '#3388FF')).toBe(true)
  expect(calls.filter((c) => c[0] === 'lineTo').length).toBeGreaterThan(100)
}, 30000)
