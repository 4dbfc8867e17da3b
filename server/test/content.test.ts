import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { checkRichTree, richPlainText, type RichNode } from '@alfa/common/richText'
import { SAFETY_ARTICLE } from '../src/content/demo'
import { columnArticles, columnArticlesKey, loadColumnArticles, markRead } from '../src/content/data'
import { DEMO_USER } from '../src/demo/seed'
import { gql, login, useTestApp } from './helpers'

/**
 * Columns and articles over GraphQL (issue #21): an article's body as the sanitised tree (also
 * for a row stored unsanitised: the read sanitises again), its HTML written from that tree, read
 * marks per user set by markArticleRead (reading marks nothing), and the strategies'
 * adjustment explanations pointing at articles that exist.
 */

const ARTICLE = `query ($id: String!) { article(articleId: $id) { articleId title author content body publishedAt columnId column { columnId title } isRead } }`
const COLUMN = `query ($id: String!, $page: PageInput) { column(columnId: $id) { title articles(page: $page) { totalCount pageInfo { cursor hasMore } list { articleId title coverThumbnailUrl publishedAt isRead } } } }`
const MARK = `mutation ($id: String!) { markArticleRead(articleId: $id) { articleId isRead } }`

/** Every element name and attribute of a tree. */
function elements(nodes: RichNode[]): Array<{ name: string; attrs: Record<string, string> }> {
  const out: Array<{ name: string; attrs: Record<string, string> }> = []
  const stack = [...nodes]
  while (stack.length) {
    const n = stack.pop()!
    if (n.type === 'node') {
      out.push({ name: n.name, attrs: n.attrs ?? {} })
      stack.push(...(n.children ?? []))
    }
  }
  return out
}

describe('content over GraphQL', () => {
  const app = useTestApp()
  let auth: Record<string, string>
  before(async () => {
    auth = { authorization: `Bearer ${await login(app.t)}` }
  })

  it('an article stored with hostile markup is answered inert, as a tree and as HTML', async () => {
    const stored = await app.database.query<{ content: string }>('select content from articles where article_id = $1', [
      SAFETY_ARTICLE.articleId,
    ])
    assert.match(stored[0].content, /<script>/, 'the demo row is stored as written')
    const { body } = await gql(app.t, ARTICLE, { id: SAFETY_ARTICLE.articleId })
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    const a = body.data.article
    assert.deepEqual(checkRichTree(a.body), a.body, 'the body passes the app’s check unchanged')
    for (const { name, attrs } of elements(a.body)) {
      assert.ok(!['script', 'style', 'iframe', 'svg', 'form', 'input', 'button'].includes(name), name)
      for (const [k, v] of Object.entries(attrs)) {
        assert.doesNotMatch(k, /^on/i)
        assert.doesNotMatch(v, /^\s*(javascript|data|vbscript):/i)
      }
    }
    assert.doesNotMatch(a.content, /<script|<style|<iframe|<svg|<form|\son\w+=|="\s*(javascript|data):|style="position/i)
    assert.match(richPlainText(a.body), /javascript: 链接/)
    // The one good link stays a link.
    assert.ok(elements(a.body).some((e) => e.name === 'a' && e.attrs.href === 'https://www.alfa.example/learn'))
  })

  it('a demo article has headings, a list, a lazy image and links; its column comes with it', async () => {
    const { body } = await gql(app.t, ARTICLE, { id: 'A10006' })
    const a = body.data.article
    const names = elements(a.body).map((e) => e.name)
    for (const n of ['h2', 'ul', 'li', 'blockquote', 'img', 'a']) assert.ok(names.includes(n), `${n} in ${names.join(',')}`)
    const img = elements(a.body).find((e) => e.name === 'img')!
    assert.equal(img.attrs.loading, 'lazy')
    assert.match(img.attrs.src, /^\/alfa\/static\/demo\/v1\/article\/\d-thumb\.png$/)
    assert.ok(elements(a.body).some((e) => e.name === 'a' && e.attrs.href === '/subPkg/pages/article/index?articleId=A10000'))
    assert.equal(a.column.columnId, a.columnId)
    assert.match(a.column.title, /\S/)
  })

  it('reading marks nothing; markArticleRead marks it for that reader only, and again changes nothing', async () => {
    const id = 'A10012'
    const other = { authorization: `Bearer ${await login(app.t)}` }
    const isRead = async (who: Record<string, string>) => (await gql(app.t, ARTICLE, { id }, who)).body.data.article.isRead
    assert.equal(await isRead(auth), false)
    assert.equal(await isRead(auth), false, 'a read is not a mark')
    const marked = await gql(app.t, MARK, { id }, auth)
    assert.deepEqual(marked.body.data.markArticleRead, { articleId: id, isRead: true })
    assert.equal((await gql(app.t, MARK, { id }, auth)).body.errors, undefined)
    assert.equal(await isRead(auth), true)
    assert.equal(await isRead(other), false)
    assert.equal(await isRead({}), false)
    const column = await gql(app.t, COLUMN, { id: 'C100', page: { size: 100 } }, auth)
    const row = column.body.data.column.articles.list.find((x: { articleId: string }) => x.articleId === id)
    assert.equal(row.isRead, true)
    const [{ n }] = await app.database.query<{ n: number }>('select count(*)::int as n from article_reads where article_id = $1', [id])
    assert.equal(n, 1)
  })

  it('bad input: anonymous, unknown and malformed ids are refused in Chinese', async () => {
    const anonymous = await gql(app.t, MARK, { id: 'A10000' })
    assert.equal(anonymous.body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
    assert.equal(anonymous.body.errors?.[0].message, '请先进行登录')
    const unknown = await gql(app.t, MARK, { id: 'NO-SUCH' }, auth)
    assert.equal(unknown.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.equal(unknown.body.errors?.[0].message, '文章不存在：NO-SUCH')
    for (const id of ['', '   ', 'x'.repeat(65)]) {
      const r = await gql(app.t, ARTICLE, { id })
      assert.equal(r.status, 200)
      assert.equal(r.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT', id)
      assert.match(r.body.errors[0].message, /^文章编号无效/)
    }
    const missing = await gql(app.t, ARTICLE, { id: 'NO-SUCH' })
    assert.equal(missing.body.data.article, null)
  })

  it('column detail pages its articles newest first with cover thumbnails and dates', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let total: number
    do {
      const r: Awaited<ReturnType<typeof gql>> = await gql(app.t, COLUMN, { id: 'C101', page: { size: 4, cursor } })
      const page = r.body.data.column.articles
      total = page.totalCount
      for (const x of page.list) {
        seen.push(x.publishedAt)
        assert.match(x.coverThumbnailUrl, /^\/alfa\/static\/demo\/v1\/article\//)
      }
      cursor = page.pageInfo.cursor
    } while (cursor)
    assert.equal(seen.length, total)
    assert.deepEqual([...seen].sort().reverse(), seen)
  })

  it('the batched article pages of several columns (one statement) equal each column asked alone, read marks and past-the-end pages included', async () => {
    const columns = (await app.database.query<{ column_id: string }>('select column_id from columns order by column_id')).map(
      (r) => r.column_id,
    )
    assert.ok(columns.length >= 3)
    // A reader with a read mark on the newest article of the first column, so the batched read marks are checked too.
    const reader = DEMO_USER.userId
    const newest = (await columnArticles(app.database, columns[0], reader, 0, 1)).rows[0]
    assert.ok(await markRead(app.database, reader, newest.articleId))
    assert.equal((await columnArticles(app.database, columns[0], reader, 0, 1)).rows[0].isRead, true)
    for (const userId of [null, reader])
      for (const [offset, size] of [
        [0, 1],
        [1, 2],
        [0, 50],
        [500, 5],
      ]) {
        const keys = columns.map((c) => columnArticlesKey(c, userId, offset, size))
        const batched = await loadColumnArticles(app.database, keys)
        for (const c of columns)
          assert.deepEqual(
            batched.get(columnArticlesKey(c, userId, offset, size)),
            await columnArticles(app.database, c, userId, offset, size),
            `${c} offset ${offset} size ${size} reader ${userId}`,
          )
      }
  })

  it('widgets, fragments and configs read once per request keep their variants apart, whatever the keys', async () => {
    await app.database.query(
      `insert into kv_configs (variant, key, value) values ('widget', 'same_key', $1), ('fragment', 'same_key', $2), ('config', 'same_key', $3)`,
      [
        JSON.stringify({ elements: [{ picture: 'w.png', link: '/w', main: '挂件', trackProperties: null }] }),
        JSON.stringify({ elements: [{ image: 'f.png', link: '/f', content: '片段' }] }),
        JSON.stringify({ elements: [{ key: 'flag', value: 'on' }] }),
      ],
    )
    const { body } = await gql(
      app.t,
      `{ widget(key: "same_key") { elements { main } } fragment(key: "same_key") { elements { content } } config(key: "same_key") { elements { key value } } keyValue(key: "flag") { value } }`,
    )
    assert.deepEqual(body.data, {
      widget: { elements: [{ main: '挂件' }] },
      fragment: { elements: [{ content: '片段' }] },
      config: { elements: [{ key: 'flag', value: 'on' }] },
      keyValue: { value: 'on' },
    })
  })

  it('each adjustment’s 调仓说明 points at an article that exists', async () => {
    const r = await gql(
      app.t,
      `{ portfolio(poCode: "ZH015676") { adjustments(page: { size: 3 }) { list { adjustmentId comment article { text link } } } } }`,
    )
    const list = r.body.data.portfolio.adjustments.list
    assert.ok(list.length > 0)
    for (const adj of list) {
      const m = /^\/subPkg\/pages\/article\/index\?articleId=(.+)$/.exec(adj.article.link)
      assert.ok(m, adj.article.link)
      const { body } = await gql(app.t, ARTICLE, { id: decodeURIComponent(m[1]) })
      assert.match(body.data.article.title, /调仓说明$/)
      assert.match(richPlainText(body.data.article.body), /演示数据/)
    }
  })
})
