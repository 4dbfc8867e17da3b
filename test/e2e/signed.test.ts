/**
 * Issue 23's signed state in Debian's Chromium against the real server and its demo data: the demo
 * user (devLogin) has signed and holds ZH015676. Logged in, the strategy detail shows 已签约, the
 * service in force with the holding and 查看持仓 in place of 签约投顾; a strategy the user has not
 * signed reads 未签约 with 签约投顾; anonymous, 登录后查看. 交易须知 opens the risk disclosure once:
 * after 我已阅读 the trade rules (with 已签约) open, and next time directly. 主理人 opens the
 * manager's profile with their introduction. Every page: no console error, no failed request.
 *
 *   node --import tsx --test test/e2e/signed.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { newMobileContext, ProblemLog, type Tab } from './lib/browser'
import { apiHeaders, devLogin } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { apiTraffic, pageOf, text } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 240_000 }
const WAIT = { timeout: 20_000 }
/** Signed and held by the demo user; LW000002 has the service, not signed by the demo user. */
const SIGNED = 'ZH015676'
const UNSIGNED = 'LW000002'

let token = ''

interface Po {
  poName: string
  hasSigned: boolean
  capitalAccountHoldings: Array<{ caId: string; units: string }>
  manager: { managerId: string; managerName: string; intro: string | null } | null
}
const known: Record<string, Po> = {}

before(
  async () => {
    await h.start((line) => console.log(`# ${line}`))
    token = await devLogin(h.origin)
    for (const poCode of [SIGNED, UNSIGNED]) {
      const res = await fetch(`${h.origin}/alfa/v1/graphql`, {
        method: 'POST',
        headers: apiHeaders(token),
        body: JSON.stringify({
          query:
            'query($poCode: String!) { portfolio(poCode: $poCode) { poName hasSigned capitalAccountHoldings { caId units } manager { managerId managerName intro } } }',
          variables: { poCode },
        }),
      })
      const body = (await res.json()) as { data?: { portfolio: Po } }
      assert.ok(body.data?.portfolio, `${poCode}: ${JSON.stringify(body).slice(0, 300)}`)
      known[poCode] = body.data.portfolio
    }
    assert.equal(known[SIGNED].hasSigned, true, 'the demo user has signed ZH015676')
    assert.equal(known[UNSIGNED].hasSigned, false, 'the demo user has not signed LW000002')
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

const traffic = new WeakMap<Page, ReturnType<typeof apiTraffic>>()
const quiet = (page: Page) => traffic.get(page)!.quiet()

async function withTab(loggedIn: boolean, job: (tab: Tab) => Promise<void>) {
  const context: BrowserContext = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
  try {
    if (loggedIn) await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
    const page = await context.newPage()
    const tab = { page, log: new ProblemLog(page, h.origin) }
    traffic.set(page, apiTraffic(page))
    await job(tab)
    assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
  } finally {
    await context.close()
  }
}

/** The detail with its sections below the fold rendered (the foot is the last). */
async function openDetail(tab: Tab, poCode: string) {
  const url = `/alfa/portfolio/${poCode}/detail`
  await open(tab, h.origin, url)
  const root = pageOf(tab.page, 'portfolioDetail')
  await root.locator('.alfa-po-foot').waitFor(WAIT)
  await quiet(tab.page)
  await expectScreen(tab, { route: 'portfolioDetail', scheme: 'light' }, h.origin, url)
  return root
}

const barButton = (root: ReturnType<typeof pageOf>, name: string) => root.locator('.alfa-bar-button', { hasText: name })

describe('the strategy detail in the signed states (the demo user)', () => {
  it('signed: 已签约, the service in force with the holding and 查看持仓; 交易须知 passes the risk disclosure once', SLOW, () =>
    withTab(true, async (tab) => {
      const root = await openDetail(tab, SIGNED)
      assert.match(await text(root.locator('.alfa-po-head')), /已签约/)
      const service = root.locator('.alfa-po-service--signed')
      await service.waitFor(WAIT)
      const units = Number(known[SIGNED].capitalAccountHoldings[0].units).toLocaleString('en-US', { minimumFractionDigits: 2 })
      assert.match(await text(service), new RegExp(`已签约 ?投顾服务中.*持有 ${units.replace(/[.,]/g, '\\$&')} 份`))
      assert.equal(await text(root.locator('.alfa-po-cta')), '查看持仓')
      assert.equal(await barButton(root, '签约投顾').count(), 0)

      // 交易须知: the risk disclosure first; 我已阅读 goes on to the trade rules, which know the user has signed.
      await barButton(root, '交易须知').tap()
      const modals = pageOf(tab.page, 'portfolioModals')
      await modals.locator('.alfa-po-notice--risk .alfa-po-notice__ack').waitFor(WAIT)
      assert.equal(await modals.locator('.alfa-po-notice--smartAip').count(), 0)
      await quiet(tab.page)
      await modals.locator('.alfa-po-notice--risk .alfa-po-notice__ack').tap()
      const rules = pageOf(tab.page, 'tradeModal')
      await rules.locator('.alfa-po-rule__signed--on').waitFor(WAIT)
      assert.match(await text(rules.locator('.alfa-po-rule__signed--on')), /您已签约该策略的投顾服务/)
      await quiet(tab.page)

      // Acknowledged: the next 交易须知 opens the trade rules directly.
      const again = await openDetail(tab, SIGNED)
      await barButton(again, '交易须知').tap()
      await pageOf(tab.page, 'tradeModal').locator('.alfa-po-rule__signed--on').waitFor(WAIT)
      assert.equal(new URL(tab.page.url()).pathname, '/pages/tradeModal/index')
      await quiet(tab.page)
    }),
  )

  it('logged in, not signed: 未签约 and 签约投顾; anonymous: 登录后查看 and no holding', SLOW, () =>
    withTab(true, async (tab) => {
      const root = await openDetail(tab, UNSIGNED)
      assert.doesNotMatch(await text(root.locator('.alfa-po-head')), /已签约/)
      assert.match(await text(root.locator('.alfa-po-service--unsigned')), /未签约/)
      assert.equal(await text(root.locator('.alfa-po-cta')), '签约投顾')
      await tab.page.context().clearCookies()
      await tab.page.evaluate(() => localStorage.clear())
      const anonymous = await openDetail(tab, SIGNED)
      assert.match(await text(anonymous.locator('.alfa-po-service--anonymous')), /登录后查看您的签约状态和持仓/)
      assert.doesNotMatch(await text(anonymous), /持有 /)
      assert.equal(await text(anonymous.locator('.alfa-po-cta')), '签约投顾')
    }),
  )

  it('主理人 opens the manager’s profile with their own introduction', SLOW, () =>
    withTab(false, async (tab) => {
      const manager = known[SIGNED].manager
      assert.ok(manager?.intro, 'ZH015676 has a manager with an introduction')
      const root = await openDetail(tab, SIGNED)
      assert.match(await text(root.locator('.alfa-po-manager__intro')), new RegExp(manager.intro.slice(0, 10)))
      await root.locator('.alfa-po-manager').tap()
      const profile = pageOf(tab.page, 'manager')
      await profile.locator('.alfa-manager__intro').waitFor(WAIT)
      assert.equal(new URL(tab.page.url()).pathname, `/alfa/fund/manager/${manager.managerId}`)
      assert.equal(await text(profile.locator('.alfa-manager__intro')), manager.intro)
      await quiet(tab.page)
    }),
  )
})
