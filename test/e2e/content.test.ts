/**
 * Columns and articles (issue #21) in Debian's Chromium against the real server and its demo
 * data, light and dark: 专栏 → 专栏详情 → 文章 and back, the read mark kept after a reload for an
 * anonymous reader (the device) and a signed-in one (the server, with nothing on the device), and
 * the demo data's safety-test article, whose script, event-handler, javascript: and data:
 * payloads must come to nothing however the page is used. Every page: no console error, no page
 * error, no failed same-origin request, nothing requested from another origin.
 *
 *   node --import tsx --test test/e2e/content.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { newMobileContext, ProblemLog, type Scheme, type Tab } from './lib/browser'
import { apiHeaders, devLogin } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { pageOf, text, until } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 180_000 }
const WAIT = { timeout: 20_000 }
const SAFETY = 'A-SAFETY-TEST'
const READS_KEY = 'alfa:articleReads'

let token = ''

async function gql<T>(query: string, variables: Record<string, unknown> = {}, auth = true): Promise<T> {
  const res = await fetch(`${h.origin}/alfa/v1/graphql`, {
    method: 'POST',
    headers: apiHeaders(auth ? token : undefined),
    body: JSON.stringify({ query, variables }),
  })
  const body = (await res.json()) as { data?: T; errors?: unknown }
  assert.ok(body.data && !body.errors, `GraphQL ${query}: ${JSON.stringify(body)}`)
  return body.data
}

before(
  async () => {
    await h.start((line) => console.log(`# ${line}`))
    token = await devLogin(h.origin)
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

/** The safety article's good link: a page on the demo's partner host (allow-listed), stubbed here. */
const LEARN_URL = 'https://www.alfa.example/learn'

/** A 1×1 transparent PNG. */
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

async function withTab(scheme: Scheme, loggedIn: boolean, job: (tab: Tab) => Promise<void>) {
  const context: BrowserContext = await newMobileContext(h.browser!, h.origin, { scheme })
  try {
    if (loggedIn) await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
    const page = await context.newPage()
    // Article images on the allow-listed partner host (the safety article's onerror image): a stub
    // picture, so nothing leaves for the real host (this route wins over the context's refusal of other origins).
    await page.route('https://www.alfa.example/**/*.png', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(PIXEL_PNG, 'base64') }),
    )
    await page.route(LEARN_URL, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><title>投资学堂</title><p>投资学堂</p>',
      }),
    )
    const tab = { page, log: new ProblemLog(page, h.origin) }
    await job(tab)
    assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
  } finally {
    await context.close()
  }
}

const row = (page: Page, articleId: string) => pageOf(page, 'columnDetail').locator(`.alfa-column-article[data-article-id="${articleId}"]`)
const isMarked = async (page: Page, articleId: string) => ((await row(page, articleId).getAttribute('class')) ?? '').includes('--read')

/** The articles of a column, newest first, with the signed-in reader's marks. */
async function columnArticles(columnId: string) {
  const { column } = await gql<{ column: { articles: { list: { articleId: string; title: string; isRead: boolean }[] } } }>(
    'query ($id: String!) { column(columnId: $id) { articles(page: { size: 10 }) { list { articleId title isRead } } } }',
    { id: columnId },
  )
  return column.articles.list
}

for (const scheme of ['light', 'dark'] as const) {
  describe(`columns and articles (${scheme})`, () => {
    it('专栏 → 专栏详情 → 文章; anonymous, the read mark stays after a reload (the device keeps it)', SLOW, () =>
      withTab(scheme, false, async (tab) => {
        const { page } = tab
        await open(tab, h.origin, '/subPkg/pages/column/index')
        const list = pageOf(page, 'column')
        await list.locator('.alfa-columns__card').first().waitFor(WAIT)
        await expectScreen(tab, { route: 'column', scheme, navTitle: '专栏' }, h.origin, `专栏 (${scheme})`)
        // A column further down each time: light and dark read different articles.
        const cardIndex = scheme === 'light' ? 1 : 2
        const card = list.locator('.alfa-columns__card').nth(cardIndex)
        const columnTitle = await text(card.locator('.alfa-columns__title'))
        await card.tap()

        const detail = pageOf(page, 'columnDetail')
        await detail.locator('.alfa-column-article').first().waitFor(WAIT)
        await expectScreen(tab, { route: 'columnDetail', scheme, texts: [columnTitle] }, h.origin, `专栏详情 (${scheme})`)
        const first = detail.locator('.alfa-column-article').first()
        const articleId = (await first.getAttribute('data-article-id'))!
        const articleTitle = await text(first.locator('.alfa-column-article__title'))
        assert.equal(await isMarked(page, articleId), false, 'unread before it is opened')
        assert.ok(await first.locator('.alfa-column-article__cover').count(), 'cover thumbnail shown')

        await first.tap()
        const article = pageOf(page, 'article')
        await article.locator('.alfa-rich').waitFor(WAIT)
        await expectScreen(tab, { route: 'article', scheme, texts: [articleTitle, columnTitle, '演示数据'] }, h.origin, `文章 (${scheme})`)
        assert.ok(await article.locator('.alfa-rich h2').count(), 'headings rendered as elements')
        // The first image is the likely largest paint: it loads at once, and holds its place with its height (no layout shift).
        const image = article.locator('.alfa-rich img').first()
        assert.equal(await image.getAttribute('loading'), 'eager')
        assert.ok(Number(await image.getAttribute('height')) > 0, 'the image carries its height')
        await until('the mark to reach the device', async () =>
          (await page.evaluate((key) => localStorage.getItem(key) ?? '', READS_KEY)).includes(articleId),
        )

        await page.goBack()
        await row(page, articleId).waitFor(WAIT)
        await until('已读 on the row after going back', () => isMarked(page, articleId))
        await page.reload({ waitUntil: 'domcontentloaded' })
        await row(page, articleId).waitFor(WAIT)
        await until('已读 on the row after a reload', () => isMarked(page, articleId))
        assert.match(await text(row(page, articleId)), /已读/)
        // The server knows nothing of an anonymous read.
        assert.equal(
          (await columnArticles((await page.evaluate(() => new URL(location.href).searchParams.get('columnId')))!)).find(
            (a) => a.articleId === articleId,
          )?.isRead,
          false,
        )
      }),
    )

    it('signed in: opening marks it on the server; after a reload it is read with nothing on the device', SLOW, () =>
      withTab(scheme, true, async (tab) => {
        const { page } = tab
        const columnId = scheme === 'light' ? 'C103' : 'C104'
        const unread = (await columnArticles(columnId)).find((a) => !a.isRead)
        assert.ok(unread, `an unread article in ${columnId}`)
        await open(tab, h.origin, `/subPkg/pages/columnDetail/index?columnId=${columnId}`)
        await row(page, unread.articleId).waitFor(WAIT)
        assert.equal(await isMarked(page, unread.articleId), false)
        await row(page, unread.articleId).tap()
        await pageOf(page, 'article').locator('.alfa-rich').waitFor(WAIT)
        await until(
          'the server to know it was read',
          async () => (await columnArticles(columnId)).find((a) => a.articleId === unread.articleId)?.isRead,
        )
        assert.doesNotMatch(await page.evaluate((key) => localStorage.getItem(key) ?? '', READS_KEY), new RegExp(unread.articleId))

        await page.goto(`${h.origin}/subPkg/pages/columnDetail/index?columnId=${columnId}`, { waitUntil: 'domcontentloaded' })
        await row(page, unread.articleId).waitFor(WAIT)
        await until('已读 from the server after a reload', () => isMarked(page, unread.articleId))
        await expectScreen(tab, { route: 'columnDetail', scheme }, h.origin, `专栏详情, signed in (${scheme})`)
      }),
    )

    it('the safety-test article: script, handlers, javascript: and data: payloads are inert', SLOW, () =>
      withTab(scheme, false, async (tab) => {
        const { page } = tab
        const dialogs: string[] = []
        page.on('dialog', (d) => {
          dialogs.push(d.message())
          void d.dismiss()
        })
        await open(tab, h.origin, `/subPkg/pages/article/index?articleId=${SAFETY}`)
        const article = pageOf(page, 'article')
        const body = article.locator('.alfa-rich')
        await body.waitFor(WAIT)
        await expectScreen(
          tab,
          { route: 'article', scheme, texts: ['安全测试', 'javascript: 链接', 'data: 链接'] },
          h.origin,
          `safety article (${scheme})`,
        )

        const found = await body.evaluate((root) => {
          const out: string[] = []
          for (const el of Array.from(root.querySelectorAll('*'))) {
            if (/^(script|style|iframe|object|embed|form|input|button|svg|math|meta|base|link)$/i.test(el.tagName))
              out.push(`<${el.tagName}>`)
            for (const attr of Array.from(el.attributes)) {
              if (/^on/i.test(attr.name)) out.push(`${el.tagName} ${attr.name}`)
              if (/^\s*(javascript|data|vbscript):/i.test(attr.value)) out.push(`${el.tagName} ${attr.name}=${attr.value}`)
              if (attr.name === 'style' && /position/.test(attr.value)) out.push(`${el.tagName} style=${attr.value}`)
            }
          }
          return out
        })
        assert.deepEqual(found, [], 'nothing active in the body')
        assert.equal(
          await page.evaluate(() => [...document.scripts].some((s) => (s.textContent ?? '').includes('__alfaPwned'))),
          false,
          'no payload script in the document',
        )

        // Use it every way a reader might: tap every paragraph, image and link, hover, press keys.
        const before = page.url()
        for (const el of await body.locator('p, img').all()) {
          if (!(await el.isVisible())) continue // a paragraph whose only image was refused is empty
          await el.hover()
          await el.tap()
        }
        const links = body.locator('a')
        assert.deepEqual(await links.allTextContents(), ['普通的 https 链接'], 'only the good link is a link')
        const href = await links.first().evaluate((a) => a.getAttribute('href'))
        assert.equal(href, null, 'the link has no href: a tap goes through the link rules')
        assert.equal(await page.evaluate(() => (window as { __alfaPwned?: unknown }).__alfaPwned ?? null), null, 'no payload ran')
        assert.deepEqual(dialogs, [])
        await links.first().tap()
        // The good link is on the allow-list (the demo's partner host): it opens as a web page in this tab
        // (a stub page here), through the link rules — never a payload, never an href of its own.
        await until('the allowed page opened', async () => page.url() === LEARN_URL)
        assert.notEqual(page.url(), before)
        assert.deepEqual(dialogs, [])
      }),
    )
  })
}
