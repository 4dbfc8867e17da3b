import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { gql, login, useTestApp } from './helpers'

/**
 * 我的关注 (issue #21): me.followedPortfolios lists the caller's own follows, newest first, paged,
 * with each strategy's latest day's and since-set-up returns and its followers; on the brand the
 * request comes from; a second user's follows never appear, and an anonymous caller is asked to log in.
 */

const FOLLOWED = `query Followed($page: PageInput) {
  me {
    followedPortfolios(page: $page) {
      totalCount
      pageInfo { cursor hasMore }
      list { followedAt navDate dailyReturn totalReturn portfolio { poCode poName seriesType isCustomPlan followersCount } }
    }
  }
}`
const TOGGLE =
  'mutation($poCode: String!, $state: Boolean!) { toggleFollow(poCode: $poCode, state: $state) { hasFollowed followersCount } }'

interface Followed {
  totalCount: number
  pageInfo: { cursor: string | null; hasMore: boolean }
  list: Array<{
    followedAt: string
    navDate: string | null
    dailyReturn: string | null
    totalReturn: string | null
    portfolio: { poCode: string; poName: string; followersCount: number }
  }>
}

describe('me.followedPortfolios (我的关注)', () => {
  const app = useTestApp()
  const auth: Record<'a' | 'b', Record<string, string>> = { a: {}, b: {} }
  const ids: Record<'a' | 'b', string> = { a: '', b: '' }

  before(async () => {
    for (const who of ['a', 'b'] as const) {
      const token = await login(app.t)
      auth[who] = { authorization: `Bearer ${token}` }
      ids[who] = (await gql(app.t, 'query { me { userId } }', {}, auth[who])).body.data.me.userId
    }
  })

  const followed = async (who: 'a' | 'b', page?: { size?: number; cursor?: string | null }, broker = '0008') => {
    const headers = { ...auth[who], 'x-broker': broker }
    const { body } = await gql(app.t, FOLLOWED, page ? { page } : {}, headers)
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    return body.data.me.followedPortfolios as Followed
  }
  const codes = async (who: 'a' | 'b') => (await followed(who)).list.map((f) => f.portfolio.poCode)
  const toggle = async (who: 'a' | 'b', poCode: string, state: boolean) => {
    const { body } = await gql(app.t, TOGGLE, { poCode, state }, auth[who])
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
  }
  /** Makes the follows' order certain: the later in `order`, the newer. */
  const followedInOrder = async (who: 'a' | 'b', order: string[]) => {
    for (const [i, poCode] of order.entries())
      await app.database.query(
        `update follows set created_at = timestamptz '2026-01-01 09:00:00+08' + ($3::int * interval '1 minute') where user_id = $1 and po_code = $2`,
        [ids[who], poCode, i],
      )
  }

  it('an anonymous caller is asked to log in (UNAUTHENTICATED), nothing is listed', async () => {
    const { body } = await gql(app.t, FOLLOWED)
    assert.equal(body.data, null)
    assert.equal(body.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED')
  })

  it('a new user follows nothing: an empty first page', async () => {
    assert.deepEqual(await followed('a'), { totalCount: 0, pageInfo: { cursor: null, hasMore: false }, list: [] })
  })

  it("each user sees only their own follows, newest first; one user's unfollow leaves the other's list alone", async () => {
    await toggle('a', 'ZH015676', true)
    await toggle('a', 'LW000001', true)
    await toggle('b', 'ZH015676', true)
    await toggle('b', 'ZH015677', true)
    await followedInOrder('a', ['ZH015676', 'LW000001'])
    await followedInOrder('b', ['ZH015677', 'ZH015676'])
    assert.deepEqual(await codes('a'), ['LW000001', 'ZH015676'])
    assert.deepEqual(await codes('b'), ['ZH015676', 'ZH015677'])

    await toggle('a', 'ZH015676', false)
    assert.deepEqual(await codes('a'), ['LW000001'])
    assert.deepEqual(await codes('b'), ['ZH015676', 'ZH015677'])
    await toggle('b', 'LW000001', false)
    assert.deepEqual(await codes('a'), ['LW000001'])
  })

  it("each row's figures: the latest NAV day's return, the return since set-up, the followers as the strategy page counts them", async () => {
    const { list } = await followed('b')
    assert.equal(list.length, 2)
    for (const row of list) {
      const navs = await app.database.query<{ nav_date: string; nav: string }>(
        'select nav_date::text, nav::text from portfolio_navs where po_code = $1 order by nav_date',
        [row.portfolio.poCode],
      )
      assert.ok(navs.length > 2, `${row.portfolio.poCode} has NAVs`)
      const [first, previous, latest] = [navs[0], navs[navs.length - 2], navs[navs.length - 1]]
      assert.equal(row.navDate, latest.nav_date)
      // Six places of the exact ratio; the NAVs have four, so the float quotient is close enough to round the same.
      assert.equal(Number(row.dailyReturn), Number((Number(latest.nav) / Number(previous.nav) - 1).toFixed(6)), 'dailyReturn')
      assert.equal(Number(row.totalReturn), Number((Number(latest.nav) / Number(first.nav) - 1).toFixed(6)), 'totalReturn')
      const { body } = await gql(app.t, 'query($poCode: String!) { portfolio(poCode: $poCode) { followersCount } }', {
        poCode: row.portfolio.poCode,
      })
      assert.equal(row.portfolio.followersCount, body.data.portfolio.followersCount)
      assert.ok(row.portfolio.poName)
      assert.ok(!Number.isNaN(Date.parse(row.followedAt)))
    }
  })

  it('paged by cursor: every follow once, the last page says hasMore: false', async () => {
    const all = ['ZH015677', 'LW000002', 'AP000001', 'ZH015676']
    for (const poCode of all) await toggle('a', poCode, true)
    await followedInOrder('a', ['LW000001', ...all])
    const seen: string[] = []
    let cursor: string | null = null
    const sizes: number[] = []
    do {
      const page: Followed = await followed('a', { size: 2, cursor })
      assert.equal(page.totalCount, 5)
      sizes.push(page.list.length)
      seen.push(...page.list.map((f) => f.portfolio.poCode))
      cursor = page.pageInfo.hasMore ? page.pageInfo.cursor : null
      if (!page.pageInfo.hasMore) assert.equal(page.pageInfo.cursor, null)
    } while (cursor)
    assert.deepEqual(sizes, [2, 2, 1])
    assert.deepEqual(seen, [...all].reverse().concat('LW000001'))
  })

  it('on the diagnosis brand (0009) only the follows that brand may show are listed (no AP plan, no main-brand strategy)', async () => {
    const main = (await followed('a')).list.map((f) => f.portfolio.poCode)
    assert.ok(main.includes('AP000001'))
    const visible: string[] = []
    for (const poCode of main) {
      const { body } = await gql(
        app.t,
        'query($poCode: String!) { portfolio(poCode: $poCode) { poCode } }',
        { poCode },
        { 'x-broker': '0009' },
      )
      if (body.data.portfolio) visible.push(poCode)
    }
    assert.ok(visible.length > 0 && visible.length < main.length, `some but not all of ${main.join(', ')} are on 0009`)
    const diagnosis = await followed('a', undefined, '0009')
    assert.deepEqual(
      diagnosis.list.map((f) => f.portfolio.poCode),
      visible,
    )
    assert.equal(diagnosis.totalCount, visible.length)
  })

  it('a page size out of range is refused as bad input', async () => {
    for (const size of [0, 101]) {
      const { body } = await gql(app.t, FOLLOWED, { page: { size } }, auth.a)
      assert.equal(body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(body))
    }
  })
})
