import assert from 'node:assert/strict'
import fs from 'node:fs'
import zlib from 'node:zlib'
import path from 'node:path'
import os from 'node:os'
import http from 'node:http'
import { after, before, describe, it } from 'node:test'
import { SignJWT } from 'jose'
import { WebSocket } from 'ws'
import type { Database } from '../src/db'
import { DEMO_USER } from '../src/demo/seed'
import { encryptBaiduData } from '../src/account/baidu'
import { DEV_BAIDU_SESSION_KEY } from '../src/account/hosts'
import { issueToken } from '../src/account/tokens'
import { wechatSignature } from '../src/share/routes'
import { FUND_TERMINATED_MSG, FUND_TERMINATED_STATUS } from '@alfa/common/fundStatus'
import { createSign } from '@alfa/common/sign'
import { GRAPHQL_ACCEPT } from '@alfa/common/apiPaths'
import { OPERATIONS_DIR, apiHeaders, gql, login, messageText, operation, randomPhone, startApp, type TestApp } from './helpers'

/** The API contract, run against one database engine. */
export function apiSuite(label: string, open: () => Promise<Database>) {
  describe(`API on ${label}`, () => {
    let database: Database
    let t: TestApp
    let token: string
    let demoToken: string
    const ids: Record<string, string> = {}

    before(async () => {
      database = await open()
      t = await startApp(database)
      token = await login(t)
      // The demo user's own token (an SMS login would hit the per-phone rate limit when suites rerun quickly).
      demoToken = (await issueToken(t.config.JWT_SECRET, DEMO_USER.userId)).token
      const one = async (sql: string) => Object.values((await database.query<Record<string, string>>(sql))[0])[0]
      ids.aipSigId = await one(`select sig_id from signals where kind = 'AIP' and po_code = 'ZH015676' order by sig_date desc limit 1`)
      ids.terminated = await one('select fund_code from funds where terminated_date is not null limit 1')
      ids.liveFund = await one(
        `select fund_code from funds where terminated_date is null and offering_stage = 'SETUP' order by fund_code limit 1`,
      )
      ids.managerId = await one('select manager_id from managers order by manager_id limit 1')
    })
    after(async () => {
      await t.app.close()
      await database.close()
    })

    describe('every operation document answers without errors', () => {
      const poVars = { poCode: 'ZH015676' }
      const nav = {
        poCode: 'ZH015676',
        hasExpeData: true,
        hasAdjustment: true,
        all: false,
        range: '1Y',
        comparingIndexCode: '000300',
        hasComparingIndex: true,
        isModelPo: true,
      }
      const demoAuth = () => ({ authorization: `Bearer ${demoToken}` })
      /** A fund in the demo user's watchlist (picked here: the demo data picks none), as alerts and groups need. */
      const pickedFund = async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: apiHeaders(demoAuth()),
          payload: { fundCodes: [ids.liveFund], op: 'add' },
        })
        assert.equal(res.statusCode, 200, res.body)
        return ids.liveFund
      }
      /** A new group of the demo user holding that fund: its id. */
      const newGroup = async (name: string): Promise<string> => {
        const { body } = await gql(t, operation('CreateWatchlistGroup'), { name, fundCodes: [await pickedFund()] }, demoAuth())
        assert.equal(body.errors, undefined, JSON.stringify(body.errors))
        return body.data.createWatchlistGroup.find((g: { name: string }) => g.name === name).groupId
      }
      const aipPlan = { fundCode: '000001', amount: '1000', frequency: 'MONTHLY', day: 8, feeRate: '0.0015', dividendMode: 'REINVEST' }
      const variables: Record<string, () => Record<string, unknown> | Promise<Record<string, unknown>>> = {
        Ad: () => ({ recCodes: ['HOME_BANNER'], displayName: null }),
        Adjustment: () => ({
          poCode: 'LW000001',
          page: { size: 5 },
          needPreference: true,
          needCategoryDict: true,
          isModelPo: true,
          categoryType: 'FundCategory',
        }),
        AdjustmentChart: () => ({ poCode: 'ZH015676', categoryType: 'AssetClassLevel1', isModelPo: true }),
        Article: () => ({ articleId: 'A10000' }),
        allColumns: () => ({}),
        ColumnDetail: () => ({ columnId: 'C100', isRead: true, page: { size: 5 } }),
        Course: () => ({ courseId: 'CO200', page: { size: 3 } }),
        Widget: () => ({ key: 'home_entries' }),
        Fragment: () => ({ key: 'home_notice' }),
        Config: () => ({ key: 'feature_switches' }),
        FundIntroConfig: () => ({ key: 'fund_intro' }),
        KeyValue: () => ({ key: 'enableLive' }),
        PinnedCommunityPosts: () => ({ poCode: 'LW000001', isLongWin: true }),
        DailyNav: () => ({ poCode: 'LW000002', range: '1M', isLongWinS: true }),
        followersInfo: () => ({ poCode: 'ZH015677', is0009: false }),
        longWinfollowersInfo: () => ({ poCode: 'LW000001' }),
        toggleFollow: () => ({ poCode: 'ZH015676', state: true }),
        InvestPlan: () => ({ poCode: 'AP000001', needQueryHolding: false }),
        InvestPlanFundComposition: () => ({ poCode: 'AP000002', isModelPo: false }),
        InvestPlanIntro: () => ({ poCode: 'AP000001' }),
        InvestPlanModelPortfolio: () => ({ poCode: 'AP000003', isModelPo: true }),
        PoInvestorMessage: () => poVars,
        PortfolioLatestSignal: () => ({ poCode: 'LW000001' }),
        Longwin: () => ({ poCode: 'LW000001', needQueryHolding: true }),
        LongWinAcrHistory: () => ({ poCode: 'LW000001', range: '3Y' }),
        LongWinNavHistory: () => ({
          poCode: 'LW000002',
          hasAdjustment: true,
          range: '1Y',
          comparingIndexCode: '000905',
          hasComparingIndex: true,
          indexCode: '000300',
          isSInvested: true,
        }),
        LongWinSignal: () => ({ poCode: 'LW000001' }),
        NavHistory: () => nav,
        SmartAipNavHistory: () => ({ ...nav, range: 'YTD' }),
        InvestPlanNavHistory: () => ({ ...nav, poCode: 'AP000001', investPlanCode: 'AP000001', range: 'Max', all: true }),
        PoBasicDetail: () => ({ poCode: 'ZH015677' }),
        PoFaq: () => poVars,
        LongwinFaq: () => ({ poCode: 'LW000001' }),
        PoFundComposition: () => ({ poCode: 'ZH015677', categoryType: 'FundCategory' }),
        PoTradeRule: () => ({ poCode: 'ZH015676', scene: 'buy' }),
        LongwinTradeRule: () => ({ poCode: 'LW000001', scene: 'buy' }),
        InvestPlanTradeRule: () => ({ poCode: 'AP000001', scene: 'aip' }),
        Portfolio: () => ({ poCode: 'ZH015676', range: '1Y' }),
        PortfolioDeferred: () => ({ poCode: 'ZH015676', range: '1Y' }),
        PortfolioEntry: () => ({ poCode: 'LW000002' }),
        PortfolioInfo: () => poVars,
        PortfolioIntro: () => poVars,
        PoThermometer: () => poVars,
        UserInfo: () => ({}),
        TimelinePosts: () => ({ poCode: 'ZH015676', type: 'ManagerTalk', page: { size: 2 } }),
        getLatestAipAdvices: () => poVars,
        getDisplaySmartAipDisclaimerPopup: () => poVars,
        AipAdvice: () => ({ sigId: ids.aipSigId }),
        AipAdvices: () => ({ poCode: 'ZH015676', page: { size: 3 } }),
        RealFundHistory: () => ({ range: '1Y' }),
        Signals: () => ({ poCode: 'ZH015676', page: { size: 3 } }),
        Fund: () => ({ fundCode: ids.liveFund, range: '3M' }),
        FundManager: () => ({ managerId: ids.managerId }),
        Portfolios: () => ({ page: { size: 5 }, seriesType: null }),
        LiveStream: () => ({ liveId: 'LIVE001', page: { size: 5 } }),
        postLiveComment: () => ({ liveId: 'LIVE002', content: '你好 <script>alert(1)</script>' }),
        SavedFilters: () => ({}),
        saveFilter: () => ({ name: '高收益债基', formValue: { category: ['BOND'], minReturn: '0.05' } }),
        // Issue #25's operations (the app's documents, written here by codegen).
        FundComparison: () => ({ codes: ['000001', '005794', '015449'], range: 'SETUP' }),
        FundComparisonChart: () => ({ codes: ['000001', '005794'], range: '3Y' }),
        AipCalculation: () => ({ input: aipPlan }),
        AipPlanBasis: () => ({ input: { ...aipPlan, frequency: 'WEEKLY', day: 3, dividendMode: 'CASH' } }),
        FigureBasis: () => ({ fundCode: '000001', figure: '1Y' }),
        PortfolioExpectedBasis: () => ({ poCode: 'ZH015676' }),
        PortfolioGroupProfitBasis: () => ({ poCode: 'LW000001', categoryType: 'FundCategory' }),
        NavAlerts: () => ({ fundCode: '000001' }),
        SetNavAlert: async () => ({ fundCode: await pickedFund(), kind: 'FALL', threshold: '3' }),
        RemoveNavAlert: async () => ({ fundCode: await pickedFund(), kind: 'FALL' }),
        UserMessages: () => ({ page: { size: 5 } }),
        MarkMessagesRead: () => ({}),
        WatchlistPicks: () => ({}),
        CreateWatchlistGroup: async () => ({ name: '新建分组', fundCodes: [await pickedFund()] }),
        RenameWatchlistGroup: async () => ({ groupId: await newGroup('改名之前'), name: '改名之后' }),
        DeleteWatchlistGroup: async () => ({ groupId: await newGroup('将被删除') }),
        ReorderWatchlistGroups: async () => {
          await newGroup('排序用')
          const { body } = await gql(t, '{ myWatchlistGroups { groupId } }', {}, demoAuth())
          return { groupIds: body.data.myWatchlistGroups.map((g: { groupId: string }) => g.groupId).reverse() }
        },
        SetFundWatchlistGroups: async () => ({ fundCode: await pickedFund(), groupIds: [await newGroup('放入基金')] }),
        ChangeWatchlistGroupFunds: async () => ({ groupId: await newGroup('增减基金'), add: [], remove: [await pickedFund()] }),
        MergeWatchlist: async () => ({ fundCodes: [await pickedFund()], groups: [{ name: '设备分组', fundCodes: [await pickedFund()] }] }),
      }
      const names = fs
        .readdirSync(OPERATIONS_DIR)
        .filter((f) => f.endsWith('.graphql'))
        .map((f) => f.replace(/\.graphql$/, ''))

      it('has variables for every document in server/operations', () => {
        assert.deepEqual(
          names.filter((n) => !variables[n]),
          [],
        )
      })
      for (const name of names) {
        if (name === 'PortfolioDeferred') continue // multipart, tested below
        it(name, async () => {
          const { status, body } = await gql(t, operation(name), await variables[name](), demoAuth())
          assert.equal(status, 200, JSON.stringify(body))
          assert.equal(body.errors, undefined, JSON.stringify(body.errors))
          const root = Object.values(body.data)[0]
          assert.notEqual(root, null, `${name} answered null`)
        })
      }
    })

    describe('demo data', () => {
      it('is the same on every machine and engine (fixed seed)', async () => {
        const [row] = await database.query<{ navs: number; funds: number; portfolios: number; managers: number; nav: string }>(
          `select (select count(*)::int from fund_navs) as navs, (select count(*)::int from funds) as funds, (select count(*)::int from portfolios) as portfolios,
                  (select count(*)::int from managers) as managers, (select nav from fund_navs where fund_code = '000001' and nav_date = '2026-09-30') as nav`,
        )
        assert.deepEqual(row, { navs: 1045171, funds: 520, portfolios: 30, managers: 100, nav: '0.6632' })
      })
      it('covers every branch: both series types, J7 codes, AP plans, advisor or not, terminated funds, both brands', async () => {
        const [row] = await database.query<Record<string, boolean>>(
          `select exists(select 1 from portfolios where series_type = 'LONG_WIN') as lw, exists(select 1 from portfolios where series_type = 'LONG_WIN_S') as lws,
                  (select count(*) = 2 from portfolios where po_code in ('ZH015676', 'ZH015677')) as j7, exists(select 1 from portfolios where po_code like 'AP%') as ap,
                  exists(select 1 from portfolios where has_advisor) and exists(select 1 from portfolios where not has_advisor) as advisor,
                  exists(select 1 from funds where terminated_date is not null) as terminated, exists(select 1 from portfolios where brand = '0009') as diagnosis,
                  exists(select 1 from signals where kind = 'AIP') as aip, exists(select 1 from signals where kind = 'SIGNAL') as signals`,
        )
        assert.ok(Object.values(row).every(Boolean), JSON.stringify(row))
      })
    })

    describe('portfolio data', () => {
      it('answers amounts and rates as exact decimal strings', async () => {
        const { body } = await gql(t, operation('PoTradeRule'), { poCode: 'ZH015676', scene: null })
        const buying = body.data.portfolio.tradeRule.buying
        assert.match(buying.buyFeeRate, /^\d+\.\d{6}$/)
        assert.match(buying.lowestBuyAmount, /^\d+\.\d{2}$/)
      })
      it('composition group percents add up to exactly 1', async () => {
        const { body } = await gql(t, operation('PoFundComposition'), { poCode: 'ZH015677', categoryType: 'FundCategory' })
        const micro = body.data.portfolio.composition.groups.reduce(
          (s: number, g: { percent: string }) => s + Math.round(Number(g.percent) * 1e6),
          0,
        )
        assert.equal(micro, 1e6)
      })
      it('serves LONG_WIN and LONG_WIN_S plans', async () => {
        const { body } = await gql(
          t,
          '{ a: portfolio(poCode:"LW000001"){ seriesType totalUnit investedUnit } b: portfolio(poCode:"LW000002"){ seriesType } }',
        )
        assert.equal(body.data.a.seriesType, 'LONG_WIN')
        assert.equal(body.data.b.seriesType, 'LONG_WIN_S')
        assert.ok(body.data.a.investedUnit <= body.data.a.totalUnit)
      })
      it('shows AP custom plans only on the main brand', async () => {
        const q = '{ portfolio(poCode:"AP000001"){ poCode isCustomPlan } }'
        assert.equal((await gql(t, q)).body.data.portfolio.isCustomPlan, true)
        const other = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/graphql',
          headers: { ...apiHeaders({}, '0009'), 'content-type': 'application/json' },
          payload: { query: q },
        })
        assert.equal(other.json().data.portfolio, null)
      })
      it('pages adjustments with cursors', async () => {
        const first = (
          await gql(t, operation('Adjustment'), { poCode: 'LW000001', page: { size: 3 }, needPreference: false, needCategoryDict: false })
        ).body.data.portfolio.adjustments
        assert.equal(first.list.length, 3)
        assert.equal(first.pageInfo.hasMore, true)
        const second = (
          await gql(t, operation('Adjustment'), {
            poCode: 'LW000001',
            page: { size: 3, cursor: first.pageInfo.cursor },
            needPreference: false,
            needCategoryDict: false,
          })
        ).body.data.portfolio.adjustments
        assert.notEqual(second.list[0].adjustmentId, first.list[0].adjustmentId)
        assert.equal(second.totalCount, first.totalCount)
      })
      it('getLatestAipAdvices answers five advices', async () => {
        const { body } = await gql(t, operation('getLatestAipAdvices'), { poCode: 'ZH015676' })
        assert.equal(body.data.portfolio.aipAdvices.list.length, 5)
      })
      it('rejects an unknown range with BAD_USER_INPUT', async () => {
        const { body } = await gql(t, operation('LongWinAcrHistory'), { poCode: 'LW000001', range: 'forever' })
        assert.equal(body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
      })
    })

    describe('the graphql-jit fast path answers exactly what Yoga answers', () => {
      for (const [name, vars] of [
        ['Portfolio', { poCode: 'LW000001', range: '3M' }],
        ['UserInfo', {}],
        ['LongWinAcrHistory', { poCode: 'LW000001', range: 'nope' }],
      ] as const) {
        it(name, async () => {
          const fast = (await gql(t, operation(name), vars)).body
          const qs = new URLSearchParams({ query: operation(name), variables: JSON.stringify(vars) })
          const viaYoga = await t.app.inject({
            method: 'GET',
            url: `/alfa/v1/graphql?${qs}`,
            headers: { ...apiHeaders(), accept: 'application/json' },
          })
          // Same data and the same errors (message, path, code); only `locations` may differ.
          const norm = (b: { data?: unknown; errors?: Array<{ message: string; path?: unknown; extensions?: unknown }> }) => ({
            data: b.data,
            errors: b.errors?.map((e) => ({ message: e.message, path: e.path, extensions: e.extensions })),
          })
          assert.deepEqual(norm(fast), norm(viaYoga.json()))
        })
      }
    })

    describe("the app's own Accept header (multipart/mixed first, then JSON)", () => {
      const post = (query: string, variables: Record<string, unknown>, accept: string) =>
        t.app.inject({
          method: 'POST',
          url: '/alfa/v1/graphql',
          headers: { ...apiHeaders(), 'content-type': 'application/json', accept },
          payload: { query, variables },
        })
      it('a document without @defer is answered as one JSON result by the fast path', async () => {
        const res = await post(operation('Portfolio'), { poCode: 'ZH015676', range: '1M' }, GRAPHQL_ACCEPT)
        assert.equal(res.statusCode, 200)
        assert.match(String(res.headers['content-type']), /^application\/json/)
        assert.equal(res.json().data.portfolio.poCode, 'ZH015676')
      })
      it('a document with @defer still gets multipart/mixed', async () => {
        const res = await post(operation('PortfolioDeferred'), { poCode: 'ZH015676', range: '1M' }, GRAPHQL_ACCEPT)
        assert.match(String(res.headers['content-type']), /^multipart\/mixed/)
      })
      it('a client accepting only multipart/mixed gets multipart/mixed', async () => {
        const res = await post(operation('UserInfo'), {}, 'multipart/mixed')
        assert.match(String(res.headers['content-type']), /^multipart\/mixed/)
      })
      it('graphql-response+json when the client names it and not application/json', async () => {
        const res = await post(operation('UserInfo'), {}, 'multipart/mixed, application/graphql-response+json')
        assert.match(String(res.headers['content-type']), /^application\/graphql-response\+json/)
      })
    })

    describe('@defer', () => {
      it('answers multipart/mixed whose parts are JSON', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/graphql',
          headers: { ...apiHeaders(), 'content-type': 'application/json', accept: 'multipart/mixed' },
          payload: { query: operation('PortfolioDeferred'), variables: { poCode: 'ZH015676', range: '1M' } },
        })
        assert.equal(res.statusCode, 200)
        assert.match(String(res.headers['content-type']), /^multipart\/mixed/)
        const parts = res.body
          .split(/\r\n---/)
          .map((p) => p.split('\r\n\r\n')[1])
          .filter((p) => p && p.trim().startsWith('{'))
        const json = parts.map((p) => JSON.parse(p))
        assert.ok(json.length >= 2, res.body.slice(0, 300))
        assert.equal(json[0].data.portfolio.poCode, 'ZH015676')
        assert.equal(json[0].data.portfolio.navHistory, undefined)
        const incremental = json.flatMap((j) => j.incremental ?? [])
        assert.ok(incremental.some((i: { data?: { navHistory?: unknown } }) => i.data?.navHistory))
      })
    })

    describe('operations that need a user answer UNAUTHENTICATED without a valid token', () => {
      const expired = async () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(DEMO_USER.userId)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(new TextEncoder().encode(t.config.JWT_SECRET))
      const forged = async () =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(DEMO_USER.userId)
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('x'.repeat(40)))
      const cases: Array<[string, () => Promise<Record<string, string>>]> = [
        ['missing', async () => ({})],
        ['malformed', async () => ({ authorization: 'Bearer not.a.jwt' })],
        ['forged', async () => ({ authorization: `Bearer ${await forged()}` })],
        ['expired', async () => ({ authorization: `Bearer ${await expired()}` })],
      ]
      for (const [kind, headers] of cases) {
        it(`${kind} token: toggleFollow, UserInfo and holdings`, async () => {
          const h = await headers()
          for (const [name, vars] of [
            ['toggleFollow', { poCode: 'ZH015676', state: true }],
            ['UserInfo', {}],
            ['Longwin', { poCode: 'LW000001', needQueryHolding: true }],
          ] as const) {
            const { body } = await gql(t, operation(name), vars, h)
            assert.equal(body.errors?.[0].extensions?.code, 'UNAUTHENTICATED', `${name}: ${JSON.stringify(body)}`)
          }
        })
        it(`${kind} token: REST user calls answer 401 with msg`, async () => {
          const res = await t.app.inject({ method: 'GET', url: '/alfa/v1/user-fund-picks/list', headers: apiHeaders(await headers()) })
          assert.equal(res.statusCode, 401)
          assert.ok(res.json().msg)
        })
      }
      it('anonymous portfolio pages still work: hasFollowed and hasSigned are false', async () => {
        const { body } = await gql(t, '{ portfolio(poCode:"ZH015676"){ hasFollowed hasSigned } }')
        assert.deepEqual(body.data.portfolio, { hasFollowed: false, hasSigned: false })
      })
      it('the demo user has signed and holds ZH015676', async () => {
        const { body } = await gql(
          t,
          operation('InvestPlan'),
          { poCode: 'ZH015676', needQueryHolding: true },
          { authorization: `Bearer ${demoToken}` },
        )
        assert.equal(body.data.portfolio.hasSigned, true)
        assert.equal(body.data.portfolio.capitalAccountHoldings[0].caId, 'CA0001')
      })
    })

    describe('toggleFollow', () => {
      it('follows and unfollows by a boolean, and answers error for an unknown portfolio', async () => {
        const auth = { authorization: `Bearer ${token}` }
        const on = (await gql(t, operation('toggleFollow'), { poCode: 'ZH015677', state: true }, auth)).body.data.toggleFollow
        assert.equal(on.hasFollowed, true)
        assert.equal((await gql(t, '{ portfolio(poCode:"ZH015677"){ hasFollowed } }', {}, auth)).body.data.portfolio.hasFollowed, true)
        const off = (await gql(t, operation('toggleFollow'), { poCode: 'ZH015677', state: false }, auth)).body.data.toggleFollow
        assert.equal(off.hasFollowed, false)
        assert.equal(off.followersCount, on.followersCount - 1)
        const missing = (await gql(t, operation('toggleFollow'), { poCode: 'ZZ000000', state: true }, auth)).body.data.toggleFollow
        assert.equal(missing.error.code, 'PORTFOLIO_NOT_FOUND')
        assert.ok(missing.error.msg)
      })
    })

    describe('GraphQL abuse limits', () => {
      it('refuses a query that is too deep', async () => {
        const deep =
          '{ portfolio(poCode:"ZH015676"){ manager { funds { manager { funds { manager { funds { manager { funds { manager { funds { manager { funds { fundCode } } } } } } } } } } } } } }'
        const { status, body } = await gql(t, deep)
        assert.equal(status, 400)
        assert.equal(body.data, undefined)
        assert.equal(body.errors?.[0].extensions?.code, 'QUERY_TOO_DEEP')
        assert.match(body.errors[0].message, /查询层级过深/)
      })
      it('refuses too many aliases', async () => {
        const q = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: riskLevelDict { code }`).join(' ')} }`
        const { status, body } = await gql(t, q)
        assert.equal(status, 400)
        assert.equal(body.errors?.[0].extensions?.code, 'TOO_MANY_ALIASES')
      })
      it('refuses a body over the size limit with 413 and msg', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/graphql',
          headers: { ...apiHeaders(), 'content-type': 'application/json' },
          payload: { query: `{ riskLevelDict { code } } # ${'x'.repeat(200_000)}` },
        })
        assert.equal(res.statusCode, 413)
        assert.ok(res.json().msg)
      })
    })

    describe('x-sign and x-broker', () => {
      const call = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/alfa/v1/user-fund-picks/popular', headers })
      it('accepts a fresh signature', async () => assert.equal((await call(apiHeaders())).statusCode, 200))
      it('answers 400 with a message when x-sign is missing, stale or forged', async () => {
        const cases: Array<[string | undefined, string]> = [
          [undefined, 'SIGN_MISSING'],
          [createSign(Date.now() - 10 * 60_000), 'SIGN_EXPIRED'],
          [`${Date.now()}${'A'.repeat(32)}`, 'SIGN_MISMATCH'],
        ]
        for (const [sign, reason] of cases) {
          const res = await call(sign ? { 'x-sign': sign, 'x-broker': '0008' } : { 'x-broker': '0008' })
          assert.equal(res.statusCode, 400)
          assert.equal(res.json().data.reason, reason)
          assert.match(res.json().msg, /^[\u4e00-\u9fa5]/) // a Chinese sentence users can read
        }
      })
      it('answers 400 when x-broker is not 0008 or 0009', async () => {
        const res = await call({ 'x-sign': createSign(), 'x-broker': '1234' })
        assert.equal(res.statusCode, 400)
        assert.match(res.json().msg, /x-broker/)
      })
      it('echoes a well-formed x-request-id, and names requests without one', async () => {
        const res = await call({ ...apiHeaders(), 'x-request-id': 'zeus.ab12cd' })
        assert.equal(res.headers['x-request-id'], 'zeus.ab12cd')
        const bad = await call({ ...apiHeaders(), 'x-request-id': 'bad id\nwith newline' })
        assert.notEqual(bad.headers['x-request-id'], 'bad id\nwith newline')
      })
      it('unknown API paths answer 404 Route not found', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/alfa/v1/no-such-thing', headers: apiHeaders() })
        assert.equal(res.statusCode, 404)
        assert.equal(res.json().msg, 'Route not found')
        // Without the API headers too, and with an H5 build served (its `/*` file route must not
        // make an unknown API path look like a route): unknown before the headers are wrong.
        const h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-'))
        fs.writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><div id="app"></div>')
        const withH5 = await startApp(database, { H5_DIR: h5Dir })
        try {
          const bare = await withH5.app.inject({ method: 'GET', url: '/alfa/v1/no-such-thing' })
          assert.equal(bare.statusCode, 404)
          assert.equal(bare.json().msg, 'Route not found')
          const page = await withH5.app.inject({ method: 'GET', url: '/alfa/portfolio/ZH015676/detail' })
          assert.equal(page.statusCode, 200)
          assert.match(page.body, /id="app"/)
        } finally {
          await withH5.app.close()
          fs.rmSync(h5Dir, { recursive: true, force: true })
        }
      })
      it('serves the H5 build: hashed JS precompressed (br, gzip or plain by accept-encoding) with Vary and a year of cache; pages no-cache', async () => {
        const h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-'))
        const js = `console.log(${JSON.stringify('演示'.repeat(400))})`
        fs.writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><div id="app"></div>')
        fs.mkdirSync(path.join(h5Dir, 'js'))
        const file = path.join(h5Dir, 'js', 'app.0123abcd.js')
        fs.writeFileSync(file, js)
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js))
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(js))
        const withH5 = await startApp(database, { H5_DIR: h5Dir })
        try {
          const get = (encoding?: string) =>
            withH5.app.inject({ method: 'GET', url: '/js/app.0123abcd.js', headers: encoding ? { 'accept-encoding': encoding } : {} })
          const br = await get('gzip, deflate, br')
          assert.equal(br.statusCode, 200)
          assert.equal(br.headers['content-encoding'], 'br')
          assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), js)
          assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable')
          assert.match(String(br.headers.vary), /accept-encoding/i)
          assert.match(String(br.headers['content-type']), /javascript/)
          const gz = await get('gzip')
          assert.equal(gz.headers['content-encoding'], 'gzip')
          assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), js)
          const plain = await get()
          assert.equal(plain.headers['content-encoding'], undefined)
          assert.equal(plain.body, js)
          const page = await withH5.app.inject({ method: 'GET', url: '/alfa/fund/000001', headers: { 'accept-encoding': 'br' } })
          assert.equal(page.statusCode, 200)
          assert.equal(page.headers['cache-control'], 'no-cache')
        } finally {
          await withH5.app.close()
          fs.rmSync(h5Dir, { recursive: true, force: true })
        }
      })
    })

    describe('fund picks', () => {
      it('popular answers 6 funds by default', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/alfa/v1/user-fund-picks/popular', headers: apiHeaders() })
        assert.equal(res.json().data.list.length, 6)
      })
      it('an empty fund list is a 400 with a message', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: apiHeaders({ authorization: `Bearer ${token}` }),
          payload: { fundCodes: [], op: 'add' },
        })
        assert.equal(res.statusCode, 400)
        assert.match(res.json().msg, /fundCodes/)
      })
      it('adds, orders, details and removes picks', async () => {
        const h = apiHeaders({ authorization: `Bearer ${await login(t)}` })
        const codes = (
          await database.query<{ fund_code: string }>(
            `select fund_code from funds where terminated_date is null order by fund_code limit 3`,
          )
        ).map((r) => r.fund_code)
        const add = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: h,
          payload: { fundCodes: codes, op: 'add' },
        })
        assert.equal(add.statusCode, 200)
        const reversed = [...codes].reverse()
        const seq = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/manage-seq',
          headers: h,
          payload: { fundCodes: reversed },
        })
        assert.equal(seq.statusCode, 200)
        const list = await t.app.inject({ method: 'GET', url: '/alfa/v1/user-fund-picks/list', headers: h })
        assert.deepEqual(
          list.json().data.list.map((p: { fundCode: string }) => p.fundCode),
          reversed,
        )
        const detail = await t.app.inject({ method: 'GET', url: '/alfa/v1/user-fund-picks/detail', headers: h })
        assert.equal(detail.json().data.list[0].fundCode, reversed[0])
        assert.match(detail.json().data.list[0].nav, /^\d+\.\d{4}$/)
        const bad = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/manage-seq',
          headers: h,
          payload: { fundCodes: codes.slice(1) },
        })
        assert.equal(bad.statusCode, 400)
        await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: h,
          payload: { fundCodes: [codes[0]], op: 'remove' },
        })
        const after = await t.app.inject({ method: 'GET', url: `/alfa/v1/user-fund-picks/detail?fundCode=${codes[0]}`, headers: h })
        assert.equal(after.json().data.picked, false)
      })
      it('unknown fund codes are a 400', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: apiHeaders({ authorization: `Bearer ${token}` }),
          payload: { fundCodes: ['999999'], op: 'add' },
        })
        assert.equal(res.statusCode, 400)
      })
      it('malformed JSON is a 400 with a message, never a 500', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: { ...apiHeaders({ authorization: `Bearer ${token}` }), 'content-type': 'application/json' },
          payload: '{"fundCodes": [',
        })
        assert.equal(res.statusCode, 400)
        assert.ok(res.json().msg)
      })
    })

    describe('REST calls', () => {
      const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: apiHeaders(extra) })
      it('/fund/info answers the terminated-fund message for a terminated fund', async () => {
        const res = await get(`/alfa/v1/fund/info/${ids.terminated}`)
        assert.equal(res.statusCode, FUND_TERMINATED_STATUS)
        assert.equal(res.json().msg, FUND_TERMINATED_MSG)
      })
      it('/fund/info answers a live fund, 404 for an unknown one and 400 for a bad code', async () => {
        assert.equal((await get(`/alfa/v1/fund/info/${ids.liveFund}`)).json().data.fundCode, ids.liveFund)
        assert.equal((await get('/alfa/v1/fund/info/999999')).statusCode, 404)
        assert.equal((await get('/alfa/v1/fund/info/abc')).statusCode, 400)
      })
      it('/utils/wechat-req signs the url by the JS-SDK algorithm', async () => {
        const url = 'http://localhost:3000/alfa/portfolio/ZH015676?from=share'
        const res = await get(`/alfa/v1/utils/wechat-req?url=${encodeURIComponent(`${url}#top`)}`)
        const d = res.json().data
        assert.equal(d.appId, t.config.WECHAT_APP_ID)
        assert.equal(d.signature, wechatSignature(t.config.WECHAT_JSAPI_TICKET, d.nonceStr, d.timestamp, url))
        assert.equal((await get('/alfa/v1/utils/wechat-req')).statusCode, 400)
      })
      it('/user/info/detail, /asset/detail and /user/ab-test', async () => {
        const auth = { authorization: `Bearer ${demoToken}` }
        assert.equal((await get('/alfa/v1/user/info/detail', auth)).json().data.userId, DEMO_USER.userId)
        const asset = (await get('/alfa/v1/asset/detail', auth)).json().data
        assert.equal(asset.list.length, 2)
        assert.match(asset.totalAsset, /^\d+\.\d{2}$/)
        assert.ok((await get('/alfa/v1/user/ab-test')).json().data.experiments)
      })
      it('/m4 and /m4/hand-picked on the second prefix', async () => {
        assert.ok((await get('/alfa-m/v2/m4')).json().data.portfolios.length > 0)
        assert.ok((await get('/alfa-m/v2/m4/hand-picked')).json().data.list.length > 0)
      })
    })

    describe('accounts', () => {
      it('SMS sends are rate limited', async () => {
        const phone = randomPhone()
        const send = () => t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/send', headers: apiHeaders(), payload: { phone } })
        assert.equal((await send()).statusCode, 200)
        const again = await send()
        assert.equal(again.statusCode, 429)
        assert.ok(again.json().msg)
      })
      it('a wrong SMS code is refused, and attempts are limited', async () => {
        const phone = randomPhone()
        await t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/send', headers: apiHeaders(), payload: { phone } })
        const wrong = t.sms.get(phone) === '000000' ? '111111' : '000000'
        const statuses: number[] = []
        for (let i = 0; i < 6; i++)
          statuses.push(
            (await t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/login', headers: apiHeaders(), payload: { phone, code: wrong } }))
              .statusCode,
          )
        assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429])
        const right = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user/sms/login',
          headers: apiHeaders(),
          payload: { phone, code: t.sms.get(phone) },
        })
        assert.equal(right.statusCode, 429)
      })
      it('tokens carry exp in seconds', async () => {
        const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
        assert.ok(payload.exp > Date.now() / 1000 && payload.exp < Date.now() / 100)
      })
      it('WeChat login accepts the configured test code with QA test logins on', async () => {
        const ok = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user/wechat/login',
          headers: apiHeaders(),
          payload: { code: t.config.WECHAT_TEST_CODE },
        })
        assert.equal(ok.statusCode, 200)
        assert.ok(ok.json().data.token)
        const bad = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user/wechat/login',
          headers: apiHeaders(),
          payload: { code: 'nope' },
        })
        assert.equal(bad.statusCode, 400)
      })
      it('Baidu phone-decode-register: the QA test code stands for its fixed session key; a client key is ignored', async () => {
        const iv = Buffer.from('abcdef0123456789').toString('base64')
        const mobile = randomPhone()
        const post = (payload: Record<string, string>) =>
          t.app.inject({ method: 'POST', url: '/alfa/v1/user/baidu/smartprogram/phone-decode-register', headers: apiHeaders(), payload })
        const encryptedData = encryptBaiduData(JSON.stringify({ mobile }), DEV_BAIDU_SESSION_KEY, iv, t.config.BAIDU_APP_KEY)
        const res = await post({ code: t.config.BAIDU_TEST_CODE, encryptedData, iv })
        assert.equal(res.statusCode, 200, res.body)
        assert.equal(res.json().data.user.phone, `${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
        // The old, forgeable shape: the attacker's own session key, no login code.
        const attackerKey = Buffer.from('0123456789abcdef01234567').toString('base64')
        const forged = encryptBaiduData(JSON.stringify({ mobile }), attackerKey, iv, t.config.BAIDU_APP_KEY)
        const noCode = await post({ encryptedData: forged, iv, sessionKey: attackerKey })
        assert.equal(noCode.statusCode, 400)
        assert.match(noCode.json().msg, /登录凭证/)
        const withCode = await post({ code: t.config.BAIDU_TEST_CODE, encryptedData: forged, iv, sessionKey: attackerKey })
        assert.equal(withCode.statusCode, 400)
        assert.equal(withCode.json().msg, '手机号数据解密失败，请重新授权')
      })
      it('saved filters persist for the user', async () => {
        const auth = { authorization: `Bearer ${token}` }
        await gql(t, operation('saveFilter'), { name: '我的筛选', formValue: { risk: ['Low'] } }, auth)
        const { body } = await gql(t, operation('SavedFilters'), {}, auth)
        assert.ok(body.data.me.savedFilters.some((f: { name: string }) => f.name === '我的筛选'))
      })
    })

    describe('live comments', () => {
      it('a posted comment reaches an SSE viewer in real time, stored exactly as given', async () => {
        const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
        const received = new Promise<string>((resolve, reject) => {
          const url = `${address}/alfa/v1/live/LIVE001/stream?x-sign=${createSign()}&x-broker=0008`
          const req = http.get(url, (res) => {
            assert.equal(res.statusCode, 200)
            let buf = ''
            res.on('data', (chunk) => {
              buf += chunk
              if (buf.includes(': connected')) void post()
              const m = /event: comment\ndata: (.+)\n\n/.exec(buf)
              if (m) {
                req.destroy()
                resolve(m[1])
              }
            })
          })
          req.on('error', reject)
          let posted = false
          const post = async () => {
            if (posted) return
            posted = true
            await gql(
              t,
              operation('postLiveComment'),
              { liveId: 'LIVE001', content: '<img src=x onerror=alert(1)> 加油' },
              { authorization: `Bearer ${token}` },
            )
          }
        })
        const comment = JSON.parse(await received)
        assert.equal(comment.content, '<img src=x onerror=alert(1)> 加油')
        assert.equal(comment.liveId, 'LIVE001')
      })
      it('a posted comment reaches a WebSocket viewer (headers as Taro.connectSocket sends them)', async () => {
        const address = (
          await t.app
            .listen({ port: 0, host: '127.0.0.1' })
            .catch(() => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`)
        ).replace('http', 'ws')
        const ws = new WebSocket(`${address}/alfa/v1/live/LIVE003/ws`, { headers: { 'x-sign': createSign(), 'x-broker': '0009' } })
        const comment = await new Promise<{ content: string }>((resolve, reject) => {
          ws.on('error', reject)
          ws.on('message', (raw) => {
            const m = JSON.parse(messageText(raw))
            if (m.type === 'ready')
              void gql(t, operation('postLiveComment'), { liveId: 'LIVE003', content: 'ws 你好' }, { authorization: `Bearer ${token}` })
            if (m.type === 'comment') resolve(m.comment)
          })
        })
        ws.close()
        assert.equal(comment.content, 'ws 你好')
      })
      it('a WebSocket without a valid x-sign is refused with 400', async () => {
        const address = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
        const status = await new Promise<number>((resolve, reject) => {
          const ws = new WebSocket(`${address}/alfa/v1/live/LIVE001/ws?x-broker=0008`)
          ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
          ws.on('open', () => reject(new Error('opened')))
          ws.on('error', () => {})
        })
        assert.equal(status, 400)
      })
      it('a reconnecting SSE viewer (Last-Event-ID) gets the comments it missed', async () => {
        const address = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
        const auth = { authorization: `Bearer ${token}` }
        const first = (await gql(t, operation('postLiveComment'), { liveId: 'LIVE002', content: '错过的第一条' }, auth)).body.data
          .postLiveComment.comment
        await gql(t, operation('postLiveComment'), { liveId: 'LIVE002', content: '错过的第二条' }, auth)
        const missed = await new Promise<string[]>((resolve, reject) => {
          const req = http.get(
            `${address}/alfa/v1/live/LIVE002/stream?x-sign=${createSign()}&x-broker=0008`,
            { headers: { 'last-event-id': String(Number(first.commentId) - 1) } },
            (res) => {
              let buf = ''
              res.on('data', (chunk) => {
                buf += chunk
                if (buf.includes(': connected')) {
                  req.destroy()
                  resolve([...buf.matchAll(/data: (.+)\n/g)].map((m) => JSON.parse(m[1]).content))
                }
              })
            },
          )
          req.on('error', reject)
        })
        assert.deepEqual(missed, ['错过的第一条', '错过的第二条'])
      })
      it('posting needs a user; empty content is refused', async () => {
        assert.equal(
          (await gql(t, operation('postLiveComment'), { liveId: 'LIVE001', content: 'hi' })).body.errors?.[0].extensions?.code,
          'UNAUTHENTICATED',
        )
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/live/LIVE001/comments',
          headers: apiHeaders({ authorization: `Bearer ${token}` }),
          payload: { content: '   ' },
        })
        assert.equal(res.statusCode, 400)
      })
    })

    describe('tracking', () => {
      it('stores beacon batches (text/plain, no x-sign) and the share-SDK report', async () => {
        const before = (await database.query<{ n: number }>('select count(*)::int as n from tracking_events'))[0].n
        const beacon = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/track',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify([
            { event: 'page_performance', properties: { fcp_time: 812, app_name: 'alfa', $url_path: '/alfa/portfolio/ZH015676' } },
            { event: '$pageview', properties: {} },
          ]),
        })
        assert.equal(beacon.statusCode, 200, beacon.body)
        const share = await t.app.inject({
          method: 'GET',
          url: '/alfa/v1/share-sdk/report?version=1.0&system=ios&client_version=3.2&app_id=wx1&network_type=wifi&init_time=12&verification_time=30&url=https%3A%2F%2Fx',
        })
        assert.equal(share.statusCode, 200)
        const after = (await database.query<{ n: number }>('select count(*)::int as n from tracking_events'))[0].n
        assert.equal(after - before, 3)
        const bad = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/track',
          headers: { 'content-type': 'text/plain' },
          payload: 'not json',
        })
        assert.equal(bad.statusCode, 400)
      })
    })
  })
}
