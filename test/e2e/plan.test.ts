/**
 * An investment plan (AP000001) in Debian's Chromium against the real server and its demo data
 * (issue #23): the entry and detail show the plan beside its model portfolio (InvestPlanModelPortfolio,
 * isModelPo false and true), its five latest advices (getLatestAipAdvices) and its smart-AIP series
 * (SmartAipNavHistory); 基金组成 shows its own holdings and the model portfolio's
 * (InvestPlanFundComposition), 策略介绍 its own intro (InvestPlanIntro); a shared link to a long-win
 * plan asks PortfolioEntry first, then only the long-win branch. The values on screen are the
 * server's, read here through the API. Every page: no console error, no page error, no failed request.
 *
 *   node --import tsx --test test/e2e/plan.test.ts
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { BrowserContext, Page } from 'playwright-core'
import { newMobileContext, ProblemLog, type Tab } from './lib/browser'
import { apiHeaders } from './lib/api'
import { expectScreen, Harness, open } from './lib/harness'
import { apiTraffic, pageOf, text, until } from './lib/wait'

const h = new Harness()
const SLOW = { timeout: 240_000 }
const WAIT = { timeout: 20_000 }
const GRAPHQL = '/alfa/v1/graphql'
const PLAN = 'AP000001'

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(h.origin + GRAPHQL, { method: 'POST', headers: apiHeaders(), body: JSON.stringify({ query, variables }) })
  const body = (await res.json()) as { data?: T; errors?: unknown }
  assert.ok(body.data && !body.errors, `GraphQL ${query}: ${JSON.stringify(body).slice(0, 400)}`)
  return body.data
}

const pct = (v: string | null, sign = true) => {
  if (v == null) return '--'
  const n = Number(v) * 100
  return `${sign && n > 0 ? '+' : ''}${n.toFixed(2)}%`
}

interface Fund {
  fundCode: string
  fundName: string
}
interface PlanFacts {
  poName: string
  philosophy: string
  modelPortfolio: { poCode: string; poName: string }
  own: { totalReturn: string }
  model: { totalReturn: string }
  aipAdvices: { list: Array<{ sigId: string; issueNumber: number }> }
  smartAip: { totalReturn: string }
  ownFunds: { groups: Array<{ parts: Array<{ fund: Fund }> }> }
  modelFunds: { groups: Array<{ parts: Array<{ fund: Fund }> }> }
}
let plan: PlanFacts
const funds = (c: PlanFacts['ownFunds']) => c.groups.flatMap((g) => g.parts.map((p) => p.fund))

before(
  async () => {
    await h.start((line) => console.log(`# ${line}`))
    const { portfolio } = await gql<{ portfolio: PlanFacts }>(
      `query($c: String!) { portfolio(poCode: $c) {
        poName philosophy modelPortfolio { poCode poName }
        own: navHistory(range: "1Y", isModelPo: false) { totalReturn }
        model: navHistory(range: "1Y", isModelPo: true) { totalReturn }
        smartAip: navHistory(range: "1Y") { totalReturn }
        aipAdvices(page: { size: 5 }) { list { sigId issueNumber } }
        ownFunds: composition(categoryType: FundCategory, isModelPo: false) { groups { parts { fund { fundCode fundName } } } }
        modelFunds: composition(categoryType: FundCategory, isModelPo: true) { groups { parts { fund { fundCode fundName } } } }
      } }`,
      { c: PLAN },
    )
    assert.ok(portfolio?.modelPortfolio, `${PLAN} copies a model portfolio in the demo data`)
    assert.notDeepEqual(funds(portfolio.ownFunds), funds(portfolio.modelFunds), 'the plan’s holdings differ from its model’s')
    plan = portfolio
  },
  { timeout: 15 * 60_000 },
)
after(async () => h.stop())

/** The operations (and variables) the tab sends to the GraphQL endpoint, in order. */
function operations(page: Page) {
  const sent: Array<{ name: string; variables: Record<string, unknown> }> = []
  page.on('request', (r) => {
    if (!r.url().includes(GRAPHQL) || r.method() !== 'POST') return
    try {
      const body = JSON.parse(r.postData() ?? '{}') as { operationName?: string; variables?: Record<string, unknown> }
      sent.push({ name: body.operationName ?? '', variables: body.variables ?? {} })
    } catch {
      // Not JSON: not an operation of the app.
    }
  })
  return sent
}

async function withTab(job: (tab: Tab, sent: ReturnType<typeof operations>, quiet: () => Promise<unknown>) => Promise<void>) {
  const context: BrowserContext = await newMobileContext(h.browser!, h.origin, { scheme: 'light' })
  try {
    const page = await context.newPage()
    const tab = { page, log: new ProblemLog(page, h.origin) }
    const traffic = apiTraffic(page)
    await job(tab, operations(page), () => traffic.quiet())
    assert.deepEqual([...tab.log.problems], [], 'problems logged by the tab')
  } finally {
    await context.close()
  }
}

const section = (page: Page, route: string, title: string) =>
  pageOf(page, route).locator('.alfa-section', { has: page.locator('.alfa-section__title', { hasText: title }) })

describe(`an investment plan (${PLAN}) on its own screens`, () => {
  it('the entry: the plan beside its model portfolio, its five latest advices, its smart-AIP series', SLOW, () =>
    withTab(async (tab, sent, quiet) => {
      await open(tab, h.origin, `/alfa/portfolio/${PLAN}`)
      const compare = section(tab.page, 'portfolioEntry', '计划与模型组合')
      await compare.waitFor(WAIT)
      const advices = section(tab.page, 'portfolioEntry', '最新定投建议')
      await advices.waitFor(WAIT)
      const smart = section(tab.page, 'portfolioEntry', '智能定投走势')
      await smart.waitFor(WAIT)
      await quiet()
      assert.match(await text(compare.locator('[data-series="own"]')), new RegExp(`^我的计划近1年${escape(pct(plan.own.totalReturn))}`))
      assert.match(
        await text(compare.locator('[data-series="model"]')),
        new RegExp(`^模型组合 · ${plan.modelPortfolio.poName}近1年${escape(pct(plan.model.totalReturn))}`),
      )
      const rows = advices.locator('.alfa-plan-advice')
      assert.equal(await rows.count(), plan.aipAdvices.list.length)
      for (const [i, a] of plan.aipAdvices.list.entries()) {
        assert.equal(await rows.nth(i).getAttribute('data-sig-id'), a.sigId)
        assert.match(await text(rows.nth(i)), new RegExp(`^第${a.issueNumber}期`))
      }
      assert.match(await text(smart), new RegExp(`近1年收益${escape(pct(plan.smartAip.totalReturn))}`))
      const names = sent.map((s) => s.name)
      for (const op of ['InvestPlan', 'InvestPlanModelPortfolio', 'getLatestAipAdvices', 'SmartAipNavHistory'])
        assert.ok(names.includes(op), `${op} was sent: ${names.join()}`)
      assert.deepEqual(
        sent
          .filter((s) => s.name === 'InvestPlanModelPortfolio')
          .map((s) => s.variables.isModelPo)
          .sort(),
        [false, true],
      )
      assert.ok(!names.includes('PortfolioEntry'), 'an AP code is known to be a plan: no PortfolioEntry')
      await expectScreen(tab, { route: 'portfolioEntry' }, h.origin, `/alfa/portfolio/${PLAN}`)
    }),
  )

  it('基金组成: the plan’s holdings and the model portfolio’s, each the server’s', SLOW, () =>
    withTab(async (tab, sent, quiet) => {
      const url = `/alfa/portfolio/${PLAN}/composition`
      await open(tab, h.origin, url)
      const root = pageOf(tab.page, 'portfolioComposition')
      await root.locator('.alfa-plan-holdings--model .alfa-po-comp__part').first().waitFor(WAIT)
      await quiet()
      const codes = async (kind: string) =>
        root
          .locator(`.alfa-plan-holdings--${kind} .alfa-po-comp__part`)
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-fund-code')))
      assert.deepEqual(
        (await codes('own')).sort(),
        funds(plan.ownFunds)
          .map((f) => f.fundCode)
          .sort(),
      )
      assert.deepEqual(
        (await codes('model')).sort(),
        funds(plan.modelFunds)
          .map((f) => f.fundCode)
          .sort(),
      )
      assert.equal(await text(root.locator('.alfa-plan-holdings--model .alfa-section__title')), `模型组合 · ${plan.modelPortfolio.poName}`)
      assert.deepEqual(
        sent
          .filter((s) => s.name === 'InvestPlanFundComposition')
          .map((s) => s.variables.isModelPo)
          .sort(),
        [false, true],
      )
      assert.ok(sent.some((s) => s.name === 'PoBasicDetail'))
      await expectScreen(tab, { route: 'portfolioComposition', texts: [plan.poName, '我的计划'] }, h.origin, url)
    }),
  )

  it('策略介绍: the plan’s own intro (InvestPlanIntro)', SLOW, () =>
    withTab(async (tab, sent, quiet) => {
      const url = `/alfa/portfolio/${PLAN}/index`
      await open(tab, h.origin, url)
      const root = pageOf(tab.page, 'portfolioIntro')
      await root.locator('.alfa-plan-intro').waitFor(WAIT)
      await quiet()
      assert.match(await text(root), new RegExp(escape(plan.philosophy)))
      assert.deepEqual(
        sent.map((s) => s.name),
        ['InvestPlanIntro'],
      )
      await expectScreen(tab, { route: 'portfolioIntro', texts: ['计划介绍', '投资理念'] }, h.origin, url)
    }),
  )

  it('a shared link to a long-win plan asks PortfolioEntry, then only the long-win branch', SLOW, () =>
    withTab(async (tab, sent, quiet) => {
      const { portfolio } = await gql<{ portfolio: { poName: string } }>('{ portfolio(poCode: "LW000002") { poName } }')
      await open(tab, h.origin, '/alfa/portfolio/LW000002')
      const root = pageOf(tab.page, 'portfolioEntry')
      await until(
        'the long-win plan’s name',
        async () => (await text(root.locator('.alfa-po-head__name')).catch(() => '')) === portfolio.poName,
      )
      await section(tab.page, 'portfolioEntry', '长赢实盘').waitFor(WAIT)
      await quiet()
      const names = sent.map((s) => s.name)
      assert.deepEqual(names.slice(0, 2), ['PortfolioEntry', 'Longwin'])
      assert.ok(!names.includes('Portfolio'), `no ask in the ordinary branch: ${names.join()}`)
      assert.ok(names.includes('RealFundHistory'))
    }),
  )
})

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
