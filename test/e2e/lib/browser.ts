import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core'

export type Scheme = 'light' | 'dark'

/** Debian's Chromium with the settings measured on this machine (ARCHITECTURE.md section 8). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromiumSandbox: false,
    headless: true,
    args: [
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** Android Chrome on a current phone. */
export const UA_ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36'

/** WeChat's in-app browser (XWEB) on Android. */
export const UA_WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 ' +
  'Chrome/126.0.6478.188 Mobile Safari/537.36 XWEB/1260183 MMWEBSDK/20240501 MMWEBID/6533 ' +
  'MicroMessenger/8.0.50.2701(0x28003233) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64'

export interface ContextOptions {
  scheme: Scheme
  userAgent?: string
  /**
   * Lets a test harness inject its own inline script past the H5 pages' Content-Security-Policy.
   * Default false: the app's own pages are tested under the policy users get.
   */
  bypassCSP?: boolean
}

/**
 * A phone: 390x844 CSS pixels at 2x, touch, Chinese locale, Shanghai time. Every request that
 * leaves the app's own origin is refused and recorded (the tests run on loopback only).
 */
export async function newMobileContext(
  browser: Browser,
  origin: string,
  { scheme, userAgent = UA_ANDROID_CHROME, bypassCSP = false }: ContextOptions,
) {
  const context = await browser.newContext({
    bypassCSP,
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent,
    colorScheme: scheme,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: 'block',
  })
  // tsx compiles the tests with esbuild's keepNames, which wraps named functions inside
  // page.evaluate() callbacks in `__name(...)`; give the page a no-op one.
  await context.addInitScript('globalThis.__name = globalThis.__name || function (f) { return f }')
  context.setDefaultTimeout(20_000)
  context.setDefaultNavigationTimeout(30_000)
  // Refused here, reported by each tab's ProblemLog.
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  )
  return context
}

/** Browsers ask every site for /favicon.ico; that one is checked by its own test. */
const isFavicon = (url: string) => new URL(url, 'http://x').pathname === '/favicon.ico'

/**
 * An analytics beacon cancelled because the tab moved on (the pool reuses tabs, so the next
 * job's navigation can cut a beacon of the previous page short). Tracking is fire-and-forget by
 * design; its delivery is asserted by the tracking tests against the server, not here.
 */
const isAbortedBeacon = (req: Request) =>
  req.failure()?.errorText === 'net::ERR_ABORTED' && (req.resourceType() === 'ping' || new URL(req.url()).pathname.endsWith('/track'))

/** ` [OperationName]` of a GraphQL POST, so that a failed request says which query it was. */
function operationOf(req: Request): string {
  if (req.method() !== 'POST' || !new URL(req.url()).pathname.endsWith('/graphql')) return ''
  try {
    const body = JSON.parse(req.postData() ?? '{}') as { operationName?: string }
    return body.operationName ? ` [${body.operationName}]` : ''
  } catch {
    return ''
  }
}

/** An event stream the page closed itself (a live page hidden or left): how EventSource ends, not a failure. */
const isClosedEventStream = (req: Request) => req.failure()?.errorText === 'net::ERR_ABORTED' && req.resourceType() === 'eventsource'

/**
 * A script or style chunk the browser cancelled (net::ERR_ABORTED): the request that wanted it was
 * superseded (a navigation, a lazy import raced by the same chunk's preload). A chunk that is really
 * missing fails the screen's own checks (its page never renders).
 */
const isCancelledChunk = (req: Request) =>
  req.failure()?.errorText === 'net::ERR_ABORTED' && (req.resourceType() === 'script' || req.resourceType() === 'stylesheet')

/**
 * What went wrong in a tab since the last reset(): console errors, uncaught exceptions,
 * failed or 4xx/5xx same-origin requests, requests to other origins.
 */
export class ProblemLog {
  problems: string[] = []
  warnings: string[] = []
  favicon: string[] = []
  /** Document addresses opened expecting 404 (the 页面不存在 page): that answer is no problem. */
  readonly expected404 = new Set<string>()
  /** Event streams answered 503 (the server closing): the browser's console line about them is no problem either. */
  private readonly closingStreams = new Set<string>()
  /** Counts the test's own navigations (leaving()); each request remembers the count it began under. */
  private generation = 0
  private readonly born = new WeakMap<Request, number>()
  /** Counts the main frame's navigations; each request remembers the count it began under. */
  private navigations = 0
  private readonly bornAt = new WeakMap<Request, number>()
  /**
   * Requests the old page began after the test started navigating (leaving()) but before the new
   * document replaced it: the navigation cuts them short too (a lazily loaded screen whose first
   * query starts just as the test moves on).
   */
  private readonly bornLeaving = new WeakSet<Request>()
  private leavePending = false

  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    page.on('console', (msg) => {
      const where = msg.location()?.url ?? ''
      if (msg.type() === 'error') {
        if (this.expected404.has(where) && /status of 404/.test(msg.text())) return
        if (this.closingStreams.has(where) && /status of 503/.test(msg.text()))
          return void this.warnings.push(`console.error: ${msg.text()}`)
        if (isFavicon(where)) this.favicon.push(`console.error: ${msg.text()} (${where})`)
        else this.problems.push(`console.error: ${msg.text()}${where ? ` (${where}:${msg.location().lineNumber})` : ''}`)
      } else if (msg.type() === 'warning') {
        this.warnings.push(`console.warn: ${msg.text()}`)
      }
    })
    page.on('pageerror', (err) => this.problems.push(`uncaught exception: ${err.stack ?? err.message}`))
    page.on('request', (req) => {
      this.born.set(req, this.generation)
      this.bornAt.set(req, this.navigations)
      if (this.leavePending && !req.isNavigationRequest()) this.bornLeaving.add(req)
    })
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return
      this.navigations += 1
      this.leavePending = false
    })
    page.on('requestfailed', (req) => {
      const url = req.url()
      if (!url.startsWith(origin)) {
        if (!url.startsWith('data:') && !url.startsWith('blob:'))
          this.problems.push(`request to another origin (blocked): ${req.method()} ${url}`)
        return
      }
      const line = `request failed: ${req.method()} ${url}${operationOf(req)} ${req.failure()?.errorText ?? ''} (page at ${page.url()})`
      if (isFavicon(url)) this.favicon.push(line)
      else if (isAbortedBeacon(req) || isClosedEventStream(req) || isCancelledChunk(req) || this.leftBehind(req)) this.warnings.push(line)
      else this.problems.push(line)
    })
    page.on('response', (res) => {
      const url = res.url()
      if (!url.startsWith(origin) || res.status() < 400) return
      if (res.status() === 404 && this.expected404.has(url) && res.request().isNavigationRequest()) return
      const line = `HTTP ${res.status()} for ${res.request().method()} ${url}`
      if (isFavicon(url)) this.favicon.push(line)
      // An event stream refused while the server closes (Fastify's 503 on closing): the page's feed retries it.
      else if (res.status() === 503 && res.request().resourceType() === 'eventsource') {
        this.closingStreams.add(url)
        this.warnings.push(line)
      } else this.problems.push(line)
    })
  }

  /**
   * The test is about to navigate the tab (open, reload): requests of the page it leaves that are
   * still loading get cut short (net::ERR_ABORTED), which is the navigation, not a failure.
   */
  leaving() {
    this.generation += 1
    this.leavePending = true
  }

  /**
   * A request cut short (net::ERR_ABORTED) by the page it belonged to going away: begun before the
   * test navigated (leaving()), or before the main frame navigated since (the old page may still start
   * one while the new document loads: a lazy list's next page, a refresh). The app aborts nothing
   * itself but a 60 s timeout, which has no navigation in between and stays a problem.
   */
  private leftBehind(req: Request): boolean {
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') return false
    return (
      this.bornLeaving.has(req) ||
      (this.born.get(req) ?? this.generation) < this.generation ||
      (this.bornAt.get(req) ?? this.navigations) < this.navigations
    )
  }

  reset() {
    this.problems = []
    this.warnings = []
    this.expected404.clear()
  }
}

export interface Tab {
  page: Page
  log: ProblemLog
}

/** A few tabs of one context, handed out one job at a time (2-core machine: keep it small). */
export class TabPool {
  private idle: Tab[] = []
  private waiting: ((tab: Tab) => void)[] = []

  private constructor(readonly context: BrowserContext) {}

  static async open(context: BrowserContext, origin: string, size: number) {
    const pool = new TabPool(context)
    for (let i = 0; i < size; i++) {
      const page = await context.newPage()
      pool.idle.push({ page, log: new ProblemLog(page, origin) })
    }
    return pool
  }

  async use<T>(job: (tab: Tab) => Promise<T>): Promise<T> {
    const tab = this.idle.pop() ?? (await new Promise<Tab>((resolve) => this.waiting.push(resolve)))
    // Leave the previous job's page first: what it still loaded (a chart engine, an image) is cut
    // off here, before the reset, and is not reported as this job's failed request.
    await tab.page.goto('about:blank').catch(() => undefined)
    tab.log.reset()
    try {
      return await job(tab)
    } finally {
      const next = this.waiting.shift()
      if (next) next(tab)
      else this.idle.push(tab)
    }
  }
}
