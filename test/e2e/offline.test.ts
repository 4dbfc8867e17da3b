/**
 * Offline-first screens (issue 9) in Debian's Chromium against the real server: a screen visited
 * once, reloaded with the API unreachable (every API request aborted as a lost connection; the
 * app's own files still load), shows its last answer at once with the not-fresh notice and 重试,
 * and 重试 once the API answers again removes the notice; a screen never visited shows the
 * network-error state with 重试, never a blank page or a skeleton that stays; the watchlist kept
 * for a user is not shown once nobody is logged in, and a 401 (logout) removes it from storage.
 *
 *   node --import tsx --test test/e2e/offline.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { newMobileContext, ProblemLog, type Tab } from './lib/browser'
import { pageOf, text } from './lib/wait'
import { devLogin } from './lib/api'
import { Harness, open } from './lib/harness'
import { createSign } from '@alfa/common/sign'
import { isApiPath } from '@alfa/common/apiPaths'
import { FIRST_ANSWER_ELEMENT_ID } from '@alfa/common/firstAnswer'

const h = new Harness()
const SLOW = { timeout: 120_000 }
const WAIT = { timeout: 20_000 }
const FUND = '000001'
const STALE_TEXT = '网络异常，显示的是上次加载的内容'

let token = ''
/** A fund of the demo data that no test here opens before the API is cut off. */
let unvisitedFund = ''

const headers = () => ({ 'content-type': 'application/json', 'x-sign': createSign(), 'x-broker': '0008' })

before(
  async () => {
    await h.start((line) => console.log(`# ${line}`))
    token = await devLogin(h.origin)
    const list = await fetch(`${h.origin}/alfa/v1/graphql`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ query: 'query { funds(page: { size: 10 }) { list { fundCode } } }' }),
    })
    const funds = ((await list.json()) as { data: { funds: { list: { fundCode: string }[] } } }).data.funds.list
    unvisitedFund = funds.find((f) => f.fundCode !== FUND)?.fundCode ?? ''
    assert.ok(unvisitedFund, 'a second fund in the demo data')
    const pick = await fetch(`${h.origin}/alfa/v1/user-fund-picks/batch`, {
      method: 'POST',
      headers: { ...headers(), authorization: `Bearer ${token}` },
      body: JSON.stringify({ fundCodes: [FUND], op: 'add' }),
    })
    assert.ok(pick.ok, `picking ${FUND} answered ${pick.status}`)
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

/** Lines the app logs because the API is cut off on purpose: aborted API requests and the failures they cause. */
const expectedOffline = (line: string) =>
  /request failed: \w+ \S+\/(alfa|alfa-m)\/v\d+\/\S*( \[\w+\])? net::ERR_INTERNET_DISCONNECTED/.test(line) ||
  /console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(\S+\/(alfa|alfa-m)\/v\d+\//.test(line) ||
  /console\.error: GraphQL \w* failed: (Failed to fetch|request:fail|network error)/.test(line)

/** A phone tab of its own context (logged in by the production H5's token cookie when asked). */
async function withTab(loggedIn: boolean, job: (tab: Tab & { context: BrowserContext }) => Promise<void>) {
  const context = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
  try {
    if (loggedIn) await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
    const page = await context.newPage()
    const log = new ProblemLog(page, h.origin)
    await job({ page, log, context })
    assert.deepEqual(
      log.problems.filter((l) => !expectedOffline(l)),
      [],
      'problems logged by the tab',
    )
  } finally {
    await context.close()
  }
}

/**
 * From now on every API request of the page fails as with no network; the app's files still load,
 * and its pages come without the first answer the server puts in them (server/src/h5.ts), as when
 * the server cannot reach its data either.
 */
async function cutApi(page: Page) {
  await page.route(
    (url) => isApiPath(url.pathname),
    (route) => route.abort('internetdisconnected'),
  )
  await page.route(
    (url) => !isApiPath(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const body = (await response.text()).replace(
        new RegExp(`<script type="application/json" id="${FIRST_ANSWER_ELEMENT_ID}">[^<]*</script>`),
        '',
      )
      await route.fulfill({ response, body })
    },
  )
}
async function restoreApi(page: Page) {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
}

describe('offline: a revisited screen shows its last answer, marked not fresh', () => {
  it(
    `/alfa/fund/${FUND} reloaded without the API: the kept fund at once, 网络异常… · 重试; 重试 with the API back refreshes it`,
    SLOW,
    () =>
      withTab(false, async ({ page, log }) => {
        await open({ page, log }, h.origin, `/alfa/fund/${FUND}`)
        const root = pageOf(page, 'fundEntry')
        await root.locator('.alfa-fund-head__name').waitFor(WAIT)
        await root.locator('.alfa-fund-chart__range').waitFor(WAIT)
        await page.waitForLoadState('networkidle')
        const name = await text(root.locator('.alfa-fund-head__name'))
        const nav = await text(root.locator('.alfa-fund-head__big.alfa-fund-digits'))

        await cutApi(page)
        await page.reload({ waitUntil: 'domcontentloaded' })
        const again = pageOf(page, 'fundEntry')
        const notice = again.locator('.alfa-stale')
        await notice.waitFor(WAIT)
        assert.equal(await text(again.locator('.alfa-fund-head__name')), name, 'the kept fund name')
        assert.equal(await text(again.locator('.alfa-fund-head__big.alfa-fund-digits')), nav, 'the kept NAV')
        assert.match(await text(notice), new RegExp(`^${STALE_TEXT}\\s*重试$`))
        assert.equal(await again.locator('.alfa-skeleton').count(), 0, 'no skeleton under the kept answer')
        // The chart of the default period was kept as well.
        await again.locator('.alfa-fund-chart__range').waitFor(WAIT)

        await restoreApi(page)
        await again.locator('.alfa-stale__retry').tap()
        await notice.waitFor({ state: 'detached', ...WAIT })
        assert.equal(await text(again.locator('.alfa-fund-head__name')), name)
        await page.waitForLoadState('networkidle')
      }),
  )

  it('a fund never visited, opened without the API: the network-error state with 重试, no skeleton left', SLOW, () =>
    withTab(false, async ({ page, log }) => {
      await cutApi(page)
      await open({ page, log }, h.origin, `/alfa/fund/${unvisitedFund}`)
      const root = pageOf(page, 'fundEntry')
      await root.getByText('加载失败').waitFor(WAIT)
      assert.equal(await text(root.locator('.alfa-empty__action')), '重试')
      assert.equal(await root.locator('.alfa-skeleton').count(), 0)
      // The retry works once the API answers again.
      await restoreApi(page)
      await root.locator('.alfa-empty__action').tap()
      await root.locator('.alfa-fund-head__name').waitFor(WAIT)
      await page.waitForLoadState('networkidle')
    }),
  )
})

describe('offline: user data is kept per user', () => {
  it('the watchlist revisited offline shows the kept picks; logged out it is not shown; a 401 removes it from storage', SLOW, () =>
    withTab(true, async ({ page, log, context }) => {
      await open({ page, log }, h.origin, '/pages/favourites/index')
      const fav = pageOf(page, 'favourites')
      await fav.locator('.alfa-favourites__row').first().waitFor(WAIT)
      await page.waitForLoadState('networkidle')
      const codes = await fav.locator('.alfa-favourites__code').allTextContents()
      assert.ok(codes.includes(FUND), JSON.stringify(codes))
      const userKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('alfa_answer:@')))
      assert.equal((await userKeys()).length, 1, 'one user answer kept (the watchlist)')

      // Offline revisit: the kept picks with the notice.
      await cutApi(page)
      await page.reload({ waitUntil: 'domcontentloaded' })
      const again = pageOf(page, 'favourites')
      await again.locator('.alfa-stale').waitFor(WAIT)
      assert.deepEqual(await again.locator('.alfa-favourites__code').allTextContents(), codes)

      // Nobody logged in (the token is gone): the device's own list (empty here), never the kept picks.
      await context.clearCookies()
      await page.reload({ waitUntil: 'domcontentloaded' })
      await pageOf(page, 'favourites').getByText('还没有自选基金').waitFor(WAIT)
      assert.equal(await pageOf(page, 'favourites').locator('.alfa-favourites__row').count(), 0)

      // Logged in again, the API answers 401: logout, and the user's answers leave storage.
      await restoreApi(page)
      await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
      await page.route(
        (url) => url.pathname.endsWith('/graphql'),
        (route) =>
          route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({ code: 401, msg: 'unauthorized', data: null }),
          }),
      )
      const unauthorized = page.waitForResponse((r) => r.url().endsWith('/graphql') && r.status() === 401, WAIT)
      await page.reload({ waitUntil: 'domcontentloaded' })
      await unauthorized
      let left: string[] = []
      for (let i = 0; i < 100 && (left = await userKeys().catch(() => ['(navigating)'])).length; i++) await page.waitForTimeout(100)
      assert.deepEqual(left, [], 'user answers after the 401')
      // The 401 is the point of this step; login then leaves the page, cutting its other requests short.
      log.problems = log.problems.filter(
        (l) =>
          !/(HTTP 401 for POST \S+\/graphql|status of 401 \(Unauthorized\) \(\S+\/graphql|request failed: POST \S+\/graphql( \[\w+\])? net::ERR_ABORTED)/.test(
            l,
          ),
      )
    }),
  )
})
