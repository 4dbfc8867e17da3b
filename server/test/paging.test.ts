import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { apiHeaders, gql, login, useTestApp } from './helpers'

/**
 * Every paged list, GraphQL and REST, walked to its end by its cursors (issue #19): each page but
 * the last says hasMore with a cursor, the last says hasMore: false with no cursor, also when it
 * is exactly full, and the pages hold each item once, totalCount in all.
 */

interface Page {
  totalCount: number
  pageInfo: { cursor: string | null; hasMore: boolean }
  list: unknown[]
}

interface PagedList {
  name: string
  /** One page of the list for a page argument. */
  fetch: (page: { size: number; cursor?: string | null }) => Promise<Page>
  /** What tells two items apart. */
  key: (item: AnswerData) => string
}

/** A GraphQL answer's data as the suites read it (by path). */
type AnswerData = Awaited<ReturnType<typeof gql>>['body']['data']

/** The pages of a list at one page size, following the cursors. */
async function walk(list: PagedList, size: number): Promise<Page[]> {
  const pages: Page[] = []
  let cursor: string | null = null
  do {
    const page = await list.fetch({ size, cursor })
    pages.push(page)
    assert.ok(pages.length <= 60, `${list.name}: more than 60 pages of ${size}`)
    if (page.pageInfo.hasMore) assert.ok(page.pageInfo.cursor, `${list.name}: hasMore without a cursor`)
    cursor = page.pageInfo.hasMore ? page.pageInfo.cursor : null
  } while (cursor)
  return pages
}

/** Checks a walk: full pages then the rest, hasMore on all but the last, each item once. */
function checkWalk(list: PagedList, size: number, pages: Page[], total: number) {
  const label = `${list.name} (size ${size}, ${total} items)`
  assert.equal(pages.length, Math.max(1, Math.ceil(total / size)), `${label}: pages`)
  pages.forEach((p, i) => {
    const last = i === pages.length - 1
    assert.equal(p.totalCount, total, `${label}: totalCount on page ${i + 1}`)
    assert.equal(p.list.length, last ? total - size * i : size, `${label}: items on page ${i + 1}`)
    assert.deepEqual(
      p.pageInfo,
      last ? { hasMore: false, cursor: null } : { hasMore: true, cursor: p.pageInfo.cursor },
      `${label}: page ${i + 1}`,
    )
  })
  const keys = pages.flatMap((p) => p.list.map(list.key))
  assert.equal(new Set(keys).size, total, `${label}: distinct items`)
}

/** Page sizes that end a walk on an exactly full page and on a part page, within a few dozen requests. */
function sizesFor(total: number): number[] {
  if (total <= 100) return total > 1 ? [total, total - 1] : [1]
  const exact = Array.from({ length: 100 }, (_, i) => 100 - i).find((s) => total % s === 0 && total / s <= 40)
  const part = Array.from({ length: 100 }, (_, i) => 100 - i).find((s) => total % s !== 0 && total / s <= 40)
  return [exact, part].filter((s): s is number => s !== undefined)
}

describe('paged lists end with hasMore: false', () => {
  const app = useTestApp()
  const lists: PagedList[] = []
  let token: string
  const ids = { youngFund: '', column: '', course: '' }

  /** A GraphQL list: the query takes $page, `at` finds the connection in the answer. */
  const graphqlList = (
    name: string,
    query: () => string,
    at: (data: AnswerData) => Page,
    key: (item: AnswerData) => string,
    auth = false,
  ): PagedList => ({
    name,
    key,
    fetch: async (page) => {
      const { body } = await gql(app.t, query(), { page }, auth ? { authorization: `Bearer ${token}` } : {})
      assert.equal(body.errors, undefined, `${name}: ${JSON.stringify(body.errors)}`)
      return at(body.data)
    },
  })

  const pageInfo = 'totalCount pageInfo { cursor hasMore }'
  lists.push(
    graphqlList(
      'portfolios',
      () => `query ($page: PageInput) { portfolios(page: $page) { ${pageInfo} list { poCode } } }`,
      (d) => d.portfolios,
      (x) => x.poCode,
    ),
    graphqlList(
      'Portfolio.adjustments',
      () => `query ($page: PageInput) { portfolio(poCode: "LW000001") { adjustments(page: $page) { ${pageInfo} list { adjustmentId } } } }`,
      (d) => d.portfolio.adjustments,
      (x) => x.adjustmentId,
    ),
    graphqlList(
      'Portfolio.dailyNavs',
      () =>
        `query ($page: PageInput) { portfolio(poCode: "LW000002") { dailyNavs(range: "3M", page: $page) { ${pageInfo} list { date } } } }`,
      (d) => d.portfolio.dailyNavs,
      (x) => x.date,
    ),
    graphqlList(
      'Portfolio.signals',
      () => `query ($page: PageInput) { portfolio(poCode: "ZH015676") { signals(page: $page) { ${pageInfo} list { sigId } } } }`,
      (d) => d.portfolio.signals,
      (x) => x.sigId,
    ),
    graphqlList(
      'Portfolio.aipAdvices',
      () => `query ($page: PageInput) { portfolio(poCode: "ZH015676") { aipAdvices(page: $page) { ${pageInfo} list { sigId } } } }`,
      (d) => d.portfolio.aipAdvices,
      (x) => x.sigId,
    ),
    graphqlList(
      'Portfolio.timelinePosts',
      () => `query ($page: PageInput) { portfolio(poCode: "ZH015676") { timelinePosts(page: $page) { ${pageInfo} list { postId } } } }`,
      (d) => d.portfolio.timelinePosts,
      (x) => x.postId,
    ),
    graphqlList(
      'advisorContent',
      () => `query ($page: PageInput) { advisorContent(page: $page) { ${pageInfo} list { postId } } }`,
      (d) => d.advisorContent,
      (x) => x.postId,
    ),
    graphqlList(
      'funds',
      () => `query ($page: PageInput) { funds(page: $page) { ${pageInfo} list { fundCode } } }`,
      (d) => d.funds,
      (x) => x.fundCode,
    ),
    graphqlList(
      'Fund.navRows',
      () => `query ($page: PageInput) { fund(fundCode: "${ids.youngFund}") { navRows(page: $page) { ${pageInfo} list { date } } } }`,
      (d) => d.fund.navRows,
      (x) => x.date,
    ),
    graphqlList(
      'Column.articles',
      () => `query ($page: PageInput) { column(columnId: "${ids.column}") { articles(page: $page) { ${pageInfo} list { articleId } } } }`,
      (d) => d.column.articles,
      (x) => x.articleId,
      true,
    ),
    graphqlList(
      'Course.lessons',
      () => `query ($page: PageInput) { course(courseId: "${ids.course}") { lessons(page: $page) { ${pageInfo} list { lessonId } } } }`,
      (d) => d.course.lessons,
      (x) => x.lessonId,
    ),
    graphqlList(
      'courses',
      () => `query ($page: PageInput) { courses(page: $page) { ${pageInfo} list { courseId } } }`,
      (d) => d.courses,
      (x) => x.courseId,
    ),
    graphqlList(
      'LiveStream.comments',
      () => `query ($page: PageInput) { liveStream(liveId: "LIVE003") { comments(page: $page) { ${pageInfo} list { commentId } } } }`,
      (d) => d.liveStream.comments,
      (x) => x.commentId,
    ),
    graphqlList(
      'managers',
      () => `query ($page: PageInput) { managers(page: $page) { ${pageInfo} list { managerId } } }`,
      (d) => d.managers,
      (x) => x.managerId,
    ),
    graphqlList(
      'managerList',
      () => `query ($page: PageInput) { managerList(page: $page) { ${pageInfo} list { managerId } } }`,
      (d) => d.managerList,
      (x) => x.managerId,
    ),
    graphqlList(
      'fundFilter',
      () =>
        `query ($page: PageInput) { fundFilter(conditions: { categoryCodes: ["BOND"] }, page: $page) { ${pageInfo} list { fund { fundCode } } } }`,
      (d) => d.fundFilter,
      (x) => x.fund.fundCode,
    ),
    graphqlList(
      'fundRanking',
      () => `query ($page: PageInput) { fundRanking(categoryCode: "INDEX", page: $page) { ${pageInfo} list { fund { fundCode } } } }`,
      (d) => d.fundRanking,
      (x) => x.fund.fundCode,
    ),
    graphqlList(
      'User.followedPortfolios',
      () => `query ($page: PageInput) { me { followedPortfolios(page: $page) { ${pageInfo} list { portfolio { poCode } } } } }`,
      (d) => d.me.followedPortfolios,
      (x) => x.portfolio.poCode,
      true,
    ),
    graphqlList(
      'myMessages',
      () => `query ($page: PageInput) { myMessages(page: $page) { ${pageInfo} list { id } } }`,
      (d) => d.myMessages,
      (x) => x.id,
      true,
    ),
    {
      name: 'REST GET /live/{liveId}/comments',
      key: (x) => x.commentId,
      fetch: async ({ size, cursor }) => {
        const qs = new URLSearchParams({ size: String(size), ...(cursor ? { cursor } : {}) })
        const res = await app.t.app.inject({ method: 'GET', url: `/alfa/v1/live/LIVE003/comments?${qs}`, headers: apiHeaders() })
        assert.equal(res.statusCode, 200, res.body)
        return res.json().data
      },
    },
  )

  before(async () => {
    token = await login(app.t)
    const one = async (sql: string) => Object.values((await app.database.query<Record<string, string>>(sql))[0])[0]
    // A fund with a short history, so its NAV rows take a handful of pages.
    ids.youngFund = await one(
      `select fund_code from fund_navs group by fund_code having count(*) between 150 and 400 order by count(*), fund_code limit 1`,
    )
    ids.column = await one(`select column_id from articles where column_id is not null group by column_id order by count(*) desc limit 1`)
    ids.course = await one(`select course_id from lessons group by course_id order by count(*) desc limit 1`)
    // Messages to page through in 消息: five NAV alerts of five days (issue #25).
    const me = await gql(app.t, '{ me { userId } }', {}, { authorization: `Bearer ${token}` })
    const userId = String(me.body.data.me.userId)
    for (const day of ['2026-09-24', '2026-09-25', '2026-09-28', '2026-09-29', '2026-09-30'])
      await app.database.query(
        `insert into user_messages (user_id, kind, fund_code, nav_date, title, body) values ($1, 'NAV_ALERT', '000001', $2::date, '净值提醒', $2::text)`,
        [userId, day],
      )
    // Strategies to page through in 我的关注: the user follows five.
    for (const poCode of ['ZH015676', 'ZH015677', 'LW000001', 'LW000002', 'AP000001']) {
      const { body } = await gql(
        app.t,
        'mutation ($poCode: String!) { toggleFollow(poCode: $poCode, state: true) { hasFollowed } }',
        { poCode },
        { authorization: `Bearer ${token}` },
      )
      assert.equal(body.data?.toggleFollow.hasFollowed, true, JSON.stringify(body))
    }
    // Comments to page through: LIVE003 gets seven of ours.
    for (let i = 0; i < 7; i++) {
      const res = await app.t.app.inject({
        method: 'POST',
        url: '/alfa/v1/live/LIVE003/comments',
        headers: apiHeaders({ authorization: `Bearer ${token}` }),
        payload: { content: `第${i + 1}条` },
      })
      assert.equal(res.statusCode, 200, res.body)
    }
  })

  it('covers every paged GraphQL field of the schema', async () => {
    // Fields taking a `page` argument, from introspection: a new one must be added above.
    const { body } = await gql(app.t, '{ __schema { types { name fields { name args { name } } } } }')
    const paged = body.data.__schema.types
      .flatMap((t: { name: string; fields: Array<{ name: string; args: Array<{ name: string }> }> | null }) =>
        (t.fields ?? []).filter((f) => f.args.some((a) => a.name === 'page')).map((f) => `${t.name}.${f.name}`),
      )
      .sort()
    const covered = lists.map((l) => l.name).map((n) => (n.includes('.') ? n : `Query.${n}`))
    assert.deepEqual(
      paged.filter((f: string) => !covered.includes(f)),
      [],
    )
  })

  for (const list of lists) {
    it(`${list.name}, walked at an exactly filling page size and at one that leaves a part page`, async () => {
      const total = (await list.fetch({ size: 1 })).totalCount
      assert.ok(total >= 3, `${list.name} has ${total} items: too few to page`)
      for (const size of sizesFor(total)) checkWalk(list, size, await walk(list, size), total)
    })
  }
})
