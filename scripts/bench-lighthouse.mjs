// @ts-check
// npm run bench:lighthouse — Lighthouse mobile performance of the H5 build (ARCHITECTURE.md
// section 7: "Lighthouse mobile performance at least 95"). A script whose output is a figure, not
// a test: it builds H5 if stale (under /tmp/build.lock, like the browser tests), serves a private
// copy with the real server and the demo database on a free port, runs Lighthouse 12's default
// mobile preset (simulated throttling) in Debian's Chromium against seven page types, and prints per page
// the median run's score, FCP, LCP, TBT, CLS, Speed Index and JS transferred, then the minimum.
// A run that fails with a Lighthouse runtime error (NO_NAVSTART...) is run once more, and the output
// says so (test/e2e/lib/lighthouseRetry.ts).
//
// Environment:
//   BENCH_RUNS=<n>        Lighthouse runs per page (default 3; the median run by score is reported)
//   BENCH_PAGES=a,b       only these pages (home, fund, portfolio, market, watchlist, article, live)
//   BENCH_OUT=<file>      where the JSON summary goes (default /tmp/alfa-lighthouse-<time>.json;
//                         the median runs' full reports go in a folder beside it)
//   E2E_H5_DIR / E2E_SKIP_BUILD as for the browser tests (test/e2e/lib/h5Build.ts)
// Installs nothing: lighthouse is a devDependency; CHROME_PATH defaults to /usr/bin/chromium.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { ensureH5Build, snapshotBuild } from '../test/e2e/lib/h5Build.ts'
import { startServer } from '../test/e2e/lib/server.ts'
import { withRuntimeErrorRetry } from '../test/e2e/lib/lighthouseRetry.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const LIGHTHOUSE = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js')
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const TARGET = 95
// The browser tests' flags (ARCHITECTURE.md, verification) plus headless and no sandbox (root).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ')

const ALL_PAGES = [
  { name: 'home', path: '/pages/home/index' },
  { name: 'fund', path: '/alfa/fund/000001' },
  { name: 'portfolio', path: '/alfa/portfolio/ZH015676/detail' },
  { name: 'market', path: '/pages/stock_market/index' },
  { name: 'watchlist', path: '/pages/favourites/index' },
  { name: 'article', path: '/subPkg/pages/article/index?articleId=A10000' },
  { name: 'live', path: '/subPkg/pages/live/index?liveId=LIVE001' },
]
const wanted = process.env.BENCH_PAGES?.split(',').map((s) => s.trim())
const PAGES = wanted ? ALL_PAGES.filter((p) => wanted.includes(p.name)) : ALL_PAGES

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const OUT = path.resolve(process.env.BENCH_OUT ?? path.join(os.tmpdir(), `alfa-lighthouse-${stamp}.json`))
const REPORTS = OUT.replace(/\.json$/, '') + '-reports'

/**
 * The part of a Lighthouse report (LHR) read here.
 * @typedef {{
 *   id: string
 *   score: number | null
 *   numericValue?: number
 *   displayValue?: string
 *   metricSavings?: Record<string, number>
 *   details?: { items?: Array<{ resourceType?: string; transferSize?: number; requestCount?: number; items?: Array<{ node?: { snippet?: string } }> }> }
 * }} Audit
 * @typedef {{
 *   audits: Record<string, Audit | undefined>
 *   categories: { performance: { score: number | null } }
 *   environment?: { benchmarkIndex?: number }
 *   runWarnings?: string[]
 * }} Lhr
 */

/**
 * One Lighthouse run (its CLI, a fresh Chromium each time); resolves with the report (LHR).
 * @param {string} url
 * @param {string} outFile
 * @returns {Promise<Lhr>}
 */
function lighthouse(url, outFile) {
  return new Promise((resolve, reject) => {
    const args = [
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${outFile}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ]
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stdout.on('data', (b) => (err += b))
    child.stderr.on('data', (b) => (err += b))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0 || !fs.existsSync(outFile)) return reject(new Error(`lighthouse ${url} exited ${code}:\n${err.slice(-3000)}`))
      resolve(JSON.parse(fs.readFileSync(outFile, 'utf8')))
    })
  })
}

/**
 * @param {Lhr} lhr
 * @param {string} id
 */
const num = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN

/**
 * The figures of one run.
 * @param {Lhr} lhr
 */
function figures(lhr) {
  const items = lhr.audits['resource-summary']?.details?.items ?? []
  const script = items.find((i) => i.resourceType === 'script')
  const total = items.find((i) => i.resourceType === 'total')
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(num(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(num(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(num(lhr, 'total-blocking-time')),
    cls: Number(num(lhr, 'cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(num(lhr, 'speed-index')),
    jsTransferKB: Number(((script?.transferSize ?? 0) / 1024).toFixed(1)),
    jsRequests: script?.requestCount ?? 0,
    totalTransferKB: Number(((total?.transferSize ?? 0) / 1024).toFixed(1)),
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    runWarnings: lhr.runWarnings ?? [],
  }
}

/**
 * The audits that say where the time goes (Lighthouse's estimated metric savings).
 * @param {Lhr} lhr
 */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter((a) => a !== undefined)
    .filter((a) => a.score !== null && a.score < 0.9 && Object.values(a.metricSavings ?? {}).some((v) => v > 0))
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
}

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
/** @param {number} ms */
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`

async function main() {
  const t0 = Date.now()
  if (!fs.existsSync(LIGHTHOUSE)) throw new Error('lighthouse is not installed (npm install; it is a devDependency)')
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`)
  const built = ensureH5Build((line) => console.log(line))
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-lighthouse-'))
  const h5Dir = snapshotBuild(built, path.join(tmp, 'h5'))
  fs.mkdirSync(REPORTS, { recursive: true })
  const server = await startServer({ h5Dir })
  const results = []
  /** @type {string[]} */
  const retries = []
  try {
    // One untimed load per page first, in Chromium, so that the page's own requests (GraphQL, REST) are
    // warm too: the server's first answers (JIT compilation, caches) are not the app's, and an HTML
    // fetch alone left them in each page's first timed run.
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] })
    try {
      for (const page of PAGES) {
        const tab = await browser.newPage()
        await tab.goto(server.origin + page.path, { waitUntil: 'networkidle', timeout: 60_000 }).catch(() => undefined)
        await tab.close()
      }
    } finally {
      await browser.close()
    }
    console.log(`Lighthouse 12 mobile preset (simulated throttling), ${RUNS} run(s) per page, ${server.origin}`)
    for (const page of PAGES) {
      const url = server.origin + page.path
      const runs = []
      for (let i = 0; i < RUNS; i++) {
        const file = path.join(tmp, `${page.name}-${i}.json`)
        // A Lighthouse runtime error (NO_NAVSTART...) is the run's fault, not the page's: once more, said.
        const lhr = await withRuntimeErrorRetry(
          () => lighthouse(url, file),
          (code) => {
            retries.push(`${page.name} run ${i + 1}: ${code}`)
            console.log(`${page.name.padEnd(10)} run ${i + 1}: Lighthouse runtime error ${code}, running it again`)
          },
        )
        runs.push({ file, lhr, fig: figures(lhr) })
      }
      // The median run by score (ties: by LCP), reported whole so its figures belong together.
      runs.sort((a, b) => a.fig.score - b.fig.score || a.fig.lcpMs - b.fig.lcpMs)
      const mid = runs[Math.floor(runs.length / 2)]
      const report = path.join(REPORTS, `${page.name}.json`)
      fs.copyFileSync(mid.file, report)
      const f = mid.fig
      results.push({
        page: page.name,
        path: page.path,
        ...f,
        scores: runs.map((r) => r.fig.score),
        lcpElement: mid.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        failing: opportunities(mid.lhr),
        report,
      })
      console.log(
        `${page.name.padEnd(10)} ${String(f.score).padStart(3)}  FCP ${sec(f.fcpMs)}  LCP ${sec(f.lcpMs)}  TBT ${f.tbtMs} ms  CLS ${f.cls}  SI ${sec(f.speedIndexMs)}  JS ${f.jsTransferKB} KB in ${f.jsRequests} files` +
          `  (scores ${runs.map((r) => r.fig.score).join('/')})`,
      )
      for (const w of f.runWarnings) console.log(`           warning: ${w}`)
    }
  } finally {
    await server.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  const min = Math.min(...results.map((r) => r.score))
  const seconds = Math.round((Date.now() - t0) / 1000)
  const summary = {
    date: new Date().toISOString(),
    lighthouse: JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version,
    preset: 'mobile (default), simulated throttling',
    chrome: CHROME_PATH,
    runsPerPage: RUNS,
    target: TARGET,
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex ?? NaN)),
    cpus: os.cpus().length,
    seconds,
    minScore: min,
    retries,
    ok: min >= TARGET,
    pages: results,
  }
  fs.writeFileSync(OUT, JSON.stringify(summary, null, 2) + '\n')
  for (const r of results.filter((r) => r.score < TARGET))
    console.log(`${r.page}: ${r.failing.join(', ') || 'no failing audit'}; LCP element ${r.lcpElement ?? '?'}`)
  if (retries.length) console.log(`retried after a Lighthouse runtime error: ${retries.join('; ')}`)
  console.log(
    `minimum score ${min} (target ≥ ${TARGET}) ${min >= TARGET ? 'OK' : 'BELOW TARGET'}; ${seconds} s in all (CPU benchmark index ${summary.benchmarkIndex}, ${os.cpus().length} cores)`,
  )
  console.log(`summary: ${OUT}\nfull reports of the median runs: ${REPORTS}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
