/**
 * NAV alerts against the real server (issue #25): a user sets 净值提醒 on a watchlist fund in the
 * browser, the operator imports the next NAV (server stopped, `npm run import`, started again, as
 * on the embedded database), and 消息 shows the alert with the NAV and the daily change this test
 * computes from the NAVs it sent; tapping it marks it read and opens the fund.
 *
 *   node --import tsx --test test/e2e/alerts.test.ts
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { newMobileContext, ProblemLog } from './lib/browser'
import { apiHeaders, devLogin } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { ROOT } from './lib/paths'
import { SERVER_NODE } from './lib/server'
import { apiTraffic, pageOf, text, until } from './lib/wait'
import { addDays, nextTradingDay, shanghaiToday } from '../../server/src/calendar'

const h = new Harness()
const FUND = '000001'
const SLOW = { timeout: 300_000 }
let token = ''

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${h.origin}/alfa/v1/graphql`, {
    method: 'POST',
    headers: apiHeaders(token),
    body: JSON.stringify({ query, variables }),
  })
  const body = (await res.json()) as { data: T; errors?: unknown }
  assert.equal(body.errors, undefined, JSON.stringify(body.errors))
  return body.data
}

before(async () => {
  await h.start((line) => console.log(`# ${line}`))
  token = await devLogin(h.origin)
  const res = await fetch(`${h.origin}/alfa/v1/user-fund-picks/batch`, {
    method: 'POST',
    headers: apiHeaders(token),
    body: JSON.stringify({ fundCodes: [FUND], op: 'add' }),
  })
  assert.equal(res.status, 200, await res.text())
}, SLOW)
after(async () => h.stop())

describe('净值提醒 and 消息 (issue #25)', () => {
  it('an alert set in the browser is triggered by an import and shown in 消息; tapping it opens the fund', SLOW, async () => {
    const context = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
    try {
      await context.addCookies([{ name: 'access_token', value: token, url: h.origin }])
      const page = await context.newPage()
      const tab = { page, log: new ProblemLog(page, h.origin) }
      const traffic = apiTraffic(page)

      // The fund's latest NAV, as the server has it.
      const { fund } = await gql<{ fund: { fundName: string; navRows: { list: Array<{ date: string; nav: string; accNav: string }> } } }>(
        `query($c: String!) { fund(fundCode: $c) { fundName navRows(page: { size: 1 }) { list { date nav accNav } } } }`,
        { c: FUND },
      )
      const last = fund.navRows.list[0]

      // 1. The user sets 单位净值 ≥ (below the last NAV, so the next one meets it) and 日涨幅 ≥ +3% (not met by +1 %).
      await open(tab, h.origin, `/alfa/fund/alert/${FUND}`)
      const screen = pageOf(page, 'navAlert')
      await until('the alert form', async () => (await text(screen)).includes(fund.fundName))
      await screen.locator('[data-kind="ABOVE"] input').fill((Number(last.nav) - 0.1).toFixed(4))
      await screen.locator('[data-kind="RISE"] input').fill('3')
      await screen.locator('.alfa-alert__save').tap()
      await until('both saved', async () => (await screen.locator('.alfa-alert__on').count()) === 2)
      await traffic.quiet()
      await expectScreen(tab, { route: 'navAlert', scheme: 'light' }, h.origin, '净值提醒')

      // 2. The next NAV day: +1.00 % (accumulated NAV moved by the same amount: no distribution).
      const day = nextTradingDay(addDays(shanghaiToday(), -1))
      const nav = (Number(last.nav) * 1.01).toFixed(4)
      const accNav = (Number(last.accNav) + Number(nav) - Number(last.nav)).toFixed(4)
      const change = ((Number(nav) / Number(last.nav) - 1) * 100).toFixed(2)
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-e2e-alerts-'))
      try {
        fs.writeFileSync(path.join(folder, 'fund_navs.csv'), `fund_code,nav_date,nav,acc_nav\n${FUND},${day},${nav},${accNav}\n`)
        // The tab leaves first: a page left open would report to a stopped server.
        tab.log.leaving()
        await page.goto('about:blank')
        await h.server!.restart((dataDir) => {
          const out = execFileSync(SERVER_NODE, ['--import', 'tsx', path.join('server', 'src', 'import', 'main.ts'), folder], {
            cwd: ROOT,
            env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
            encoding: 'utf8',
          })
          assert.match(out, /NAV alerts: 1 messages/, out)
        })
      } finally {
        fs.rmSync(folder, { recursive: true, force: true })
      }

      // 3. 消息: one unread alert with the NAV and the change computed here, the condition met and not the other.
      await open(tab, h.origin, '/alfa/user/messages')
      const messages = pageOf(page, 'messages')
      const row = messages.locator('.alfa-messages__row').first()
      await row.waitFor({ timeout: 20_000 })
      await traffic.quiet()
      await expectScreen(tab, { route: 'messages', scheme: 'light', navTitle: '消息' }, h.origin, '消息')
      assert.match(await text(messages.locator('.alfa-messages__count')), /^1 条未读$/)
      assert.equal(await text(row.locator('.alfa-messages__name')), `净值提醒：${fund.fundName}`)
      assert.equal(
        await text(row.locator('.alfa-messages__body')),
        `${day} 单位净值 ${nav}，日涨跌幅 +${change}%，达到你设置的「单位净值 ≥ ${(Number(last.nav) - 0.1).toFixed(4)}」`,
      )

      // 4. A tap marks it read and opens the fund; back in 消息 it is read.
      await row.tap()
      await until('the fund page', async () => new URL(page.url()).pathname === `/alfa/fund/${FUND}/detail`)
      await traffic.quiet()
      // The read mark is sent as the fund page opens (not awaited before it): the server has it soon after.
      await until(
        'the read mark on the server',
        async () => (await gql<{ myMessages: { unreadCount: number } }>(`{ myMessages { unreadCount } }`)).myMessages.unreadCount === 0,
      )
      assert.deepEqual(tab.log.problems, [])
    } finally {
      await context.close()
    }
  })
})
