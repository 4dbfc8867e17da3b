/**
 * Investment plans and the spec operations they use (issue #23): each operation answers for an AP
 * plan, and each variable the spec names changes the answer as server/README.md says
 * (isModelPo, investPlanCode, scene, isLongWin); wrong codes are null, bad variables BAD_USER_INPUT
 * in Chinese.
 *
 *   node --import tsx --test --test-concurrency=1 --test-force-exit server/test/plan.test.ts
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { gql, operation, useTestApp } from './helpers'

const PLAN = 'AP000001'
const MODEL = 'ZH015676'

type Composition = { groups: Array<{ parts: Array<{ fund: { fundCode: string }; percent: string }> }> }
const funds = (c: Composition) =>
  c.groups
    .flatMap((g) => g.parts.map((p) => `${p.fund.fundCode}:${p.percent}`))
    .sort()
    .join(',')

describe('investment plans: the spec operations and what their variables mean', () => {
  const s = useTestApp()
  const ask = async (name: string, variables: Record<string, unknown>, broker = '0008') => {
    const { body, status } = await gql(s.t, operation(name), variables, { 'x-broker': broker })
    return { body, status }
  }
  const ok = async (name: string, variables: Record<string, unknown>, broker = '0008') => {
    const { body } = await ask(name, variables, broker)
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    return body.data
  }

  it('the demo plans each copy a model portfolio, and the model differs from the copy', async () => {
    const rows = await s.database.db.selectFrom('portfolios').select(['po_code', 'model_po_code']).where('po_code', 'like', 'AP%').execute()
    assert.equal(rows.length, 3)
    for (const r of rows) {
      assert.ok(r.model_po_code, r.po_code)
      const own = await ok('InvestPlanFundComposition', { poCode: r.po_code, isModelPo: false })
      const model = await ok('InvestPlanFundComposition', { poCode: r.po_code, isModelPo: true })
      assert.notEqual(funds(own.portfolio.composition), funds(model.portfolio.composition), r.po_code)
    }
  })

  it('InvestPlanFundComposition: isModelPo true is the model portfolio’s composition and adjustment chart, false the plan’s own', async () => {
    const own = (await ok('InvestPlanFundComposition', { poCode: PLAN, isModelPo: false })).portfolio
    const model = (await ok('InvestPlanFundComposition', { poCode: PLAN, isModelPo: true })).portfolio
    const modelItself = (await ok('InvestPlanFundComposition', { poCode: MODEL, isModelPo: false })).portfolio
    const absent = (await ok('InvestPlanFundComposition', { poCode: PLAN })).portfolio
    assert.equal(own.isModelPo, false)
    assert.deepEqual(own.modelPortfolio, { poCode: MODEL, poName: '全球多元配置' })
    assert.equal(funds(model.composition), funds(modelItself.composition))
    assert.equal(funds(absent.composition), funds(own.composition), 'absent means the plan’s own copy')
    assert.notDeepEqual(
      model.adjustmentChart.map((a: { adjustmentId: string }) => a.adjustmentId),
      own.adjustmentChart.map((a: { adjustmentId: string }) => a.adjustmentId),
    )
    assert.deepEqual(model.adjustmentChart, modelItself.adjustmentChart)
  })

  it('a model portfolio answers its own records whatever isModelPo says', async () => {
    const a = (await ok('InvestPlanFundComposition', { poCode: MODEL, isModelPo: true })).portfolio
    const b = (await ok('InvestPlanFundComposition', { poCode: MODEL, isModelPo: false })).portfolio
    assert.equal(funds(a.composition), funds(b.composition))
    assert.equal(a.modelPortfolio, null)
  })

  it('InvestPlanModelPortfolio and Adjustment: isModelPo switches the composition, the NAV figures and the adjustments', async () => {
    const own = (await ok('InvestPlanModelPortfolio', { poCode: PLAN, isModelPo: false })).portfolio
    const model = (await ok('InvestPlanModelPortfolio', { poCode: PLAN, isModelPo: true })).portfolio
    assert.notEqual(funds(own.composition), funds(model.composition))
    assert.notEqual(own.navHistory.totalReturn, model.navHistory.totalReturn)
    const vars = { poCode: PLAN, page: { size: 50 }, needPreference: false, needCategoryDict: false }
    const ownAdj = (await ok('Adjustment', { ...vars, isModelPo: false })).portfolio.adjustments
    const modelAdj = (await ok('Adjustment', { ...vars, isModelPo: true })).portfolio.adjustments
    const modelsOwn = (await ok('Adjustment', { ...vars, poCode: MODEL })).portfolio.adjustments
    assert.deepEqual(modelAdj, modelsOwn)
    assert.notDeepEqual(ownAdj, modelAdj)
  })

  it('NavHistory / SmartAipNavHistory: isModelPo draws the model’s NAV', async () => {
    const base = { poCode: PLAN, hasExpeData: false, hasAdjustment: false, hasComparingIndex: false, all: true }
    const own = (await ok('SmartAipNavHistory', { ...base, isModelPo: false })).portfolio
    const model = (await ok('SmartAipNavHistory', { ...base, isModelPo: true })).portfolio
    const modelItself = (await ok('NavHistory', { ...base, poCode: MODEL })).portfolio
    assert.equal(own.isSupportSmartAip, true)
    assert.ok(own.navHistory.series.length > 100)
    assert.deepEqual(model.navHistory.series, modelItself.navHistory.series)
    assert.notDeepEqual(own.navHistory.series, model.navHistory.series)
  })

  it('InvestPlanNavHistory: investPlanCode draws that plan’s NAV on its model’s page; a code that does not copy it is refused', async () => {
    const base = { hasExpeData: false, hasAdjustment: false, hasComparingIndex: false, all: true }
    const modelPage = (await ok('InvestPlanNavHistory', { ...base, poCode: MODEL })).portfolio.navHistory.series
    const planOnModel = (await ok('InvestPlanNavHistory', { ...base, poCode: MODEL, investPlanCode: PLAN })).portfolio.navHistory.series
    const planPage = (await ok('InvestPlanNavHistory', { ...base, poCode: PLAN })).portfolio.navHistory.series
    assert.deepEqual(planOnModel, planPage)
    assert.notDeepEqual(planOnModel, modelPage)
    const other = await ask('InvestPlanNavHistory', { ...base, poCode: MODEL, investPlanCode: 'AP000002' })
    assert.equal(other.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.equal(other.body.errors?.[0].message, '投资计划 AP000002 不是按 ZH015676 配置的')
    const unknown = await ask('InvestPlanNavHistory', { ...base, poCode: MODEL, investPlanCode: 'AP999999' })
    assert.equal(unknown.body.errors?.[0].message, '投资计划 AP999999 不存在')
    // The diagnosis brand does not see AP plans, so it cannot draw one by its code either.
    const hidden = await ask('InvestPlanNavHistory', { ...base, poCode: MODEL, investPlanCode: PLAN }, '0009')
    assert.equal(hidden.body.errors?.[0].message, '投资计划 AP000001 不存在')
  })

  it('tradeRule(scene): aip reads buying by the AIP rule, redeem the redemption’s dates; another scene is refused in Chinese', async () => {
    const rule = async (poCode: string, scene: string | null) => (await ok('PoTradeRule', { poCode, scene })).portfolio.tradeRule
    // LW000002 (长赢S) can be bought but not invested in regularly.
    const buy = await rule('LW000002', 'buy')
    const aip = await rule('LW000002', 'aip')
    assert.equal(buy.buying.canBuy, true)
    assert.equal(aip.buying.canBuy, false)
    assert.equal(aip.buying.canNotBuyReason, '长赢S计划暂不支持定投')
    assert.equal(aip.buying.explainText, '定投规则说明')
    assert.deepEqual(aip.other.tradeModes, [])
    assert.deepEqual((await rule(PLAN, 'aip')).other.tradeModes, ['AIP'])
    assert.deepEqual(await rule(PLAN, null), await rule(PLAN, 'buy'))
    const redeem = await rule(PLAN, 'redeem')
    const plain = await rule(PLAN, 'buy')
    assert.equal(redeem.dates.currentTxnDate, plain.dates.currentTxnDate)
    assert.ok(
      redeem.dates.incomeVisibleDate > plain.dates.incomeVisibleDate,
      'a redemption’s money arrives after a purchase’s income shows',
    )
    assert.deepEqual(redeem.other.tradeModes, ['REDEEM'])
    const bad = await ask('PoTradeRule', { poCode: PLAN, scene: 'sell' })
    assert.equal(bad.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.equal(bad.body.errors?.[0].message, '交易场景只能是 buy（买入）、aip（定投）或 redeem（卖出）')
  })

  it('PinnedCommunityPosts(isLongWin): true is the long-win community’s pinned posts, false the strategy’s own', async () => {
    const own = (await ok('PinnedCommunityPosts', { poCode: MODEL, isLongWin: false })).portfolio.pinnedPosts
    const longWin = (await ok('PinnedCommunityPosts', { poCode: MODEL, isLongWin: true })).portfolio.pinnedPosts
    assert.ok(own.length > 0 && own.every((p: { postId: string }) => p.postId.startsWith(`P-${MODEL}-`)))
    assert.ok(longWin.length > 0 && longWin.every((p: { postId: string }) => p.postId.startsWith('P-LW')))
    const ids = (list: Array<{ postId: string }>) => new Set(list.map((p) => p.postId.split('-')[1]))
    // LW000001 and LW000002 are main-brand plans: the diagnosis brand's community has only the shared ones.
    assert.deepEqual([...ids(longWin)].sort(), ['LW000001', 'LW000002', 'LW000003', 'LW000004'])
    const diag = (await ok('PinnedCommunityPosts', { poCode: MODEL, isLongWin: true }, '0009')).portfolio.pinnedPosts
    assert.deepEqual([...ids(diag)].sort(), ['LW000003', 'LW000004'])
  })

  it('InvestPlanIntro, getLatestAipAdvices (5 newest), PortfolioEntry and PoBasicDetail answer for a plan', async () => {
    const intro = (await ok('InvestPlanIntro', { poCode: PLAN })).portfolio
    assert.equal(intro.poName, '我的养老规划')
    assert.ok(intro.philosophy && intro.preference.introImageUrls.length > 0)
    const advices = (await ok('getLatestAipAdvices', { poCode: PLAN })).portfolio.aipAdvices
    assert.equal(advices.list.length, 5)
    assert.ok(advices.totalCount > 5 && advices.pageInfo.hasMore)
    const dates = advices.list.map((a: { buyDate: string }) => a.buyDate)
    assert.deepEqual(dates, [...dates].sort().reverse())
    const entry = (await ok('PortfolioEntry', { poCode: PLAN })).portfolio
    assert.deepEqual(
      { isCustomPlan: entry.isCustomPlan, isModelPo: entry.isModelPo, seriesType: entry.seriesType },
      {
        isCustomPlan: true,
        isModelPo: false,
        seriesType: null,
      },
    )
    const head = (await ok('PoBasicDetail', { poCode: PLAN })).portfolio
    assert.equal(head.poName, '我的养老规划')
    assert.equal(head.isCustomPlan, true)
  })

  it('RealFundHistory: the flagship long-win plan’s 实盘 series over the range', async () => {
    const year = (await ok('RealFundHistory', { range: '1Y' })).realFundHistory
    const all = (await ok('RealFundHistory', { range: 'Max' })).realFundHistory
    assert.ok(year.length > 200 && all.length > year.length)
  })

  it('a wrong or hidden code is null (the not-found state), never an error; isModelPo true on a plan without a model is refused', async () => {
    for (const name of [
      'InvestPlanFundComposition',
      'InvestPlanModelPortfolio',
      'InvestPlanIntro',
      'PortfolioEntry',
      'PoBasicDetail',
      'getLatestAipAdvices',
    ]) {
      const unknown = await ask(name, { poCode: 'AP404404', isModelPo: true })
      assert.equal(unknown.body.errors, undefined, name)
      assert.equal(unknown.body.data.portfolio, null, name)
      const hidden = await ask(name, { poCode: PLAN }, '0009')
      assert.equal(hidden.body.data.portfolio, null, name)
    }
    await s.database.db.updateTable('portfolios').set({ model_po_code: null }).where('po_code', '=', 'AP000003').execute()
    const none = await ask('InvestPlanFundComposition', { poCode: 'AP000003', isModelPo: true })
    assert.equal(none.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.equal(none.body.errors?.[0].message, '投资计划 AP000003 没有模型组合')
    assert.equal((await ok('InvestPlanFundComposition', { poCode: 'AP000003', isModelPo: false })).portfolio.poCode, 'AP000003')
  })
})
