import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import zlib from 'node:zlib'
import type { Browser } from 'playwright-core'
import { launchBrowser, newMobileContext } from './lib/browser'
import { ensureH5Build } from './lib/h5Build'
import { startServer, type RunningServer } from './lib/server'
import { HOME_PATH } from './lib/routeUrls'

/** ARCHITECTURE.md section 7: at most 120 KB of gzipped JS before the first screen shows. */
export const H5_FIRST_SCREEN_GZIP_BUDGET = 120 * 1024

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' }

/**
 * A static server for the build alone (with the H5 fallback to index.html): the first screen
 * of the home page (its tiles) needs no API call, and the figure is about bytes, not about the data.
 */
function serveStatic(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = path.join(dir, pathname)
    const target = file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html')
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' })
    fs.createReadStream(target).pipe(res)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/**
 * Chunks that load beside the first screen, not before it: the start-up services
 * (src/services/launch.h5.ts) and the home page's requests (src/features/home/homeSource.h5.ts).
 */
const DEFERRED = /\/js\/(startup|home-data)\.[0-9a-f]+\.js$/

describe('H5 first screen: gzipped JS before the home page shows', () => {
  let dir: string
  let server: http.Server
  let browser: Browser
  before(async () => {
    dir = ensureH5Build()
    server = await serveStatic(dir)
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    server?.close()
  })

  it(`is at most ${H5_FIRST_SCREEN_GZIP_BUDGET / 1024} KB (the home's tiles paint without its data chunk)`, async () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const context = await newMobileContext(browser, origin, { scheme: 'light' })
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname)
    })
    // The deferred chunks are refused: the home page must paint without them.
    const deferred: string[] = []
    await page.route(DEFERRED, (route) => {
      deferred.push(new URL(route.request().url()).pathname.replace(/\.[0-9a-f]+\.js$/, ''))
      return route.abort('blockedbyclient')
    })
    await page.goto(origin + HOME_PATH)
    await page.locator('.alfa-home__entry').first().waitFor()
    const firstScreen = [...scripts]
    // The home asks for its data chunk as it mounts, about when the tiles show.
    for (let i = 0; i < 100 && deferred.length < 2; i++) await new Promise((r) => setTimeout(r, 50))
    assert.deepEqual(deferred.sort(), ['/js/home-data', '/js/startup'], 'each deferred chunk was requested once (and refused)')
    await context.close()
    assertWithinBudget(
      dir,
      'home',
      firstScreen.filter((s) => !DEFERRED.test(s)),
    )
  })

  it('the entry stylesheet is in the HTML: no render-blocking <link> before the first paint', () => {
    const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
    assert.doesNotMatch(html, /<link[^>]+rel="stylesheet"/, 'a stylesheet <link> in index.html')
    assert.match(html, /<style data-href="\/css\/app\.[0-9a-f]{8}\.css">[^<]+<\/style>/)
  })
})

describe('H5 first screen of the fund and strategy details (real server): gzipped JS before the head shows', () => {
  let dir: string
  let server: RunningServer
  let browser: Browser
  before(async () => {
    dir = ensureH5Build()
    server = await startServer({ h5Dir: dir })
    browser = await launchBrowser()
  })
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  const pages = [
    { name: 'fund detail', url: '/alfa/fund/000001', head: '.alfa-fund-head__name' },
    { name: 'strategy detail', url: '/alfa/portfolio/ZH015676/detail', head: '.alfa-po-head__name' },
  ]
  /** What loads after the head has painted: the body (chart, sections below, bar) and the chart engine, refused here. */
  const AFTER_HEAD = /\/js\/(startup|po-detail-body|fund-detail-body|chart-engine)\.[0-9a-f]+\.js$/
  for (const p of pages) {
    it(`${p.name}: at most ${H5_FIRST_SCREEN_GZIP_BUDGET / 1024} KB (the head paints without the body and the chart engine)`, async () => {
      const context = await newMobileContext(browser, server.origin, { scheme: 'light' })
      const page = await context.newPage()
      const scripts = new Set<string>()
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname)
      })
      const refused = new Set<string>()
      await page.route(AFTER_HEAD, (route) => {
        refused.add(new URL(route.request().url()).pathname.replace(/\.[0-9a-f]+\.js$/, ''))
        return route.abort('blockedbyclient')
      })
      await page.goto(server.origin + p.url)
      await page.locator(p.head).first().waitFor()
      for (let i = 0; i < 100 && refused.size < 2; i++) await new Promise((r) => setTimeout(r, 50))
      await context.close()
      assert.ok(
        [...refused].some((f) => f.endsWith('-detail-body')),
        `the page's body chunk was asked for after its head: ${[...refused].join(' ')}`,
      )
      assertWithinBudget(
        dir,
        p.name,
        [...scripts].filter((s) => !AFTER_HEAD.test(s)),
      )
    })
  }
})

/** Sums the gzipped size of `scripts` (paths in the build `dir`), prints the rows and holds the budget. */
function assertWithinBudget(dir: string, name: string, scripts: string[]) {
  let total = 0
  const rows: string[] = []
  for (const script of [...new Set(scripts)].sort()) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(dir, script)), { level: 9 }).length
    total += gz
    rows.push(`  ${script}: ${(gz / 1024).toFixed(1)} KB`)
  }
  console.log(
    `H5 first screen, ${name}: ${rows.length} scripts (the chunks loaded after it refused), ${(total / 1024).toFixed(1)} KB gzipped (budget ${H5_FIRST_SCREEN_GZIP_BUDGET / 1024} KB)\n${rows.join('\n')}`,
  )
  assert.ok(rows.length > 0, 'no script was loaded')
  assert.ok(total <= H5_FIRST_SCREEN_GZIP_BUDGET, `${name}: ${(total / 1024).toFixed(1)} KB of gzipped JS before the first screen`)
}
