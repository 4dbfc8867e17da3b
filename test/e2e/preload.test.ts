import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { ROUTE_CHUNKS_FILE, type RouteChunks } from '../../server/src/h5'
import { routeNames, routes } from '../../src/routes'
import { launchBrowser, newMobileContext } from './lib/browser'
import { ensureH5Build } from './lib/h5Build'
import { startServer, type RunningServer } from './lib/server'

describe('H5 pages preload their own chunks (route-chunks.json) and carry their first answer (server/src/h5.ts)', () => {
  let dir: string
  let manifest: RouteChunks
  let server: RunningServer
  let browser: Browser
  before(
    async () => {
      dir = ensureH5Build()
      manifest = JSON.parse(fs.readFileSync(path.join(dir, ROUTE_CHUNKS_FILE), 'utf8')) as RouteChunks
      // A cold first query on a busy machine may take longer than the 300 ms a visitor's page waits for its first answer.
      ;[server, browser] = await Promise.all([startServer({ h5Dir: dir, env: { H5_FIRST_ANSWER_MS: '60000' } }), launchBrowser()])
    },
    { timeout: 10 * 60_000 },
  )
  after(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('the build lists every browser path of the route table, with files that exist', () => {
    const listed = new Set(manifest.routes.map((r) => r.path))
    for (const n of routeNames) for (const p of routes[n].h5) assert.ok(listed.has(p), `${n}: ${p} is not in route-chunks.json`)
    assert.ok(
      manifest.shared.some((f) => /^js\/startup\.[0-9a-f]{8}\.js$/.test(f)),
      'the start-up chunk is shared',
    )
    for (const f of [...manifest.shared, ...manifest.routes.flatMap((r) => r.files)]) assert.ok(fs.existsSync(path.join(dir, f)), f)
  })

  it('only the 页面不存在 page’s rows are marked notFound (the server answers them 404)', async () => {
    const marked = manifest.routes.filter((r) => r.notFound).map((r) => r.path)
    assert.deepEqual(new Set(marked), new Set([...routes.notFound.h5, `/${routes.notFound.page}`]))
    assert.equal((await fetch(`${server.origin}/no/such/page`)).status, 404)
    // The site root opens the home page: its row preloads the home page's files.
    const home = manifest.routes.find((r) => r.path === routes.home.h5[0])!
    assert.deepEqual(manifest.routes.find((r) => r.path === '/')?.files, home.files)
    assert.equal((await fetch(`${server.origin}/`, { headers: { 'accept-encoding': 'br' } })).status, 200)
    assert.equal((await fetch(`${server.origin}/alfa/portfolio/ZH015676/detail`)).status, 200)
  })

  it('a strategy detail page fetches each preloaded file once, and uses it (no preload left unused)', async () => {
    const context = await newMobileContext(browser, server.origin, { scheme: 'light' })
    const page = await context.newPage()
    const fetched = new Map<string, number>()
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname
      fetched.set(p, (fetched.get(p) ?? 0) + 1)
    })
    const warnings: string[] = []
    page.on('console', (m) => {
      if (/preload/i.test(m.text())) warnings.push(m.text())
    })
    const url = '/alfa/portfolio/ZH015676/detail'
    const html = await (await fetch(server.origin + url)).text()
    const named = [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1])
    const own = manifest.routes.find((r) => r.path === '/alfa/portfolio/:poCode/detail')!
    assert.deepEqual(new Set(named), new Set([...own.files, ...manifest.shared].map((f) => `/${f}`)))
    await page.goto(server.origin + url)
    await page.locator('.alfa-po-head__name').first().waitFor({ timeout: 30_000 })
    // Chrome says so in the console when a preload is not used within a few seconds of the load.
    await page.waitForTimeout(3500)
    for (const f of named) assert.equal(fetched.get(f), 1, `${f} fetched ${fetched.get(f) ?? 0} times`)
    assert.deepEqual(warnings, [])
    await context.close()
  })

  it('a fund page shows its head from the first answer in its HTML: the fund detail query is not asked again', async () => {
    const context = await newMobileContext(browser, server.origin, { scheme: 'light' })
    const page = await context.newPage()
    const operations: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/graphql'))
        operations.push(String((r.postDataJSON() as { operationName?: string } | null)?.operationName))
    })
    await page.goto(`${server.origin}/alfa/fund/000001`)
    const name = page.locator('.alfa-fund-head__name').first()
    await name.waitFor({ timeout: 30_000 })
    assert.ok((await name.textContent())?.trim(), 'the fund’s name is shown')
    await page.locator('.alfa-fund-chart__range').first().waitFor({ timeout: 30_000 })
    assert.ok(operations.includes('FundChart'), `the page asks its other queries: ${operations.join(', ')}`)
    assert.ok(!operations.includes('FundDetail'), `FundDetail asked: ${operations.join(', ')}`)
    // The answer is used once: the element is gone from the page.
    assert.equal(await page.locator('#alfa-first-answer').count(), 0)
    await context.close()
  })
})
