// @ts-check
'use strict'
// The real API server for the content screens of the simulator check (weapp-simulate-content.js),
// like lib/api-server.js: server/src on a private copy of the seeded PGlite demo database on a free
// loopback port, the demo user logged in; it reads what the screens must show straight from the
// API (the columns, a column's first page, an article) and marks one article read for the demo
// user, then prints one JSON line {"origin","token","expected"}. It stops when its stdin closes.
const { apiHeaders, login, pgliteTestDatabase, startApp } = require('../../../server/test/helpers')

const DEMO_PHONE = '13800000000'
const COLUMN = 'C100'
const SAFETY = 'A-SAFETY-TEST'

async function main() {
  const { database } = await pgliteTestDatabase()
  const t = await startApp(database)
  const token = await login(t, DEMO_PHONE)
  const auth = apiHeaders({ authorization: `Bearer ${token}` })
  /** @type {import('./api-server.js').Gql} */
  const gql = async (query, variables = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/graphql',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { query, variables },
    })
    const body = res.json()
    if (res.statusCode !== 200 || body.errors) throw new Error(`graphql ${res.statusCode} ${res.body.slice(0, 500)}`)
    return body.data
  }
  const { allColumns } = await gql('{ allColumns { columnId title } }')
  const first = async () =>
    (
      await gql(
        'query ($id: String!) { column(columnId: $id) { title articles(page: { size: 10 }) { totalCount pageInfo { hasMore } list { articleId title isRead } } } }',
        {
          id: COLUMN,
        },
      )
    ).column
  const before = await first()
  // The second article is read by the demo user: its row must say so.
  const read = before.articles.list[1]
  await gql('mutation ($id: String!) { markArticleRead(articleId: $id) { isRead } }', { id: read.articleId })
  const column = await first()
  const opened = column.articles.list[0]
  const { article } = await gql(
    'query ($id: String!) { article(articleId: $id) { articleId title author isRead column { columnId title } } }',
    {
      id: opened.articleId,
    },
  )
  const { article: safety } = await gql('query ($id: String!) { article(articleId: $id) { title } }', { id: SAFETY })
  const expected = {
    content: {
      columns: allColumns,
      column: {
        columnId: COLUMN,
        title: column.title,
        totalCount: column.articles.totalCount,
        hasMore: column.articles.pageInfo.hasMore,
        articles: column.articles.list,
        readId: read.articleId,
      },
      article,
      safety: { articleId: SAFETY, title: safety.title },
    },
  }
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
  process.stdout.write(`${JSON.stringify({ origin: address, token, expected })}\n`)

  let closing = false
  const stop = async () => {
    if (closing) return
    closing = true
    await t.app.close().catch(() => undefined)
    await database.close().catch(() => undefined)
    process.exit(0)
  }
  process.stdin.on('end', () => void stop())
  process.stdin.on('close', () => void stop())
  process.stdin.resume()
  process.on('SIGTERM', () => void stop())
}

main().catch((err) => {
  process.stderr.write(`content-api-server: ${(err instanceof Error && err.stack) || String(err)}\n`)
  process.exit(1)
})
