import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { after, before, describe, it, mock } from 'node:test'
import { parse } from 'graphql'
import { createSchema } from 'graphql-yoga'
import { GRAPHQL_ACCEPT, GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { FastPath } from '../src/graphql/fastpath'
import { planDefer } from '../src/graphql/deferred'
import { typeDefs } from '../src/graphql/plugin'
import { DEMO_USER } from '../src/demo/seed'
import { issueToken } from '../src/account/tokens'
import { appDocument, DOCUMENTS, graphqlJson } from '../bench/harness'
import { apiHeaders, operation, startApp, useTestApp, type TestApp } from './helpers'

/**
 * @defer documents answered by the fast path (issue #24): the initial selection and each deferred fragment
 * as graphql-jit queries, in Yoga's multipart/mixed format. Yoga's own answer (an app with
 * deferOnFastPath: false, on the same database) is the reference: the same first part, the same merged
 * result; what the fast path does not split still gets Yoga's answer.
 */

interface Part {
  data?: unknown
  errors?: Array<{ message: string; path?: unknown[]; extensions?: { code?: string } }>
  hasNext?: boolean
  incremental?: Array<{ data: unknown; path: unknown[]; label?: string; errors?: Part['errors'] }>
}

/** The JSON parts of a multipart/mixed body as Yoga writes it (boundary "-", each part's headers, the closing delimiter). */
function parts(body: string): Part[] {
  assert.ok(body.startsWith('\r\n---\r\n'), JSON.stringify(body.slice(0, 80)))
  assert.ok(body.endsWith('\r\n-----\r\n'), JSON.stringify(body.slice(-80)))
  return body
    .slice(0, -'--\r\n'.length)
    .split('\r\n---')
    .slice(1, -1)
    .map((p) => {
      const at = p.indexOf('\r\n\r\n')
      const [head, json] = [p.slice(0, at), p.slice(at + 4)]
      assert.match(head, /^\r\nContent-Type: application\/json; charset=utf-8\r\nContent-Length: \d+$/)
      assert.equal(Number(/Content-Length: (\d+)/.exec(head)![1]), Buffer.byteLength(json))
      return JSON.parse(json) as Part
    })
}

const merged = (res: { body: string; headers: Record<string, unknown> }) =>
  graphqlJson({ body: res.body, type: String(res.headers['content-type']) })

/** Counts the requests the fast path split (a plan handed out) while `work` runs. */
async function splitByFastPath(work: () => Promise<void>): Promise<number> {
  const spy = mock.method(FastPath.prototype, 'prepareDeferred')
  try {
    await work()
    return spy.mock.calls.filter((c) => c.result != null).length
  } finally {
    spy.mock.restore()
  }
}

describe('@defer documents on the graphql-jit fast path', () => {
  let yoga: TestApp
  after(async () => {
    await yoga?.app.close()
  })
  const app = useTestApp()
  let auth: Record<string, string>
  before(async () => {
    yoga = await startApp(app.database, {}, { graphql: { timeBudgetMs: 60_000, deferOnFastPath: false } })
    auth = { authorization: `Bearer ${(await issueToken(app.t.config.JWT_SECRET, DEMO_USER.userId)).token}` }
  })
  const ask = (t: TestApp, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: apiHeaders({ 'content-type': 'application/json', accept: GRAPHQL_ACCEPT, ...headers }),
      payload: { query, variables },
    })

  const APP_DOCUMENTS: Record<string, { variables: Record<string, unknown>; loggedIn?: boolean }> = {
    Portfolio: { variables: { poCode: 'ZH015676', needQueryHolding: false, range: '1Y' } },
    Longwin: { variables: { poCode: 'LW000001', needQueryHolding: true, range: '1Y' }, loggedIn: true },
    InvestPlan: { variables: { poCode: 'AP000001', needQueryHolding: true, range: '1Y' }, loggedIn: true },
    PortfolioAnalysis: { variables: { poCode: 'ZH015676' } },
    PortfolioIntro: { variables: { poCode: 'LW000001', isLongWin: true } },
  }

  it('covers every @defer document the app has', () => {
    const deferred = fs
      .readdirSync(DOCUMENTS)
      .filter((f) => fs.readFileSync(path.join(DOCUMENTS, f), 'utf8').includes('@defer'))
      .map((f) => f.replace(/Document\.ts$/, ''))
    assert.deepEqual(deferred.sort(), Object.keys(APP_DOCUMENTS).sort())
  })

  const cases = [
    ...Object.entries(APP_DOCUMENTS).map(([name, c]) => ({ name, query: appDocument(name), ...c })),
    {
      name: 'PortfolioDeferred (server/operations)',
      query: operation('PortfolioDeferred'),
      variables: { poCode: 'ZH015676', range: '1Y' },
    },
  ]
  for (const c of cases) {
    it(`${c.name}: the first part is Yoga's, the parts merged are Yoga's merged`, async () => {
      const headers = c.loggedIn ? auth : {}
      let fast!: Awaited<ReturnType<typeof ask>>
      assert.equal(await splitByFastPath(async () => void (fast = await ask(app.t, c.query, c.variables, headers))), 1)
      const reference = await ask(yoga, c.query, c.variables, headers)
      assert.equal(fast.statusCode, 200)
      assert.equal(fast.headers['content-type'], reference.headers['content-type'])
      const [got, want] = [parts(fast.body), parts(reference.body)]
      assert.ok(got.length >= 2, fast.body.slice(0, 300))
      assert.deepEqual(got[0], want[0])
      assert.equal(got[0].hasNext, true)
      assert.deepEqual(
        got.map((p) => p.hasNext),
        [...got.slice(1).map(() => true), false],
      )
      const answer = merged(fast)
      assert.equal(answer.errors, undefined, JSON.stringify(answer.errors))
      assert.deepEqual(answer, merged(reference))
    })
  }

  it('a failing field in a deferred fragment: its error in that incremental entry, the initial part and the other fragment intact', async () => {
    const query = operation('PortfolioDeferred')
    const variables = { poCode: 'ZH015676', range: 'forever' }
    let fast!: Awaited<ReturnType<typeof ask>>
    assert.equal(await splitByFastPath(async () => void (fast = await ask(app.t, query, variables))), 1)
    const reference = await ask(yoga, query, variables)
    const [got, want] = [parts(fast.body), parts(reference.body)]
    assert.deepEqual(got[0], want[0])
    assert.equal(got[0].errors, undefined)
    assert.equal((got[0].data as { portfolio: { poCode: string } }).portfolio.poCode, 'ZH015676')
    const entries = got.flatMap((p) => p.incremental ?? [])
    const chart = entries.find((e) => e.label === 'chart')!
    // navHistory is non-null: its null reaches the fragment's boundary, as graphql-js answers it.
    assert.equal(chart.data, null)
    assert.deepEqual(chart.path, ['portfolio'])
    assert.equal(chart.errors?.[0].extensions?.code, 'BAD_USER_INPUT')
    assert.deepEqual(chart.errors?.[0].path, ['portfolio', 'navHistory'])
    const community = entries.find((e) => e.label === 'community')!
    assert.equal(community.errors, undefined)
    assert.ok((community.data as { pinnedPosts: unknown[] }).pinnedPosts.length > 0)
    assert.deepEqual(merged(fast), merged(reference))
  })

  it('no deferred fragment reached (the parent is null): one JSON result, as Yoga answers it', async () => {
    const query = operation('PortfolioDeferred')
    const variables = { poCode: 'NOPE000', range: '1Y' }
    const fast = await ask(app.t, query, variables)
    const reference = await ask(yoga, query, variables)
    assert.match(String(fast.headers['content-type']), /^application\/(graphql-response\+)?json/)
    assert.deepEqual(fast.json(), reference.json())
  })

  it('a client taking only multipart/mixed gets the same parts', async () => {
    const query = operation('PortfolioDeferred')
    const variables = { poCode: 'ZH015676', range: '1Y' }
    const fast = await ask(app.t, query, variables, { accept: 'multipart/mixed' })
    assert.deepEqual(merged(fast), merged(await ask(yoga, query, variables)))
  })

  it('compressed part by part as Accept-Encoding takes it (br, gzip), the parts the plain answer’s', async () => {
    const query = appDocument('Portfolio')
    const variables = APP_DOCUMENTS.Portfolio.variables
    const plain = await ask(app.t, query, variables, { 'accept-encoding': 'identity' })
    assert.equal(plain.headers['content-encoding'], undefined)
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      let res!: Awaited<ReturnType<typeof ask>>
      assert.equal(await splitByFastPath(async () => void (res = await ask(app.t, query, variables, { 'accept-encoding': encoding }))), 1)
      assert.equal(res.headers['content-encoding'], encoding)
      assert.match(String(res.headers.vary), /accept-encoding/i)
      assert.ok(res.rawPayload.length < plain.rawPayload.length / 2, `${res.rawPayload.length} of ${plain.rawPayload.length} bytes`)
      assert.deepEqual(parts(decode(res.rawPayload).toString()), parts(plain.body))
    }
  })

  it('the size limit: an initial part over it is a 413; a later part taking the whole over it is its fragment’s RESPONSE_TOO_LARGE', async () => {
    const query = operation('PortfolioDeferred')
    const variables = { poCode: 'ZH015676', range: '1Y' }
    // The first part is about 170 bytes, the pinned posts about 250, the NAV series about 10 KB.
    const small = await startApp(app.database, {}, { graphql: { maxResponseBytes: 2000 } })
    const tiny = await startApp(app.database, {}, { graphql: { maxResponseBytes: 100 } })
    try {
      const res = await ask(small, query, variables)
      const got = parts(res.body)
      assert.deepEqual(got[0], parts((await ask(app.t, query, variables)).body)[0])
      const entries = got.flatMap((p) => p.incremental ?? [])
      assert.ok((entries.find((e) => e.label === 'community')!.data as { pinnedPosts: unknown[] }).pinnedPosts.length > 0)
      const chart = entries.find((e) => e.label === 'chart')!
      assert.equal(chart.data, null)
      assert.equal(chart.errors?.[0].extensions?.code, 'RESPONSE_TOO_LARGE')
      assert.match(chart.errors[0].message, /应答过大/)
      assert.equal(got[got.length - 1].hasNext, false)
      const refused = await ask(tiny, query, variables)
      assert.equal(refused.statusCode, 413)
      assert.equal(refused.json().errors[0].extensions.code, 'RESPONSE_TOO_LARGE')
    } finally {
      await small.app.close()
      await tiny.app.close()
    }
  })

  describe('what the fast path leaves to Yoga still gets Yoga’s answer', () => {
    const fallbacks: Array<[string, string, Record<string, unknown>]> = [
      [
        '@defer(if: $v), true',
        'query ($v: Boolean!) { portfolio(poCode: "ZH015676") { poCode ... @defer(if: $v) { poName } } }',
        { v: true },
      ],
      [
        '@defer(if: $v), false',
        'query ($v: Boolean!) { portfolio(poCode: "ZH015676") { poCode ... @defer(if: $v) { poName } } }',
        { v: false },
      ],
      ['@defer under a list field', '{ funds(page: {size: 2}) { list { fundCode ... @defer(label: "name") { fundName } } } }', {}],
      ['@stream', '{ funds(page: {size: 3}) { list @stream(initialCount: 1) { fundCode } } }', {}],
      ['@defer inside @defer', '{ portfolio(poCode: "ZH015676") { poCode ... @defer { poName ... @defer { riskLevel } } } }', {}],
    ]
    for (const [name, query, variables] of fallbacks)
      it(name, async () => {
        let fast!: Awaited<ReturnType<typeof ask>>
        assert.equal(await splitByFastPath(async () => void (fast = await ask(app.t, query, variables))), 0)
        const reference = await ask(yoga, query, variables)
        assert.equal(fast.statusCode, 200)
        assert.equal(fast.headers['content-type'], reference.headers['content-type'])
        assert.deepEqual(
          fast.body.startsWith('{') ? fast.json() : parts(fast.body),
          reference.body.startsWith('{') ? reference.json() : parts(reference.body),
        )
        assert.doesNotMatch(fast.body, /"errors"/)
      })
  })
})

describe('planDefer: what it splits, what it leaves to Yoga', () => {
  const schema = createSchema({ typeDefs })
  const plan = (query: string, operationName?: string) => planDefer(schema, parse(query), operationName)

  it('splits each deferred fragment off with its path (response keys, aliases) and label', () => {
    const p = plan(
      '{ p: portfolio(poCode: "X") { poCode ... @defer(label: "a") { poName } ...Risk @defer } } fragment Risk on Portfolio { riskLevel }',
    )
    assert.deepEqual(
      p?.deferred.map((d) => ({ path: d.path, label: d.label })),
      [
        { path: ['p'], label: 'a' },
        { path: ['p'], label: undefined },
      ],
    )
  })
  it('the operation named, of several', () => {
    const doc = 'query A { portfolio(poCode: "X") { poCode ... @defer { poName } } } query B { riskLevelDict { code } }'
    assert.equal(plan(doc, 'A')?.deferred.length, 1)
    assert.equal(plan(doc, 'B'), null)
  })
  for (const [name, query] of [
    ['@defer(if: $v)', 'query ($v: Boolean!) { portfolio(poCode: "X") { poCode ... @defer(if: $v) { poName } } }'],
    ['@defer(if: false)', '{ portfolio(poCode: "X") { poCode ... @defer(if: false) { poName } } }'],
    ['under a list field', '{ funds { list { fundCode ... @defer { fundName } } } }'],
    ['@stream', '{ funds { list @stream { fundCode } } }'],
    ['nested @defer', '{ portfolio(poCode: "X") { poCode ... @defer { poName ... @defer { riskLevel } } } }'],
    ['@defer in a named fragment', '{ portfolio(poCode: "X") { ...F } } fragment F on Portfolio { poCode ... @defer { poName } }'],
    ['@include on its path', 'query ($v: Boolean!) { portfolio(poCode: "X") @include(if: $v) { poCode ... @defer { poName } } }'],
    ['a mutation', 'mutation { toggleFollow(poCode: "X", state: true) { hasFollowed ... @defer { poCode } } }'],
    ['nothing left in the initial selection', '{ portfolio(poCode: "X") { ... @defer { poName } } }'],
  ] as const)
    it(`leaves to Yoga: ${name}`, () => assert.equal(plan(query), null))
})

describe('a deferred fragment still running: the time budget and the client leaving end it', () => {
  const app = useTestApp()
  const SLOW = '{ __typename ... @defer(label: "slow") { portfolio(poCode: "ZH015677") { poName } } }'
  /** Holds the database's one PGlite connection in a transaction until released: the deferred fragment's query waits for it. */
  async function holdDatabase() {
    let release!: () => void
    let holding!: () => void
    const held = new Promise<void>((r) => (holding = r))
    const done = app.database.transaction(async (tx) => {
      await tx.query('select 1')
      holding()
      await new Promise<void>((r) => (release = r))
    })
    await held
    return async () => {
      release()
      await done
    }
  }

  it('at the time budget the parts still running end the answer with the budget’s Chinese refusal; the first part stands', async () => {
    const hasty = await startApp(app.database, {}, { graphql: { timeBudgetMs: 1500 } })
    const release = await holdDatabase()
    try {
      const answer = hasty.app.inject({
        method: 'POST',
        url: GRAPHQL_PATH,
        headers: apiHeaders({ 'content-type': 'application/json', accept: GRAPHQL_ACCEPT }),
        payload: { query: SLOW },
      })
      // Yoga's path would wait for the database (held until released): released after a while so that such a fault fails, not hangs.
      await Promise.race([answer, new Promise((r) => setTimeout(r, 30_000))])
      await release()
      const res = await answer
      assert.equal(res.statusCode, 200, res.body)
      const got = parts(res.body)
      assert.deepEqual(got[0], { data: { __typename: 'Query' }, hasNext: true })
      assert.deepEqual(got.slice(1), [
        {
          incremental: [
            { data: null, path: [], label: 'slow', errors: [{ message: '查询超时，请稍后再试', extensions: { code: 'TIMEOUT' } }] },
          ],
          hasNext: false,
        },
      ])
    } finally {
      await release()
      await hasty.app.close()
    }
  })

  it('a client that leaves after the first part frees its in-flight slot without waiting for the deferred fragment', async () => {
    const single = await startApp(app.database, { GRAPHQL_MAX_PER_ADDRESS: 1 })
    const release = await holdDatabase()
    try {
      const origin = await single.app.listen({ host: '127.0.0.1', port: 0 })
      const post = (query: string, signal?: AbortSignal) =>
        fetch(`${origin}${GRAPHQL_PATH}`, {
          method: 'POST',
          headers: apiHeaders({ 'content-type': 'application/json', accept: GRAPHQL_ACCEPT }),
          body: JSON.stringify({ query }),
          signal,
        })
      const leaving = new AbortController()
      const res = await post(SLOW, leaving.signal)
      const reader = res.body!.getReader()
      let text = ''
      while (!text.includes('"hasNext":true')) text += new TextDecoder().decode((await reader.read()).value)
      // The deferred fragment waits for the database: one address's one slot is taken.
      assert.equal((await post('{ __typename }')).status, 429)
      leaving.abort()
      let next = await post('{ __typename }')
      for (let i = 0; i < 200 && next.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 25))
        next = await post('{ __typename }')
      }
      assert.equal(next.status, 200)
    } finally {
      await release()
      await single.app.close()
    }
  })
})
