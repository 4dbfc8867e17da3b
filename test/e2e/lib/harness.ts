import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { launchBrowser, type Scheme, type Tab } from './browser'
import { ensureH5Build, snapshotBuild } from './h5Build'
import { startServer, type RunningServer } from './server'
import { readScreen, settle, settleContent, type Expected, type Screen } from './screen'

/** One server and one browser for a test file; start() in before(), stop() in after(). */
export class Harness {
  server?: RunningServer
  browser?: Browser
  private tmp?: string

  get origin(): string {
    if (!this.server) throw new Error('the server is not running (start-up failed?)')
    return this.server.origin
  }

  async start(log: (line: string) => void, serverEnv: Record<string, string> = {}, prepare?: (dataDir: string) => Promise<void>) {
    const built = ensureH5Build(log)
    // A private copy: a rebuild of dist/h5 started elsewhere cannot change files mid-run.
    this.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-e2e-'))
    const h5Dir = snapshotBuild(built, path.join(this.tmp, 'h5'))
    this.server = await startServer({ h5Dir, env: serverEnv, prepare })
    this.browser = await launchBrowser()
  }

  async stop() {
    // Each step runs even if an earlier one throws: the server must never outlive the tests.
    await this.browser?.close().catch(() => undefined)
    await this.server?.stop().catch(() => undefined)
    if (this.tmp) fs.rmSync(this.tmp, { recursive: true, force: true })
  }
}

const luminanceOk = (scheme: Scheme, s: Screen) => (scheme === 'dark' ? s.backgroundLuminance < 0.1 : s.backgroundLuminance > 0.7)

export interface Check extends Expected {
  /** Text the page must show. */
  texts?: string[]
  /** The expected address (pathname and query); default: the one that was opened. */
  url?: string
  /** Once the network is idle the page shows content or an empty/error state, not only a loading placeholder. */
  loaded?: boolean
}

/**
 * Every way the displayed screen differs from the expected one, plus every problem the tab
 * logged (console errors, exceptions, failed requests). Empty when all is well.
 */
export function mismatches(s: Screen, exp: Check, origin: string, tab: Tab): string[] {
  const out: string[] = []
  if (s.visibleRoutes.length !== 1 || s.visibleRoutes[0] !== exp.route)
    out.push(`displayed page roots [${s.visibleRoutes.join(', ')}], expected exactly [${exp.route}]`)
  if (exp.documentTitle !== undefined && s.documentTitle !== exp.documentTitle)
    out.push(`document.title is ${JSON.stringify(s.documentTitle)}, expected ${JSON.stringify(exp.documentTitle)}`)
  if (exp.navTitle !== undefined) {
    if (s.navTitle !== exp.navTitle)
      out.push(`.alfa-navbar__title is ${JSON.stringify(s.navTitle)}, expected ${JSON.stringify(exp.navTitle)}`)
    else if (!s.navTitleVisible) out.push('.alfa-navbar__title is not visible')
  }
  if (exp.scheme) {
    const other = exp.scheme === 'dark' ? 'light' : 'dark'
    if (!s.rootClass.split(/\s+/).includes(`alfa-theme--${exp.scheme}`) || s.rootClass.includes(`alfa-theme--${other}`))
      out.push(`page root class is "${s.rootClass}", expected alfa-theme--${exp.scheme}`)
    if (!luminanceOk(exp.scheme, s))
      out.push(`background ${s.background} (luminance ${s.backgroundLuminance.toFixed(3)}) is not a ${exp.scheme} background`)
    if (s.navTitle !== null && (exp.scheme === 'dark' ? s.navTitleLuminance < 0.5 : s.navTitleLuminance > 0.2))
      out.push(`navigation title colour ${s.navTitleColor} is hard to read on a ${exp.scheme} bar`)
  }
  if (exp.url !== undefined) {
    const want = new URL(exp.url, origin)
    const wantQuery = Object.fromEntries(want.searchParams)
    if (s.pathname !== want.pathname) out.push(`address path is ${s.pathname}, expected ${want.pathname}`)
    try {
      assert.deepEqual(s.query, wantQuery)
    } catch {
      out.push(`address query is ${JSON.stringify(s.query)}, expected ${JSON.stringify(wantQuery)}`)
    }
  }
  for (const t of exp.texts ?? [])
    if (!s.text.includes(t)) out.push(`text ${JSON.stringify(t)} not shown (page text: ${JSON.stringify(s.text.slice(0, 200))})`)
  if (exp.loaded && s.loadingOnly)
    out.push(`the page shows only the loading placeholder (正在加载) after its requests have settled (waited 60 s)`)
  if (exp.loaded && s.blank) out.push('the page body is blank after its requests have settled')
  if (s.overflowX) out.push('the page is wider than the phone screen (horizontal scroll)')
  out.push(...tab.log.problems)
  return out
}

/** Waits for the expected screen, then asserts everything about it in one message. */
export async function expectScreen(tab: Tab, exp: Check, origin: string, label: string): Promise<Screen> {
  await settle(tab.page, exp)
  if (exp.loaded) await settleContent(tab.page)
  const s = await readScreen(tab.page)
  const bad = mismatches(s, exp, origin, tab)
  if (bad.length) assert.fail(`${label}:\n  - ${bad.join('\n  - ')}`)
  return s
}

/** Opens a path; the document itself must answer `status` (200, or 404 for the 页面不存在 page). */
export async function open(tab: Tab, origin: string, url: string, status: 200 | 404 = 200) {
  if (status === 404) tab.log.expected404.add(new URL(url, origin).href)
  tab.log.leaving()
  const res = await tab.page.goto(origin + url, { waitUntil: 'domcontentloaded' })
  assert.ok(res, `no response for ${url}`)
  assert.equal(
    res.status(),
    status,
    `GET ${url} answered ${res.status()} ${res.statusText()}: ${(await res.text().catch(() => '')).slice(0, 200)}`,
  )
}
