/**
 * Issue 25, 基金对比: in Debian's Chromium against the real server, with the three sourced real-data
 * funds imported (270002 with its 22 distributions, server/test/fixtures/real; 510300 with its
 * 份额折算, fixtures/etf510300; 481009 with its 19 distributions, four of 0.0001 per unit,
 * fixtures/index481009). Each fund's page is opened, its 阶段涨幅 read and the fund put in the
 * 对比栏 with 加入对比; 开始对比 opens the comparison of the three, whose period returns are the
 * fund pages' figures, with a best mark on the rows and the chart drawn; a period tab redraws it;
 * the address reloaded (shared) shows the same, and the tray is still there; 移除 on a column head
 * leaves the comparison of the other two, in the address and the tray, and refuses to go below two.
 * Light scheme; no console error, page error or failed request.
 *
 *   node --import tsx --test test/e2e/compare.test.ts
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { newMobileContext, ProblemLog, type Tab } from './lib/browser'
import { expectScreen, Harness, open } from './lib/harness'
import { apiTraffic, drawnPixels, pageOf, text, until } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 240_000 }
const FIXTURES = path.join(__dirname, '..', '..', 'server', 'test', 'fixtures')
/** Three real-data funds (the order they are added, and the comparison's columns). */
const FUNDS = ['270002', '510300', '481009']
/** Their import folders under server/test/fixtures (each with its SOURCE.md). */
const FOLDERS = ['real', 'etf510300', 'index481009']
/** The periods the fund page's 阶段涨幅 shows (近5年 is on 基金业绩 only). */
const PERIODS = ['1M', '3M', '6M', '1Y', '3Y', 'YTD', 'SETUP']

before(
  async () => {
    await h.start(
      (line) => console.log(`# ${line}`),
      {},
      async (dataDir) => {
        // The real funds go into the server's copy of the demo database with the importer (npm run import), before it starts.
        for (const folder of FOLDERS)
          execFileSync(
            process.execPath,
            ['--import', 'tsx', path.join('server', 'src', 'import', 'main.ts'), path.join(FIXTURES, folder)],
            {
              cwd: path.join(__dirname, '..', '..'),
              env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
              stdio: 'pipe',
            },
          )
      },
    )
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

describe('基金对比 of three real-data funds (light)', () => {
  it('the comparison shows the fund pages’ figures, marks the best, draws the chart and survives a reload', SLOW, async () => {
    const context = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
    try {
      const page = await context.newPage()
      const tab: Tab = { page, log: new ProblemLog(page, h.origin) }
      const traffic = apiTraffic(page)
      const onFundPage: Record<string, Record<string, string>> = {}

      for (const [i, code] of FUNDS.entries()) {
        await traffic.quiet()
        await open(tab, h.origin, `/alfa/fund/${code}/detail`)
        const detail = pageOf(page, 'fund')
        const cell = (p: string) => detail.locator(`.alfa-fund-grid__cell[data-period="${p}"] .alfa-num`)
        await cell('SETUP')
          .waitFor({ timeout: 30_000 })
          .catch(async (err: Error) => {
            throw new Error(
              `${code}'s fund page shows no 成立以来 (${err.message.split('\n')[0]}): ${await text(page.locator('body'))}`.slice(0, 1500),
            )
          })
        onFundPage[code] = {}
        for (const p of PERIODS) onFundPage[code][p] = await text(cell(p))
        assert.match(onFundPage[code].SETUP, /^[+-]?\d+\.\d{2}%$/, `${code} shows its 成立以来`)
        const toggle = detail.locator('.alfa-compare-toggle')
        await toggle.tap()
        await until(`${code} is in the 对比栏`, async () => (await text(toggle)) === '已加入对比')
        await until(
          `the 对比栏 counts ${i + 1}`,
          async () => (await text(detail.locator('.alfa-compare-tray__count'))) === `对比栏 ${i + 1}/4`,
        )
      }

      // 开始对比 from the last fund's page.
      await traffic.quiet()
      await pageOf(page, 'fund').locator('.alfa-compare-tray__start').tap()
      const compare = pageOf(page, 'fundCompare')
      const figure = (row: string, code: string) => compare.locator(`[data-row="${row}"] [data-fund="${code}"]`)
      const checkTable = async (when: string) => {
        await figure('period:SETUP', FUNDS[2]).locator('.alfa-num').waitFor({ timeout: 30_000 })
        assert.equal(await compare.locator('.alfa-compare__fund-name').count(), FUNDS.length, `${when}: one column per fund`)
        for (const code of FUNDS)
          for (const p of PERIODS)
            assert.equal(
              await text(figure(`period:${p}`, code).locator('.alfa-num')),
              onFundPage[code][p],
              `${when}: ${code} ${p} reads as on its fund page`,
            )
        const headers = await compare.locator('.alfa-compare__fund-name').allTextContents()
        assert.deepEqual(
          headers,
          ['广发稳健增长混合A', '华泰柏瑞沪深300ETF', '工银沪深300指数A'],
          `${when}: one column per fund, in the tray's order`,
        )
        // Every fund has the whole of 2017 (510300's NAVs end in June 2018): that row has one best.
        assert.equal(await compare.locator('[data-row="year:2017"] [data-best="true"]').count(), 1, `${when}: 2017's best is marked`)
        assert.equal(
          await compare.locator('[data-row="maxDrawdown"] [data-best="true"]').count(),
          1,
          `${when}: the smallest drawdown is marked`,
        )
        await until(`${when}: the chart is drawn`, async () => (await drawnPixels(compare.locator('.alfa-compare-chart'))) > 500)
      }
      await until('the comparison page is shown', async () => (await compare.count()) === 1)
      assert.equal(new URL(page.url()).pathname, '/alfa/fund/compare')
      assert.deepEqual(new URL(page.url()).searchParams.get('codes'), FUNDS.join(','))
      await checkTable('after 开始对比')
      // 510300's NAVs end on 2018-06-11: the chart ends there for all three; 成立以来 starts on its first NAV day, the latest.
      const note = compare.locator('.alfa-compare-chart__note')
      await compare.locator('[data-period="SETUP"]').tap()
      await until('the 成立以来 tab starts on 510300’s first NAV day', async () => (await text(note)).startsWith('2012-05-04 起'))
      await traffic.quiet()
      await expectScreen(
        tab,
        { route: 'fundCompare', scheme: 'light', texts: ['对比详情', '持仓重合度', '夏普比率'] },
        h.origin,
        'comparison',
      )

      // The address alone (as shared) shows the same comparison; the tray is still kept.
      const shared = `/alfa/fund/compare?codes=${FUNDS.join(',')}`
      await open(tab, h.origin, shared)
      await checkTable('the shared address')
      const kept = await page.evaluate(() => localStorage.getItem('alfa_compare_tray'))
      assert.ok(kept && FUNDS.every((c) => kept.includes(c)), `the tray is kept in storage: ${kept}`)
      await traffic.quiet()
      await expectScreen(tab, { route: 'fundCompare', scheme: 'light' }, h.origin, shared)

      // 移除 on 481009's column head: the comparison of the other two, in the address and the tray.
      const remove = (code: string) => compare.locator(`[role="columnheader"] .alfa-compare__remove[data-fund="${code}"]`)
      await remove(FUNDS[2]).tap()
      await until(
        'the address holds the two others',
        async () => new URL(page.url()).searchParams.get('codes') === FUNDS.slice(0, 2).join(','),
      )
      await until('two columns are left', async () => (await compare.locator('.alfa-compare__fund-name').count()) === 2)
      await figure('period:SETUP', FUNDS[1]).locator('.alfa-num').waitFor({ timeout: 30_000 })
      for (const code of FUNDS.slice(0, 2))
        assert.equal(await text(figure('period:SETUP', code).locator('.alfa-num')), onFundPage[code].SETUP, `after 移除: ${code} 成立以来`)
      const left = await page.evaluate(() => localStorage.getItem('alfa_compare_tray'))
      assert.ok(left && !left.includes(FUNDS[2]) && left.includes(FUNDS[0]), `481009 left the tray: ${left}`)
      // Two left: 移除 says why it does nothing, and does nothing.
      assert.equal(await remove(FUNDS[0]).getAttribute('aria-disabled'), 'true')
      // force: Playwright waits for an aria-disabled element to be enabled; a finger does not.
      await remove(FUNDS[0]).tap({ force: true })
      await until('the refusal is said', async () => (await page.getByText('至少保留 2 只基金进行对比').count()) > 0)
      assert.equal(new URL(page.url()).searchParams.get('codes'), FUNDS.slice(0, 2).join(','))
      assert.equal(await compare.locator('.alfa-compare__fund-name').count(), 2)
      await traffic.quiet()
      assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
    } finally {
      await context.close()
    }
  })
})
