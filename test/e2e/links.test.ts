/**
 * Issue 21's link rules in Debian's Chromium against the real server and its demo data, light and
 * dark: an address off the allow-list is refused (the refusal page shows it and copies it; the
 * browser never goes there), an allowed one opens, and every link out of the strategy screens
 * reaches its target (our own 调仓说明 article inside the app, the demo's partner pages on
 * alfa.example, answered here by a stub since that reserved domain never resolves); 投顾内容
 * without a strategy lists every strategy's and leads to each. Every page: no console error, no
 * page error, no failed request.
 *
 *   node --import tsx --test test/e2e/links.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { newMobileContext, ProblemLog, type Scheme, type Tab } from './lib/browser'
import { apiHeaders } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { apiTraffic, pageOf, text, until } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 240_000 }
const WAIT = { timeout: 20_000 }

/** The demo data's partner pages (server/src/demo): *.alfa.example, on the build's default allow-list. */
const PARTNER = /^https:\/\/([a-z0-9-]+\.)*alfa\.example\//
const STUB_TEXT = '演示外部页面'

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${h.origin}/alfa/v1/graphql`, {
    method: 'POST',
    headers: apiHeaders(),
    body: JSON.stringify({ query, variables }),
  })
  const body = (await res.json()) as { data?: T; errors?: unknown }
  assert.ok(body.data && !body.errors, `GraphQL ${query}: ${JSON.stringify(body).slice(0, 400)}`)
  return body.data
}

interface Po {
  poCode: string
  poName: string
  preference: { hasIntroPage: boolean; topNotice: { link: string | null } | null }
  introVideo: { url: string | null } | null
  seriesType: string | null
  pinnedPosts: Array<{ title: string; url: string | null }>
  longWinPosts?: Array<{ title: string; url: string | null }>
}
/** Demo strategies with each kind of link: a top notice, an intro page with its video and pinned posts. */
let withNotice: Po
let withIntro: Po

before(
  async () => {
    await h.start((line) => console.log(`# ${line}`))
    const { portfolios } = await gql<{ portfolios: { list: Po[] } }>(
      `{ portfolios(page: { size: 100 }) { list { poCode poName seriesType preference { hasIntroPage topNotice { link } } introVideo { url } pinnedPosts { title url } longWinPosts: pinnedPosts(isLongWin: true) { title url } } } }`,
    )
    // The intro page of a long-win plan shows the long-win community's pinned posts (PinnedCommunityPosts' isLongWin), as the app asks.
    for (const p of portfolios.list) if (p.seriesType) p.pinnedPosts = p.longWinPosts ?? []
    withNotice = portfolios.list.find((p) => p.preference.topNotice?.link)!
    // An investment plan's intro is its own (InvestPlanIntro), without the video and pinned posts: a strategy's is wanted here.
    withIntro = portfolios.list.find(
      (p) => !p.poCode.startsWith('AP') && p.preference.hasIntroPage && p.introVideo?.url && p.pinnedPosts.some((x) => x.url),
    )!
    assert.ok(withNotice && withIntro, 'the demo data has a strategy with a top notice and one with an intro video and pinned posts')
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

const traffic = new WeakMap<Page, ReturnType<typeof apiTraffic>>()
/** Waits until the tab's requests to the app (API answers, images, chunks) are in: leaving earlier would abort them. */
const quiet = (page: Page) => traffic.get(page)!.quiet()

async function withTab(scheme: Scheme, job: (tab: Tab, context: BrowserContext) => Promise<void>) {
  const context = await newMobileContext(h.browser!, h.origin, { scheme })
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.origin })
    const page = await context.newPage()
    // The partner pages the demo links to: a stub (this route wins over the context's refusal of other origins).
    await page.route(PARTNER, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><title>${STUB_TEXT}</title><p>${STUB_TEXT}</p>`,
      }),
    )
    const tab = { page, log: new ProblemLog(page, h.origin) }
    traffic.set(page, apiTraffic(page, h.origin))
    await job(tab, context)
    assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
  } finally {
    await context.close()
  }
}

/** Opens an app screen and waits until `ready` shows in it and its answers are in. */
async function openScreen(tab: Tab, route: string, url: string, ready: string) {
  await open(tab, h.origin, url)
  const root = pageOf(tab.page, route)
  await root.getByText(ready).first().waitFor(WAIT)
  await quiet(tab.page)
  return root
}

/**
 * Taps `link` and waits until the browser has left the app for `target` (the stub answered it).
 * It is scrolled into view first and what that loads (lazy images) is let in: leaving aborts it.
 */
async function leavesFor(tab: Tab, link: Locator, target: RegExp | string) {
  await link.scrollIntoViewIfNeeded()
  await quiet(tab.page)
  await link.click()
  await tab.page.waitForURL(target, WAIT)
  await tab.page.getByText(STUB_TEXT).waitFor(WAIT)
}

const extUrl = (url: string) => `/subPkg/pages/externalLink/index?url=${encodeURIComponent(url)}`

for (const scheme of ['light', 'dark'] as const) {
  describe(`the link rules (${scheme})`, () => {
    it('an off-list address is refused: the refusal page shows it, copies it, and the browser never goes there', SLOW, () =>
      withTab(scheme, async (tab) => {
        for (const url of ['https://evil.example/steal?c=1', 'javascript:alert(document.domain)', 'http://www.alfa.example/plain']) {
          const left: string[] = []
          const watch = (req: { url(): string; isNavigationRequest(): boolean }) => {
            if (req.isNavigationRequest() && !req.url().startsWith(h.origin)) left.push(req.url())
          }
          tab.page.on('request', watch)
          const root = await openScreen(tab, 'externalLink', extUrl(url), '无法打开此链接')
          assert.equal(await text(root.locator('.alfa-refused__url')), url)
          await expectScreen(
            tab,
            { route: 'externalLink', scheme, navTitle: '外部链接', texts: ['无法打开此链接', '复制链接'] },
            h.origin,
            url,
          )
          await root.locator('.alfa-refused__copy').click()
          await root.getByText('链接已复制').waitFor(WAIT)
          assert.equal(await tab.page.evaluate(() => navigator.clipboard.readText()), url)
          assert.ok(tab.page.url().startsWith(h.origin), `still in the app, at ${tab.page.url()}`)
          tab.page.off('request', watch)
          assert.deepEqual(left, [], `${url}: the browser went elsewhere`)
        }
      }),
    )

    it('an allowed address opens (the external link page leaves for it)', SLOW, () =>
      withTab(scheme, async (tab) => {
        await open(tab, h.origin, extUrl('https://www.alfa.example/faq/buy'))
        await tab.page.waitForURL('https://www.alfa.example/faq/buy', WAIT)
        await tab.page.getByText(STUB_TEXT).waitFor(WAIT)
      }),
    )

    it('every link out of the strategy screens reaches its target', SLOW, () =>
      withTab(scheme, async (tab) => {
        // 调仓说明: our own article, inside the app.
        let root = await openScreen(tab, 'portfolioAdjustment', '/alfa/portfolio/ZH015676/adjustment', '调仓说明')
        await root.locator('.alfa-po-rec__link', { hasText: '调仓说明' }).first().click()
        await tab.page.waitForURL(/\/subPkg\/pages\/article\/index\?articleId=ADJ-ZH015676-\d+/, WAIT)
        await until('the article page to be displayed', async () => (await pageOf(tab.page, 'article').count()) > 0)
        await quiet(tab.page)
        await expectScreen(tab, { route: 'article', scheme }, h.origin, '调仓说明 → article')

        // Signal details: the demo's partner page.
        root = await openScreen(tab, 'portfolioSignal', '/alfa/portfolio/LW000001/signal', '查看详情')
        await leavesFor(tab, root.getByText('查看详情').first(), /^https:\/\/www\.alfa\.example\/signal\/SIG-LW000001-\d+$/)

        // Timeline posts.
        root = await openScreen(tab, 'portfolioTimeline', '/alfa/portfolio/ZH015676/timeline', '全部')
        await root.locator('.alfa-po-post').first().waitFor(WAIT)
        await leavesFor(tab, root.locator('.alfa-po-post').first(), /^https:\/\/community\.alfa\.example\/post\/ZH015676-\d+$/)

        // FAQ links.
        root = await openScreen(tab, 'portfolioFaq', '/alfa/portfolio/ZH015676/faq', '如何买入？')
        await root.getByText('如何买入？').click()
        await leavesFor(tab, root.getByText('了解更多').first(), 'https://www.alfa.example/faq/buy')

        // The intro video and a pinned post.
        const pinned = withIntro.pinnedPosts.find((p) => p.url)!
        root = await openScreen(tab, 'portfolioIntro', `/alfa/portfolio/${withIntro.poCode}/index`, pinned.title)
        await leavesFor(tab, root.locator('[aria-label^="播放策略介绍视频"]'), withIntro.introVideo!.url!)
        root = await openScreen(tab, 'portfolioIntro', `/alfa/portfolio/${withIntro.poCode}/index`, pinned.title)
        await leavesFor(tab, root.getByText(pinned.title).first(), pinned.url!)

        // The top notice of the details.
        root = await openScreen(tab, 'portfolioDetail', `/alfa/portfolio/${withNotice.poCode}/detail`, withNotice.poName)
        await root.locator('.alfa-po-notice').waitFor(WAIT)
        await quiet(tab.page)
        await leavesFor(tab, root.locator('.alfa-po-notice'), withNotice.preference.topNotice!.link!)
      }),
    )

    it('正在下载 in an Android browser starts the download of the package once, and stays', SLOW, () =>
      withTab(scheme, async (tab) => {
        const { config } = await gql<{ config: { elements: Array<{ key: string; value: string }> } }>(
          '{ config(key: "app_download") { elements { key value } } }',
        )
        const apk = config.elements.find((e) => e.key === 'androidUrl')!.value
        const asked: string[] = []
        await tab.page.route(apk, (route) => {
          asked.push(route.request().url())
          return route.fulfill({
            status: 200,
            headers: {
              'content-type': 'application/vnd.android.package-archive',
              'content-disposition': 'attachment; filename="alfa.apk"',
            },
            body: 'demo package',
          })
        })
        const download = tab.page.waitForEvent('download', WAIT)
        const root = await openScreen(tab, 'downloading', '/pages/downloading/index', '正在下载')
        assert.equal((await download).url(), apk)
        // A download ends its navigation request as aborted while the page stays: that one line is the download.
        const line = `request to another origin (blocked): GET ${apk}`
        assert.equal(tab.log.problems.filter((p) => p === line).length, 1, JSON.stringify(tab.log.problems))
        tab.log.problems = tab.log.problems.filter((p) => p !== line)
        await expectScreen(
          tab,
          { route: 'downloading', scheme, navTitle: '正在下载', texts: ['正在下载', '重新下载'] },
          h.origin,
          'downloading',
        )
        assert.deepEqual(asked, [apk])
        assert.ok(await root.getByText('重新下载', { exact: true }).isVisible())
      }),
    )

    it('投顾内容 without a strategy: every strategy’s, newest first, each leading to its strategy and its post', SLOW, () =>
      withTab(scheme, async (tab) => {
        const { advisorContent } = await gql<{
          advisorContent: { list: Array<{ title: string; url: string; poCode: string; poName: string }> }
        }>('{ advisorContent(page: { size: 10 }) { list { title url poCode poName } } }')
        const [first] = advisorContent.list
        assert.ok(new Set(advisorContent.list.map((p) => p.poCode)).size > 1, 'several strategies on the first page')
        let root = await openScreen(tab, 'advisorContent', '/alfa/portfolio/advisor-content', first.title)
        await expectScreen(tab, { route: 'advisorContent', scheme, texts: [first.title, `${first.poName} ›`] }, h.origin, 'advisor content')
        assert.ok(!(await text(root)).includes('未指定策略'))
        await root.locator('.alfa-po-post__strategy').first().click()
        await tab.page.waitForURL(new RegExp(`/alfa/portfolio/${first.poCode}\\?ts=\\d+$`), WAIT)
        await pageOf(tab.page, 'portfolioEntry').getByText(first.poName).first().waitFor(WAIT)
        await quiet(tab.page)
        root = await openScreen(tab, 'advisorContent', '/alfa/portfolio/advisor-content', first.title)
        await leavesFor(tab, root.locator('.alfa-po-post__title').first(), first.url)
      }),
    )
  })
}
