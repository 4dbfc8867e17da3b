import fs from 'node:fs'
import path from 'node:path'
import { FEATURES, routeByPage, routes, type RouteEntry } from '@/routes'

/**
 * ARCHITECTURE.md section 2: the folders of src/ are layers and an import may only point down —
 * pages → features → components / hooks → services → platform → utils (and the route table, which
 * is data). A feature's internals are its own: another feature reaches it only through its index.
 * The app's entry files (app.ts, app.config.ts) compose everything and are exempt.
 */

const ROOT = path.resolve(__dirname, '../..')
const SRC = path.join(ROOT, 'src')

/** Rank of each layer: an import must go to the same rank or a lower one. */
const RANK: Record<string, number> = {
  pages: 5,
  features: 4,
  components: 3,
  hooks: 3,
  services: 2,
  platform: 1,
  utils: 0,
  routes: 0,
  styles: 0,
}
// The app's entry files, and the build's own tables read from config/ (firstAnswers.ts: the H5 first answers).
const ENTRY_FILES = new Set(['app.ts', 'app.config.ts', 'firstAnswers.ts'])

export interface Module {
  /** Layer name (a key of RANK), or 'entry' for the app's entry files. */
  layer: string
  /** For features: the feature's folder name. */
  feature?: string
  /** For features: the path inside the feature folder ('index' for its public entry). */
  inner?: string
}

/** The layer of a path under src/ (relative, '/'-separated, without extension). */
export function moduleOf(rel: string): Module {
  const parts = rel.split('/')
  if (parts.length === 1) {
    if (ENTRY_FILES.has(`${parts[0]}.ts`)) return { layer: 'entry' }
    return { layer: parts[0] }
  }
  if (parts[0] === 'subPkg') return { layer: 'pages' }
  if (parts[0] === 'features') return { layer: 'features', feature: parts[1], inner: parts.slice(2).join('/') || 'index' }
  return { layer: parts[0] }
}

/** Why an import from `from` to `to` breaks the layering, or null when it is allowed. */
export function violation(from: Module, to: Module): string | null {
  if (from.layer === 'entry') return null
  if (!(from.layer in RANK)) return `unknown layer ${from.layer}`
  if (to.layer === 'entry') return 'imports the app entry'
  if (!(to.layer in RANK)) return `imports an unknown layer ${to.layer}`
  if (RANK[to.layer] > RANK[from.layer]) return `${from.layer} imports ${to.layer}, a layer above it`
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature && to.inner !== 'index') {
    return `feature ${from.feature} reaches into ${to.feature}/${to.inner} (use @/features/${to.feature})`
  }
  if (from.layer === 'pages' && to.layer === 'features' && to.inner !== 'index') {
    return `page shell reaches past its feature's entry point into ${to.feature}/${to.inner} (use @/features/${to.feature})`
  }
  return null
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(p)
    return /\.(tsx?|jsx?)$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : []
  })
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/g

/** Module specifiers imported by a source text. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4])
}

/** The src-relative path (no extension, index folded) an import resolves to, or null outside src. */
function targetOf(file: string, spec: string): string | null {
  let abs: string
  if (spec.startsWith('@/')) abs = path.join(SRC, spec.slice(2))
  else if (spec.startsWith('.')) abs = path.resolve(path.dirname(file), spec)
  else return null
  const rel = path.relative(SRC, abs).split(path.sep).join('/')
  if (rel.startsWith('..')) return rel
  return rel.replace(/\.(h5|weapp|swan)$/, '').replace(/\/index$/, '')
}

function moduleOfFile(file: string): Module {
  const rel = path
    .relative(SRC, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(tsx?|jsx?)$/, '')
    .replace(/\.(h5|weapp|swan)$/, '')
  return moduleOf(rel.replace(/\/index$/, ''))
}

function targetModule(rel: string): Module {
  const m = moduleOf(rel)
  // A feature's folder itself ('features/watchlist') is its index.
  if (m.layer === 'features' && rel.split('/').length === 2) return { ...m, inner: 'index' }
  return m
}

describe('layers: imports only point down (ARCHITECTURE.md section 2)', () => {
  describe('the rule', () => {
    const cases: [string, string, boolean][] = [
      ['pages/fund/index', 'features/fund', true],
      ['pages/fund/index', 'features/fund/detail/FundDetailScreen', false],
      ['subPkg/pages/portfolio/detail/index', 'features/portfolio/hooks', false],
      ['features/fund/detail/FundDetailScreen', 'components/Chart', true],
      ['features/fund/detail/FundDetailScreen', 'features/watchlist', true],
      ['features/fund/detail/FundDetailScreen', 'features/watchlist/pick/PickButton', false],
      ['features/filter/results/FundTable', 'features/filter/conditions', true],
      ['hooks/remote', 'components/LoadMore', true],
      ['services/request', 'platform/env', true],
      ['services/navigation', 'routes', true],
      ['utils/imageUrl', 'services/request', false],
      ['utils/format', 'platform/env', false],
      ['platform/launch', 'services/startup', false],
      ['components/Chart', 'features/fund/performance/ReturnsGrid', false],
      ['services/api', 'hooks/remote', false],
      ['features/fund/hooks', 'pages/fund/index', false],
      ['app', 'platform/theme', true],
    ]
    it.each(cases)('%s → %s allowed: %s', (from, to, allowed) => {
      expect(violation(moduleOf(from), targetModule(to)) === null).toBe(allowed)
    })
    it('finds every kind of import statement', () => {
      const text = [
        "import a from '@/a'",
        "import type { B } from './b'",
        "export { c } from '../c'",
        "import '@/d.scss'",
        'const e = import(/* webpackChunkName: "e" */ \'@/e\')',
        "const f = require('@/f')",
      ].join('\n')
      expect(importsOf(text)).toEqual(['@/a', './b', '../c', '@/d.scss', '@/e', '@/f'])
    })
  })

  it('no file under src/ imports a layer above its own or another feature’s internals', () => {
    const problems: string[] = []
    for (const file of sourceFiles(SRC)) {
      const from = moduleOfFile(file)
      for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
        const target = targetOf(file, spec)
        if (target === null || /\.(s?css|json|png)$/.test(target)) continue
        if (target.startsWith('..')) {
          problems.push(`${path.relative(ROOT, file)}: ${spec} — outside src/`)
          continue
        }
        const why = violation(from, targetModule(target))
        if (why) problems.push(`${path.relative(ROOT, file)}: ${spec} — ${why}`)
      }
    }
    expect(problems).toEqual([])
  })

  it('a page shell imports only the feature its route names (routes.ts feature), through its index', () => {
    const problems: string[] = []
    for (const dir of [path.join(SRC, 'pages'), path.join(SRC, 'subPkg', 'pages')]) {
      for (const file of sourceFiles(dir).filter((f) => /[\\/]index\.tsx$/.test(f))) {
        const page = path
          .relative(SRC, file)
          .split(path.sep)
          .join('/')
          .replace(/\.tsx$/, '')
        const route = routeByPage(page)
        const entry: RouteEntry | undefined = route && routes[route]
        for (const spec of importsOf(fs.readFileSync(file, 'utf8'))) {
          const target = targetOf(file, spec)
          const to = target === null ? null : targetModule(target)
          if (to?.layer !== 'features') continue
          if (!entry) problems.push(`${path.relative(ROOT, file)}: ${spec} — no route has this page`)
          else if (to.feature !== entry.feature)
            problems.push(`${path.relative(ROOT, file)}: ${spec} — route ${route} names feature ${entry.feature ?? '(none)'}`)
        }
      }
    }
    expect(problems).toEqual([])
  })

  it('every feature a route names is a folder of src/features with an index.ts, and every folder is listed', () => {
    const folders = fs.readdirSync(path.join(SRC, 'features')).filter((d) => fs.statSync(path.join(SRC, 'features', d)).isDirectory())
    expect([...FEATURES].sort()).toEqual(folders.sort())
    expect(FEATURES.filter((f) => !fs.existsSync(path.join(SRC, 'features', f, 'index.ts')))).toEqual([])
  })

  it('utils/ holds pure functions: no React, no Taro, no hooks', () => {
    const impure = sourceFiles(path.join(SRC, 'utils')).flatMap((file) =>
      importsOf(fs.readFileSync(file, 'utf8'))
        .filter((spec) => spec === 'react' || spec.startsWith('@tarojs/'))
        .map((spec) => `${path.relative(ROOT, file)}: ${spec}`),
    )
    expect(impure).toEqual([])
  })

  describe('the app and the server share code only through common/, by name', () => {
    const COMMON = path.join(ROOT, 'common')
    const SERVER = path.join(ROOT, 'server')
    /** What a file's relative or aliased import resolves to (absolute), or null for a package. */
    const resolved = (file: string, spec: string) =>
      spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec.startsWith('@/') ? path.join(SRC, spec.slice(2)) : null
    const inside = (dir: string, abs: string) => !path.relative(dir, abs).startsWith('..')
    const crossings = (files: string[], forbidden: string[], why: string) =>
      files.flatMap((file) =>
        importsOf(fs.readFileSync(file, 'utf8')).flatMap((spec) => {
          const abs = resolved(file, spec)
          return abs && forbidden.some((dir) => inside(dir, abs)) ? [`${path.relative(ROOT, file)}: ${spec} — ${why}`] : []
        }),
      )
    const serverFiles = () =>
      ['src', 'test', 'reliability', 'bench'].flatMap((d) => (fs.existsSync(path.join(SERVER, d)) ? sourceFiles(path.join(SERVER, d)) : []))

    it('the server never reaches into src/ (import @alfa/common/… instead)', () => {
      expect(crossings(serverFiles(), [SRC, COMMON], 'reaches across: use @alfa/common/<module>')).toEqual([])
    })
    it('the app never reaches into server/', () => {
      expect(crossings(sourceFiles(SRC), [SERVER, COMMON], 'reaches across: use @alfa/common/<module>')).toEqual([])
    })
    it('common/ is pure and stands alone: no app, server, React or Taro imports', () => {
      const problems = sourceFiles(COMMON).flatMap((file) =>
        importsOf(fs.readFileSync(file, 'utf8'))
          .filter((spec) => spec.startsWith('.') || spec.startsWith('@/') || spec === 'react' || spec.startsWith('@tarojs/'))
          .map((spec) => `${path.relative(ROOT, file)}: ${spec}`),
      )
      expect(problems).toEqual([])
    })
  })

  it('every stylesheet a file imports exists (jest stubs styles, so only the build would notice)', () => {
    const stylesheets = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name)
        return e.isDirectory() ? stylesheets(p) : /\.scss$/.test(e.name) ? [p] : []
      })
    /** A Sass module path as Sass resolves it: the file, its partial (_name), with or without .scss. */
    const sassTarget = (from: string, spec: string) => {
      const abs = path.resolve(path.dirname(from), spec)
      const partial = path.join(path.dirname(abs), `_${path.basename(abs)}`)
      return [abs, `${abs}.scss`, partial, `${partial}.scss`].some((p) => fs.existsSync(p) && fs.statSync(p).isFile())
    }
    const missing = [
      ...sourceFiles(SRC).flatMap((file) =>
        importsOf(fs.readFileSync(file, 'utf8'))
          .filter((spec) => /\.s?css$/.test(spec) && (spec.startsWith('.') || spec.startsWith('@/')))
          .filter((spec) => !fs.existsSync(spec.startsWith('@/') ? path.join(SRC, spec.slice(2)) : path.resolve(path.dirname(file), spec)))
          .map((spec) => `${path.relative(ROOT, file)}: ${spec}`),
      ),
      ...stylesheets(SRC).flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/@(?:use|import)\s+'(\.[^']+)'/g)]
          .filter((m) => !sassTarget(file, m[1]))
          .map((m) => `${path.relative(ROOT, file)}: ${m[1]}`),
      ),
    ]
    expect(missing).toEqual([])
  })

  it('test doubles live under test/, not in the app', () => {
    const doubles = sourceFiles(SRC).filter((f) => /(^|\/)(fake|mock|stub)[A-Z_.-]/i.test(path.basename(f)))
    expect(doubles.map((f) => path.relative(ROOT, f))).toEqual([])
  })
})
