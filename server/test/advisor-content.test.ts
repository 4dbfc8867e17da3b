/**
 * Advisor content without a strategy (issue 21): every strategy's advisor reports and manager talks
 * that the brand may see, newest first, paged, each with its strategy; and the demo content of the
 * app's own pages (download, 关于我们, wallet configs; an in-app article for every adjustment).
 *
 *   node --import tsx --test --test-concurrency=1 --test-force-exit server/test/advisor-content.test.ts
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { visibleOnBrand } from '../src/portfolio/fields'
import { ADVISOR_CONTENT_TYPES, visibleOnBrandWhere } from '../src/portfolio/advisorContent'
import { SITE_CONFIGS } from '../src/demo/siteContent'
import { gql, useTestApp } from './helpers'

const LIST = `query ($type: ContentType, $page: PageInput) {
  advisorContent(type: $type, page: $page) {
    totalCount
    pageInfo { cursor hasMore }
    list { postId title url type postedDate postedBy coverUrl poCode poName }
  }
}`

interface Post {
  postId: string
  title: string
  url: string | null
  type: string
  postedDate: string
  poCode: string
  poName: string
}

describe('advisor content of every strategy the brand may see', () => {
  const s = useTestApp()
  const ask = (vars: Record<string, unknown>, broker = '0008') => gql(s.t, LIST, vars, { 'x-broker': broker })

  /** Every item of the list, page by page. */
  async function all(broker: string, type?: string): Promise<{ posts: Post[]; total: number }> {
    const posts: Post[] = []
    let cursor: string | null = null
    let total: number
    do {
      const { body } = await ask({ type, page: { size: 50, cursor } }, broker)
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      posts.push(...body.data.advisorContent.list)
      total = body.data.advisorContent.totalCount
      cursor = body.data.advisorContent.pageInfo.cursor
    } while (cursor)
    return { posts, total }
  }

  /** What the database holds for a brand, by the rule of portfolio/fields.ts. */
  async function expected(broker: string, types: readonly string[]) {
    const rows = await s.database.db.selectFrom('portfolios').selectAll().execute()
    const visible = new Set(rows.filter((r) => visibleOnBrand(r, broker)).map((r) => r.po_code))
    const posts = await s.database.db
      .selectFrom('community_posts')
      .select(['post_id', 'po_code', 'content_type', 'kind'])
      .where('kind', '=', 'timeline')
      .execute()
    return posts.filter((p) => p.po_code && visible.has(p.po_code) && types.includes(p.content_type ?? '')).map((p) => p.post_id)
  }

  for (const broker of ['0008', '0009']) {
    it(`${broker}: exactly the visible strategies' reports and talks, newest first, each with its strategy`, async () => {
      const { posts, total } = await all(broker)
      const want = await expected(broker, ADVISOR_CONTENT_TYPES)
      assert.ok(want.length > 20, 'the demo data has advisor content')
      assert.equal(total, want.length)
      assert.deepEqual(posts.map((p) => p.postId).sort(), [...want].sort())
      for (let i = 1; i < posts.length; i++) {
        const [a, b] = [posts[i - 1], posts[i]]
        assert.ok(a.postedDate > b.postedDate || (a.postedDate === b.postedDate && a.postId < b.postId), `${a.postId} before ${b.postId}`)
      }
      for (const p of posts) assert.ok(ADVISOR_CONTENT_TYPES.includes(p.type as never), p.type)
      // Each leads to its strategy, which the brand can open.
      for (const poCode of new Set(posts.map((p) => p.poCode))) {
        const { body } = await gql(
          s.t,
          'query ($c: String!) { portfolio(poCode: $c) { poCode poName } }',
          { c: poCode },
          { 'x-broker': broker },
        )
        assert.equal(body.data.portfolio?.poCode, poCode, `${poCode} opens on ${broker}`)
        assert.ok(posts.filter((p) => p.poCode === poCode).every((p) => p.poName === body.data.portfolio.poName))
      }
    })
  }

  it('the brands differ as the strategies do: AP custom plans on the main brand only', async () => {
    const main = (await all('0008')).posts.map((p) => p.poCode)
    const diagnosis = (await all('0009')).posts.map((p) => p.poCode)
    assert.ok(
      main.some((c) => c.startsWith('AP')),
      'the main brand sees the AP plans’ content',
    )
    assert.ok(!diagnosis.some((c) => c.startsWith('AP')), 'the diagnosis brand does not')
  })

  it('one type at a time', async () => {
    for (const type of ADVISOR_CONTENT_TYPES) {
      const { posts, total } = await all('0008', type)
      assert.equal(total, (await expected('0008', [type])).length)
      assert.ok(posts.length > 0 && posts.every((p) => p.type === type), type)
    }
  })

  it('a type that is not advisor content, a bad cursor or page size: BAD_USER_INPUT, the type in Chinese', async () => {
    const other = await ask({ type: 'MarketInterpretation' })
    assert.equal(other.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.equal(other.body.errors?.[0].message, '投顾内容只有投顾报告和主理人说两类，没有市场解读')
    assert.equal((await ask({ page: { size: 0 } })).body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.equal((await ask({ page: { cursor: 'nonsense!' } })).body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    const unknown = await ask({ type: 'Nope' })
    assert.equal(unknown.body.data, undefined, unknown.raw.body)
    assert.match(unknown.body.errors?.[0].message ?? '', /ContentType/)
  })

  it('the SQL brand condition says what visibleOnBrand says of every strategy', async () => {
    const rows = await s.database.db.selectFrom('portfolios').selectAll().execute()
    for (const broker of ['0008', '0009']) {
      const sql = await s.database.db.selectFrom('portfolios').select('po_code').where(visibleOnBrandWhere(broker)).execute()
      assert.deepEqual(
        sql.map((r) => r.po_code).sort(),
        rows
          .filter((r) => visibleOnBrand(r, broker))
          .map((r) => r.po_code)
          .sort(),
        broker,
      )
    }
  })
})

describe('demo content of the app’s own pages', () => {
  const s = useTestApp()

  it('the download, 关于我们 and wallet pages’ configs are served', async () => {
    const { body } = await gql(
      s.t,
      `{ app: config(key: "app_download") { elements { key value } }
         guide: fragment(key: "app_download_guide") { elements { content } }
         about: config(key: "site_about") { elements { key value } }
         licences: fragment(key: "site_licences") { elements { content link } }
         wallet: config(key: "wallet") { elements { key value } } }`,
    )
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    const app = Object.fromEntries(body.data.app.elements.map((e: { key: string; value: string }) => [e.key, e.value]))
    assert.match(app.iosUrl, /^https:\/\/apps\.apple\.com\//)
    assert.match(app.androidUrl, /^https:\/\/download\.alfa\.example\/.+\.apk$/)
    assert.ok(app.appName && app.version && app.wechatHint)
    assert.ok(body.data.guide.elements.length >= 3)
    assert.ok(body.data.about.elements.some((e: { key: string }) => e.key === 'intro'))
    assert.ok(body.data.licences.elements.every((e: { content: string }) => e.content.includes('演示数据')))
    assert.ok(body.data.wallet.elements.some((e: { key: string }) => e.key === 'notice'))
    assert.equal(SITE_CONFIGS.length, 6)
  })

  it('every adjustment’s 调仓说明 links to its own article inside the app', async () => {
    const { body } = await gql(
      s.t,
      '{ portfolio(poCode: "ZH015676") { adjustments(page: { size: 3 }) { totalCount list { adjustmentId articleLink article { text link } } } } }',
    )
    const { list, totalCount } = body.data.portfolio.adjustments
    assert.ok(totalCount > 0)
    for (const a of list) {
      assert.equal(a.articleLink, `/subPkg/pages/article/index?articleId=${a.adjustmentId}`)
      const article = await gql(s.t, 'query ($id: String!) { article(articleId: $id) { title content } }', { id: a.adjustmentId })
      assert.match(article.body.data.article.title, /调仓说明/)
      assert.match(article.body.data.article.content, /演示数据/)
      assert.match(article.body.data.article.content, /<li>.+（\d{6}）：\d+\.\d{2}% → \d+\.\d{2}%<\/li>/)
    }
    const [{ n }] = await s.database.query<{ n: number }>(
      `select count(*)::int as n from adjustments a left join articles r on r.article_id = a.adjustment_id where r.article_id is null`,
    )
    assert.equal(n, 0, 'adjustments without an article')
  })
})
