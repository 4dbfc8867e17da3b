/**
 * Issue #25's watchlist groups (自选分组) in Debian's Chromium against the real server, in one page
 * sequence: before login two funds are picked on the device, 管理分组 makes two groups, one is
 * filled and the two are reordered; after a reload the tabs and the group's funds are still there;
 * after login (the token cookie) the device's list and groups are merged into the account, whose
 * own group of the same name takes the device's funds (checked through the API and on screen).
 * No console error, no page error, no failed same-origin request.
 *
 *   node --import tsx --test test/e2e/groups.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { newMobileContext, ProblemLog } from './lib/browser'
import { apiHeaders, devLogin } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { pageOf, text, until } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 180_000 }
const WAIT = { timeout: 20_000 }
const FUND = '000001'

let token = ''
let otherFund = ''

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${h.origin}/alfa/v1/graphql`, {
    method: 'POST',
    headers: apiHeaders(token),
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
    const { funds } = await gql<{ funds: { list: { fundCode: string; isTerminated: boolean }[] } }>(
      'query { funds(page: { size: 10 }) { list { fundCode isTerminated } } }',
    )
    otherFund = funds.list.find((f) => f.fundCode !== FUND && !f.isTerminated)?.fundCode ?? ''
    assert.ok(otherFund, 'a second fund in the demo data')
    // The account already has FUND in a group named 长线: the device's 长线 joins it at login.
    const picked = await fetch(`${h.origin}/alfa/v1/user-fund-picks/batch`, {
      method: 'POST',
      headers: apiHeaders(token),
      body: JSON.stringify({ fundCodes: [FUND], op: 'add' }),
    })
    assert.equal(picked.status, 200)
    await gql(`mutation { createWatchlistGroup(name: "长线", fundCodes: ["${FUND}"]) { groupId } }`)
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

describe('自选分组 (light)', () => {
  it('before login: a group made, filled and reordered, kept after a reload; after login merged into the account', SLOW, async () => {
    const context = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
    try {
      const page = await context.newPage()
      const tab = { page, log: new ProblemLog(page, h.origin) }

      // Before login a pick stays on the device.
      for (const code of [FUND, otherFund]) {
        await open(tab, h.origin, `/alfa/fund/${code}`)
        const pick = pageOf(page, 'fundEntry').locator('.alfa-pick')
        await pick.waitFor(WAIT)
        await page.waitForLoadState('networkidle')
        await pick.tap()
        await until(`${code} to show 已自选`, async () => (await text(pick)) === '已自选')
      }

      await open(tab, h.origin, '/pages/favourites/index')
      const fav = pageOf(page, 'favourites')
      await fav.locator('.alfa-favourites__row').nth(1).waitFor(WAIT)
      assert.deepEqual(await fav.locator('.alfa-favourites__code').allTextContents(), [FUND, otherFund])

      // 管理分组: two groups, the second filled with both funds, then moved first.
      await fav.locator('.alfa-favourites__groups').tap()
      // The dialog element itself has no box (AtModal's layers are fixed): wait for its body.
      const sheet = page.locator('.alfa-groups-sheet[aria-label="管理分组"]')
      await sheet.locator('.alfa-groups-sheet__body').waitFor(WAIT)
      for (const name of ['短线', '长线']) {
        await sheet.locator('.alfa-groups-sheet__new input').fill(name)
        await sheet.locator('.alfa-groups-sheet__add').tap()
        await sheet.locator(`.alfa-groups-sheet__group[data-group="${name}"]`).waitFor(WAIT)
      }
      await sheet.locator('.alfa-groups-sheet__group[data-group="长线"]').getByText('选基金').tap()
      const pickFunds = page.locator('.alfa-groups-sheet[aria-label="选择基金：长线"]')
      await pickFunds.locator('.alfa-groups-sheet__option').nth(1).waitFor(WAIT)
      for (const option of await pickFunds.locator('.alfa-groups-sheet__option').all()) await option.tap()
      await pickFunds.locator('.alfa-groups-sheet__confirm').tap()
      await sheet.locator('.alfa-groups-sheet__body').waitFor(WAIT)
      assert.equal(await text(sheet.locator('.alfa-groups-sheet__group[data-group="长线"] .alfa-groups-sheet__count')), '2只')
      await sheet.locator('[aria-label="上移长线"]').tap()
      await until(
        '长线 to be first',
        async () => (await sheet.locator('.alfa-groups-sheet__group').first().getAttribute('data-group')) === '长线',
      )
      await sheet.locator('.alfa-groups-sheet__confirm').tap()

      const tabs = () => fav.locator('.at-tabs__item').allTextContents()
      assert.deepEqual(await tabs(), ['全部', '长线', '短线'])
      await expectScreen(
        tab,
        { route: 'favourites', scheme: 'light', navTitle: '我的自选', texts: ['全部', '长线'] },
        h.origin,
        'favourites with groups',
      )

      // Kept after a reload: the tabs, the group's funds and an empty group's prompt.
      await page.reload({ waitUntil: 'domcontentloaded' })
      const again = pageOf(page, 'favourites')
      await again.locator('.alfa-favourites__row').nth(1).waitFor(WAIT)
      assert.deepEqual(await again.locator('.at-tabs__item').allTextContents(), ['全部', '长线', '短线'])
      await again.locator('.at-tabs__item', { hasText: '短线' }).tap()
      await again.getByText('「短线」还没有基金').waitFor(WAIT)
      await again.locator('.at-tabs__item', { hasText: '长线' }).tap()
      await until('长线 to show both funds', async () => (await again.locator('.alfa-favourites__row').count()) === 2)
      await page.waitForLoadState('networkidle')

      // Logged in: the device's list and groups join the account (its 长线 takes the device's funds).
      await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
      await page.reload({ waitUntil: 'domcontentloaded' })
      const merged = pageOf(page, 'favourites')
      await merged.locator('.alfa-favourites__row').nth(1).waitFor(WAIT)
      await until(
        'the account’s tabs',
        async () => JSON.stringify(await merged.locator('.at-tabs__item').allTextContents()) === JSON.stringify(['全部', '长线', '短线']),
      )
      const account = await gql<{ myPicks: { fund: { fundCode: string } }[]; myWatchlistGroups: { name: string; fundCodes: string[] }[] }>(
        'query { myPicks { fund { fundCode } } myWatchlistGroups { name fundCodes } }',
      )
      assert.deepEqual(
        account.myPicks.map((p) => p.fund.fundCode),
        [FUND, otherFund],
      )
      assert.deepEqual(account.myWatchlistGroups, [
        { name: '长线', fundCodes: [FUND, otherFund] },
        { name: '短线', fundCodes: [] },
      ])
      await merged.locator('.at-tabs__item', { hasText: '长线' }).tap()
      await until('长线 to show both funds', async () => (await merged.locator('.alfa-favourites__row').count()) === 2)
      await page.waitForLoadState('networkidle')
      assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
    } finally {
      await context.close()
    }
  })
})
