import { randomBytes } from 'node:crypto'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Kind, buildSchema, parse, validate, type DocumentNode, type TypeNode } from 'graphql'
import {
  PG_BIN,
  apiHeaders,
  gql,
  pgliteTestDatabase,
  startApp,
  startPostgres,
  OPERATIONS_DIR,
  operation,
  type TestApp,
  type ThrowawayPostgres,
} from './helpers'
import { openDatabase, type Database } from '../src/db'
import { QueryAborted, outsideQueryScope, runInQueryScope } from '../src/db/abort'
import { typeDefs } from '../src/graphql/plugin'
import { GUARD_LIMITS, GuardError, checkDocument, operationCost } from '../src/graphql/guard'
import { GRAPHQL_LIMITS, documentMeasure, limitsRefusal, limitsRule, operationMeasures } from '../src/graphql/limits'
import type { WalkStats } from '../src/graphql/fragments'
import { invalidateFundStats } from '../src/filter/stats'

/**
 * The GraphQL guard (issue #19): fragments measured once however often they are spread, cycles
 * refused before any walk, the limits through named fragments, the cost model's multiplication,
 * variables checked after every parse, no suggestions in production, cancelled work stopping,
 * and the per-address concurrency limit.
 */

const schema = buildSchema(typeDefs)

/** The issue's bomb: each fragment spreads the next twice, the last spreads itself (no field anywhere). */
const cycleBomb = (n: number) =>
  `query Q{...F0} ${Array.from({ length: n }, (_, i) => `fragment F${i} on Query{...F${i + 1} ...F${i + 1}}`).join(' ')} fragment F${n} on Query{...F${n}}`
/** The same without the cycle: the last fragment asks for one field, 2^n times once expanded. */
const fieldBomb = (n: number) =>
  `query Q{...F0} ${Array.from({ length: n }, (_, i) => `fragment F${i} on Query{...F${i + 1} ...F${i + 1}}`).join(' ')} fragment F${n} on Query{riskLevelDict{code}}`

/** Every walk of the guard over `text` (cycle check, limits, cost) with its work counted; the refusal's code, if any. */
function guard(text: string, variables: Record<string, unknown> = {}): { visits: number; code: string | null } {
  const stats: WalkStats = { visits: 0 }
  try {
    checkDocument(schema, parse(text), undefined, variables, stats)
    return { visits: stats.visits, code: null }
  } catch (err) {
    assert.ok(err instanceof GuardError, String(err))
    return { visits: stats.visits, code: String(err.extensions.code) }
  }
}

/** Asserts that the visits grow by the same step from one depth to the next (linear, not 2^n). */
function assertLinear(visits: number[], label: string) {
  const steps = visits.slice(1).map((v, i) => v - visits[i])
  assert.ok(
    steps.every((s) => s === steps[0]),
    `${label}: visits ${visits.join(', ')} grow by ${steps.join(', ')}`,
  )
}

const DEPTHS = [4, 8, 12, 16, 20]

let database: Database
let t: TestApp
before(async () => {
  database = (await pgliteTestDatabase()).database
  t = await startApp(database)
})
after(async () => {
  await t?.app.close()
  await database?.close()
})

const post = (app: TestApp, query: string, variables?: unknown, remoteAddress?: string, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/alfa/v1/graphql',
    remoteAddress,
    headers: apiHeaders({ 'content-type': 'application/json', ...headers }),
    // Variables given as JSON text go into the body as they are (JSON.stringify cannot write 5,000 levels).
    payload: `{"query":${JSON.stringify(query)}${variables === undefined ? '' : `,"variables":${typeof variables === 'string' ? variables : JSON.stringify(variables)}`}}`,
  })
/** An error answer: GraphQL's errors, or the REST shape ({ code, msg }) the edge's checks answer with. */
type ErrorAnswer = { json(): { errors?: Array<{ message: string; extensions?: { code?: string } }>; msg: string } }
/** An error answer's message: GraphQL's errors[0], or the REST shape the edge's checks answer with. */
const messageOf = (res: ErrorAnswer): string => res.json().errors?.[0]?.message ?? res.json().msg
const get = (app: TestApp, query: string, variables?: string) =>
  app.app.inject({
    method: 'GET',
    url: `/alfa/v1/graphql?query=${encodeURIComponent(query)}${variables === undefined ? '' : `&variables=${encodeURIComponent(variables)}`}`,
    headers: apiHeaders(),
  })
const codeOf = (res: ErrorAnswer) => res.json().errors?.[0]?.extensions?.code

describe('a fragment is measured once, however often it is spread', () => {
  it('the fragment bomb ending in a cycle: refused as a cycle, with work linear in its depth', () => {
    const runs = DEPTHS.map((n) => guard(cycleBomb(n)))
    for (const r of runs) assert.equal(r.code, 'FRAGMENT_CYCLE')
    assertLinear(
      runs.map((r) => r.visits),
      'cycle bomb',
    )
    assert.ok(runs.at(-1)!.visits < 10 * 20, `${runs.at(-1)!.visits} visits at depth 20`)
  })
  it('the fragment bomb ending in a field: refused as too large, with every walk linear in its depth', () => {
    const runs = DEPTHS.map((n) => guard(fieldBomb(n)))
    assert.equal(runs[0].code, null, 'depth 4 (16 fields) is within the limits')
    for (const r of runs.slice(2)) assert.equal(r.code, 'QUERY_TOO_COSTLY')
    // Each walk (cycle check, limits, cost) counted: the cost walk alone, on a document the limits admit.
    assertLinear(
      runs.slice(2).map((r) => r.visits),
      'field bomb',
    )
    const costs = DEPTHS.map((n) => {
      const stats: WalkStats = { visits: 0 }
      operationCost(schema, parse(fieldBomb(n)), undefined, {}, stats)
      return stats.visits
    })
    assertLinear(costs, 'cost walk')
    // The validation rule (the Yoga path and the fast path's validation) measures through the same memo.
    const rule = DEPTHS.map((n) => {
      const stats: WalkStats = { visits: 0 }
      operationMeasures(parse(fieldBomb(n)), stats)
      return stats.visits
    })
    assertLinear(rule, 'limits rule')
  })
  it('every spread counts against the limit, with its fragment’s fields: 2^n fields of the bomb, not n', () => {
    const m = documentMeasure(parse(fieldBomb(20)))!
    assert.equal(m.fields, 2 * 2 ** 20) // riskLevelDict and its code, 2^20 times
    assert.equal(m.spreads, 2 ** 21 - 1)
    assert.equal(limitsRefusal(m)?.code, 'QUERY_TOO_COSTLY')
    // A spread adds work even without a field: 1,600 spreads of a fragment with one field are over the limit.
    const spreads = `{ ...S } fragment S on Query { ${Array.from({ length: 40 }, () => '...T').join(' ')} } fragment T on Query { ${Array.from({ length: 40 }, () => '...U').join(' ')} } fragment U on Query { __typename }`
    const counted = documentMeasure(parse(spreads))!
    assert.equal(counted.fields, 1600)
    assert.equal(counted.spreads, 1 + 40 + 1600)
  })
  it('a fragment cycle is refused before anything follows a spread, with the cycle named', async () => {
    const text = 'query { ...A } fragment A on Query { riskLevelDict { code } ...B } fragment B on Query { categoryDict { code } ...A }'
    const r = guard(text)
    assert.equal(r.code, 'FRAGMENT_CYCLE')
    assert.ok(r.visits <= 6, `${r.visits} visits: each selection of the two fragments once`)
    const res = await post(t, text)
    assert.equal(res.statusCode, 400)
    assert.equal(codeOf(res), 'FRAGMENT_CYCLE')
    assert.match(res.json().errors[0].message, /A → B → A/)
  })
  it('the issue’s 1 KB bomb and a 40-level one get a 400 at once, POST and GET, and the server answers the next request', async () => {
    const issue = cycleBomb(24)
    assert.ok(issue.length < 1024, `${issue.length} bytes`)
    for (const [text, code] of [
      [issue, 'FRAGMENT_CYCLE'],
      [cycleBomb(40), 'FRAGMENT_CYCLE'],
      [fieldBomb(40), 'QUERY_TOO_COSTLY'],
    ]) {
      for (const res of [await post(t, text), await get(t, text)]) {
        assert.equal(res.statusCode, 400, res.body)
        assert.equal(codeOf(res), code)
      }
    }
    assert.equal((await gql(t, '{ riskLevelDict { code } }')).status, 200)
  })
})

/** Fragments alternating on Fund and Manager (Fund.manager, Manager.funds), each one field level deeper. */
function deepThroughFragments(levels: number): string {
  const frags: string[] = []
  for (let i = 0; i < levels; i++) {
    const onFund = i % 2 === 0
    const inner = i === levels - 1 ? (onFund ? 'fundCode' : 'managerId') : `...L${i + 1}`
    frags.push(onFund ? `fragment L${i} on Fund { manager { ${inner} } }` : `fragment L${i} on Manager { funds { ${inner} } }`)
  }
  return `query { fund(fundCode: "000001") { ...L0 } } ${frags.join(' ')}`
}

describe('the depth, alias and field limits hold through named fragments', () => {
  const refusedBy = (text: string) => validate(schema, parse(text), [limitsRule]).map((e) => e.extensions.code)
  it('depth: 12 levels through fragments pass, 13 are QUERY_TOO_DEEP (server and validation rule)', async () => {
    assert.equal(documentMeasure(parse(deepThroughFragments(10)))!.depth, GRAPHQL_LIMITS.maxDepth)
    assert.deepEqual(refusedBy(deepThroughFragments(10)), [])
    const deep = deepThroughFragments(11)
    assert.equal(documentMeasure(parse(deep))!.depth, GRAPHQL_LIMITS.maxDepth + 1)
    assert.deepEqual(refusedBy(deep), ['QUERY_TOO_DEEP'])
    const res = await post(t, deep)
    assert.equal(res.statusCode, 400)
    assert.equal(codeOf(res), 'QUERY_TOO_DEEP')
  })
  it('aliases: a fragment of 15 aliases used twice is 30 (passes), of 16 used twice is 32 (TOO_MANY_ALIASES)', async () => {
    const doc = (n: number) =>
      `query { one: fund(fundCode: "000001") { ...A } fund(fundCode: "000002") { ...A } } fragment A on Fund { ${Array.from({ length: n }, (_, i) => `x${i}: fundCode`).join(' ')} }`
    assert.equal(documentMeasure(parse(doc(14)))!.aliases, 29)
    assert.deepEqual(refusedBy(doc(14)), [])
    const res14 = await post(t, doc(14))
    assert.equal(res14.statusCode, 200, res14.body)
    assert.equal(res14.json().data.one.x13, '000001')
    assert.equal(documentMeasure(parse(doc(16)))!.aliases, 33)
    assert.deepEqual(refusedBy(doc(16)), ['TOO_MANY_ALIASES'])
    const res16 = await post(t, doc(16))
    assert.equal(res16.statusCode, 400)
    assert.equal(codeOf(res16), 'TOO_MANY_ALIASES')
  })
  it('fields: 100 fields spread 14 times pass, 16 times are QUERY_TOO_COSTLY', async () => {
    const doc = (uses: number) =>
      `query { fund(fundCode: "000001") { ${Array.from({ length: uses }, () => '...H').join(' ')} } } fragment H on Fund { ${Array.from({ length: 100 }, () => 'fundCode').join(' ')} }`
    assert.deepEqual(refusedBy(doc(14)), [])
    assert.equal((await post(t, doc(14))).statusCode, 200)
    assert.equal(documentMeasure(parse(doc(16)))!.fields, 1601)
    assert.deepEqual(refusedBy(doc(16)), ['QUERY_TOO_COSTLY'])
    const res = await post(t, doc(16))
    assert.equal(res.statusCode, 400)
    assert.equal(codeOf(res), 'QUERY_TOO_COSTLY')
  })
})

/** Plausible worst-case variables for an operation's cost: the longest range, the app's largest page (20). */
function worstVariables(doc: DocumentNode): Record<string, unknown> {
  const named = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : named(type.type))
  const out: Record<string, unknown> = {}
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue
    for (const v of d.variableDefinitions ?? []) {
      const name = v.variable.name.value
      const type = named(v.type)
      if (type === 'PageInput') out[name] = { size: 20 }
      else if (type === 'Int') out[name] = 20
      else if (type === 'Boolean') out[name] = true
      else if (name === 'range') out[name] = 'Max'
    }
  }
  return out
}

describe('the cost model', () => {
  const page = (n: number, selection = 'fundCode performance { maxDrawdown }') =>
    parse(`{ funds(page: {size: ${n}}) { list { ${selection} } } }`)
  it('a page’s cost multiplies by its size, inline and through a fragment', () => {
    const one = operationCost(schema, page(1), undefined, {})
    const ten = operationCost(schema, page(10), undefined, {})
    const hundred = operationCost(schema, page(100), undefined, {})
    // Each item costs the same: the cost is affine in the page size.
    assert.equal(hundred - ten, 10 * (ten - one))
    assert.ok(ten - one >= 9 * 250, `${one} → ${ten}: performance (250 a fund) is counted per item`)
    const viaFragment = parse('{ funds(page: {size: 100}) { list { ...P } } } fragment P on Fund { fundCode performance { maxDrawdown } }')
    assert.equal(operationCost(schema, viaFragment, undefined, {}), hundred)
    const byVariable = parse('query($p: PageInput) { funds(page: $p) { list { fundCode performance { maxDrawdown } } } }')
    assert.equal(operationCost(schema, byVariable, undefined, { p: { size: 100 } }), hundred)
  })
  it('a fragment under a ranged field costs that range’s points', () => {
    const inline = parse('{ fund(fundCode: "000001") { navHistory(range: "Max") { date value } } }')
    const spread = parse('{ fund(fundCode: "000001") { navHistory(range: "Max") { ...P } } } fragment P on SeriesPoint { date value }')
    const cost = operationCost(schema, inline, undefined, {})
    assert.ok(cost > 2500, String(cost))
    assert.equal(operationCost(schema, spread, undefined, {}), cost)
  })
  it('a ranged field without its range costs the default year, not a default list of 10', () => {
    const without = operationCost(schema, parse('{ fund(fundCode: "000001") { navHistory { date } } }'), undefined, {})
    const year = operationCost(schema, parse('{ fund(fundCode: "000001") { navHistory(range: "1Y") { date } } }'), undefined, {})
    assert.equal(without, year)
    assert.ok(year >= 250, String(year))
  })
  it('a page of 100 funds with their performance and benchmark is over the budget (400); a page of 10 runs', async () => {
    const q = (n: number) =>
      `{ funds(page: {size: ${n}}) { list { fundCode performance { maxDrawdown } comparisonBenchmark { indexCode } } } }`
    const big = await post(t, q(100))
    assert.equal(big.statusCode, 400)
    assert.equal(codeOf(big), 'QUERY_TOO_COSTLY')
    const small = await post(t, q(10))
    assert.equal(small.statusCode, 200, small.body)
    assert.equal(small.json().data.funds.list.length, 10)
  })
  it('口径 (Fund.figureBasis) is weighed per fund: asked through a page of funds it is refused before any statement runs; the app’s own query runs', async () => {
    /** The statements a request sends to the database, and its answer. */
    const counted = async (query: string, variables?: unknown) => {
      const statements = { count: 0 }
      // Sent from inside the scope (inject dispatches when awaited), which the request's own scope inherits the counter from.
      const res = await runInQueryScope(
        { signal: new AbortController().signal, statementTimeoutMs: 0, statements },
        async () => await post(t, query, variables),
      )
      return { res, statements: statements.count }
    }
    const many = await counted('{ funds(page: {size: 50}) { list { fundCode figureBasis(figure: "SETUP") { value steps } } } }')
    assert.equal(many.res.statusCode, 400, many.res.body.slice(0, 300))
    assert.equal(codeOf(many.res), 'QUERY_TOO_COSTLY')
    assert.match(messageOf(many.res), /^查询开销过大：\d+ 个单位，超过上限 30000（列表大小相乘/)
    assert.equal(many.statements, 0, 'refused before anything reached the database')
    // The 口径 sheet's own document (server/operations, the app's FigureBasis) for one figure of one fund.
    const own = await counted(operation('FigureBasis'), { fundCode: '000001', figure: 'SETUP' })
    assert.equal(own.res.statusCode, 200, own.res.body.slice(0, 300))
    assert.equal(own.res.json().errors, undefined)
    assert.equal(own.res.json().data.fund.figureBasis.figure, 'SETUP')
    assert.ok(own.statements > 0, 'the counter sees the statements of a request that runs')
  })
  it('a page size of zero or below does not lower the cost of the other aliases', () => {
    const heavy = Array.from({ length: 3 }, (_, i) => `h${i}: funds(page: {size: 100}) { list { performance { maxDrawdown } } }`).join(' ')
    for (const size of [0, -1, -1_000_000]) {
      const doc = parse(`{ n: funds(page: {size: ${size}}) { list { performance { maxDrawdown } } } ${heavy} }`)
      assert.ok(operationCost(schema, doc, undefined, {}) > GUARD_LIMITS.maxCost, `size ${size}`)
    }
  })
  it('every document the app sends and every server operation fits the budget and the limits', () => {
    const appDir = path.join(__dirname, '..', '..', 'src', 'services', 'generated', 'documents')
    const documents = [
      ...fs.readdirSync(OPERATIONS_DIR).map((f) => [f, fs.readFileSync(path.join(OPERATIONS_DIR, f), 'utf8')]),
      ...fs
        .readdirSync(appDir)
        .filter((f) => f.endsWith('Document.ts'))
        .map((f) => [f, /new TypedDocumentString\(`([^`]*)`/.exec(fs.readFileSync(path.join(appDir, f), 'utf8'))![1]]),
    ]
    assert.ok(documents.length > 100, `${documents.length} documents`)
    let largest = 0
    for (const [name, text] of documents) {
      const doc = parse(text)
      const refusal = limitsRefusal(documentMeasure(doc)!)
      assert.equal(refusal, null, `${name}: ${refusal?.message}`)
      const cost = operationCost(schema, doc, undefined, worstVariables(doc))
      assert.ok(cost <= GUARD_LIMITS.maxCost, `${name}: ${cost}`)
      largest = Math.max(largest, cost)
    }
    assert.ok(largest > 1000, `the largest app operation costs ${largest}`)
  })
})

describe('variables are checked after every parse', () => {
  const fundQuery = 'query($c: String!) { fund(fundCode: $c) { fundCode } }'
  const filterQuery = 'query($c: JSON) { fundFilterCount(conditions: $c) }'
  it('GET: an escaped NUL in the variables is 400 BAD_USER_INPUT, like POST', async () => {
    const res = await get(t, fundQuery, JSON.stringify({ c: 'a\u0000b' }))
    assert.equal(res.statusCode, 400, res.body)
    assert.equal(codeOf(res), 'BAD_USER_INPUT')
    assert.match(messageOf(res), /控制字符/)
    const viaPost = await post(t, fundQuery, { c: 'a\u0000b' })
    assert.equal(viaPost.statusCode, 400, viaPost.body)
    assert.match(messageOf(viaPost), /控制字符/)
  })
  it('a control character at any depth of a JSON variable, or in a key, is 400 on both methods', async () => {
    const nest = (levels: number) => {
      let v: unknown = { x: 'a\u0007b' }
      for (let i = 0; i < levels; i++) v = { a: [v] }
      return v
    }
    // 14 levels of objects in arrays: 29 deep, 31 in a POST body, under every nesting limit (a JSON body's 32, variables' 40); 35 levels: past both.
    for (const c of [nest(14), { ['k\u0000']: 1 }]) {
      for (const res of [await get(t, filterQuery, JSON.stringify({ c })), await post(t, filterQuery, { c })]) {
        assert.equal(res.statusCode, 400, res.body)
        assert.match(messageOf(res), /控制字符/)
      }
    }
    // Past the JSON body's own limit (32) a POST is refused before GraphQL parses it, as any JSON body is.
    const deeper = await post(t, filterQuery, { c: nest(35) })
    assert.equal(deeper.statusCode, 400, deeper.body)
    assert.match(messageOf(deeper), /嵌套过深/)
  })
  it('variables nested 5,000 levels are 400, not a stack overflow', async () => {
    const deep = `{"c":${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}}`
    const viaGet = await get(t, filterQuery, deep)
    assert.equal(viaGet.statusCode, 400, viaGet.body.slice(0, 200))
    assert.equal(codeOf(viaGet), 'BAD_USER_INPUT')
    // A POST body that deep is refused by the JSON body check, before GraphQL parses it.
    for (const res of [viaGet, await post(t, filterQuery, deep)]) {
      assert.equal(res.statusCode, 400, res.body.slice(0, 200))
      assert.match(messageOf(res), /嵌套过深/)
    }
  })
  it('ordinary variables still run on both methods', async () => {
    for (const res of [await get(t, fundQuery, JSON.stringify({ c: '000001' })), await post(t, fundQuery, { c: '000001' })]) {
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.json().data.fund.fundCode, '000001')
    }
  })
})

describe('production error messages carry no field suggestions', () => {
  const misspelt = [
    '{ fundz { fundCode } }',
    '{ managerList(sort: TENUR) { totalCount } }',
    '{ funds(pag: {size: 1}) { totalCount } }',
    '{ fund(fundCode: "000001") { fundCod } }',
  ]
  it('development names the near misses; production does not, on POST and GET', async () => {
    for (const q of misspelt) assert.match((await gql(t, q)).body.errors![0].message, /是否想用 "\w+"/, q)
    const db = (await pgliteTestDatabase()).database
    const prod = await startApp(db, {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('base64'),
      QA_TEST_LOGINS: false,
      SMS_SENDER: 'none',
      WECHAT_APP_ID: '',
      BAIDU_APP_KEY: '',
    })
    try {
      for (const q of misspelt) {
        for (const res of [await post(prod, q), await get(prod, q)]) {
          const message: string = res.json().errors[0].message
          assert.ok(message.length > 10, message)
          assert.doesNotMatch(message, /Did you mean|是否想用|"funds?"|"TENURE"|"page"|"fundCode"/, `${q}: ${message}`)
          assert.equal(codeOf(res), 'GRAPHQL_VALIDATION_FAILED')
        }
      }
    } finally {
      await prod.app.close()
      await db.close()
    }
  })
})

describe('cancelled work stops', () => {
  it('a cancelled request starts no query; a rollback and work outside the request still run', async () => {
    const cancel = new AbortController()
    cancel.abort()
    const scope = { signal: cancel.signal, statementTimeoutMs: 1000 }
    await assert.rejects(
      runInQueryScope(scope, () => database.query('select 1')),
      QueryAborted,
    )
    await assert.rejects(
      runInQueryScope(scope, () => database.db.selectFrom('funds').select('fund_code').limit(1).execute()),
      QueryAborted,
    )
    assert.deepEqual(await runInQueryScope(scope, () => outsideQueryScope(() => database.query<{ n: number }>('select 1 as n'))), [
      { n: 1 },
    ])
  })
  it('a transaction cancelled half-way is rolled back and leaves the connection clean', async () => {
    await database.query('create table if not exists abort_probe (x int)')
    const cancel = new AbortController()
    await assert.rejects(
      runInQueryScope({ signal: cancel.signal, statementTimeoutMs: 1000 }, () =>
        database.transaction(async (tx) => {
          await tx.query('insert into abort_probe values (1)')
          cancel.abort()
          await tx.query('insert into abort_probe values (2)')
        }),
      ),
      QueryAborted,
    )
    assert.deepEqual(await database.query('select x from abort_probe'), [])
    // Not left inside the transaction: this insert is committed on its own.
    await database.query('insert into abort_probe values (3)')
    assert.deepEqual(await database.transaction((tx) => tx.query('select x from abort_probe')), [{ x: 3 }])
    await database.query('drop table abort_probe')
  })
  it('a per-process cache being built for a request that is cancelled still serves the other requests waiting for it', async () => {
    invalidateFundStats(database)
    const hasty = await startApp(database, {}, { graphql: { timeBudgetMs: 20 } })
    try {
      // The first request starts building the statistics (about a second) and is cancelled at 20 ms; the second waits for the same build.
      const cancelled = gql(hasty, '{ fundFilterCount(conditions: {}) }')
      await new Promise((r) => setImmediate(r))
      const waiting = gql(t, '{ fundFilterCount(conditions: {}) }')
      assert.equal((await cancelled).status, 503)
      const res = await waiting
      assert.equal(res.body.errors, undefined, JSON.stringify(res.body.errors))
      assert.ok(res.body.data.fundFilterCount > 400, String(res.body.data.fundFilterCount))
    } finally {
      await hasty.app.close()
    }
  })
  describe('a heavy request cut short runs only part of its queries', () => {
    let executed = 0
    /** The database, counting the queries that really ran, raw or through Kysely (a refused one rejects before it is counted). */
    const counting = (): Database => ({
      ...database,
      query: async <R>(sql: string, params?: ReadonlyArray<unknown>) => {
        const rows = await database.query<R>(sql, params)
        executed++
        return rows
      },
      db: database.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          executed++
          return args.result
        },
      }),
    })
    const heavy = '{ funds(page: {size: 100}) { list { fundCode performance { maxDrawdown } } } }'
    let whole = 0
    let db: Database
    before(async () => {
      db = counting()
      const full = await startApp(db)
      try {
        await gql(full, '{ funds(page: {size: 1}) { list { performance { peerRank1Y { rank } } } } }') // the per-process statistics
        executed = 0
        assert.equal((await gql(full, heavy)).status, 200)
      } finally {
        await full.app.close()
      }
      whole = executed
    })
    /** Waits until the address's one slot is free again, i.e. the cut request's work has stopped. */
    async function settled(app: TestApp) {
      let next = await gql(app, '{ riskLevelDict { code } }')
      for (let i = 0; i < 200 && next.status === 429; i++) {
        await new Promise((r) => setTimeout(r, 25))
        next = await gql(app, '{ riskLevelDict { code } }')
      }
      assert.equal(next.status, 200)
    }
    it('at the time budget the answer is 503 and the request’s remaining queries are never run', async () => {
      assert.ok(whole >= 100, `${whole} queries for 100 funds`)
      executed = 0
      const slow = await startApp(db, { GRAPHQL_MAX_PER_ADDRESS: 1 }, { graphql: { timeBudgetMs: 20 } })
      try {
        const res = await gql(slow, heavy)
        assert.equal(res.status, 503)
        assert.equal(res.body.errors?.[0].extensions?.code, 'TIMEOUT')
        await settled(slow)
      } finally {
        await slow.app.close()
      }
      assert.ok(executed < whole / 2, `${executed} of ${whole} queries ran after a 20 ms budget`)
    })
    it('a client that goes away cancels its request the same way', async () => {
      executed = 0
      const app = await startApp(db, { GRAPHQL_MAX_PER_ADDRESS: 1 })
      try {
        const origin = await app.app.listen({ host: '127.0.0.1', port: 0 })
        const leaving = new AbortController()
        const res = fetch(`${origin}/alfa/v1/graphql`, {
          method: 'POST',
          headers: apiHeaders({ 'content-type': 'application/json' }),
          body: JSON.stringify({ query: heavy }),
          signal: leaving.signal,
        })
        await new Promise((r) => setTimeout(r, 30))
        leaving.abort()
        await assert.rejects(res)
        await settled(app)
      } finally {
        await app.app.close()
      }
      assert.ok(executed < whole / 2, `${executed} of ${whole} queries ran after the client left at 30 ms`)
    })
  })
})

describe('GraphQL requests running at once are limited per client address', () => {
  const heavy = '{ funds(page: {size: 100}) { list { fundCode performance { maxDrawdown } } } }'
  // The heavy requests only need to overlap: a busy machine must not turn them into 503s at the time budget.
  const patient = { graphql: { timeBudgetMs: 120_000 } }
  it('past GRAPHQL_MAX_PER_ADDRESS running requests an address gets 429 with a Chinese message; another address does not', async () => {
    const limited = await startApp(database, { GRAPHQL_MAX_PER_ADDRESS: 2 }, patient)
    try {
      const [a, b, c, other] = await Promise.all([
        post(limited, heavy, {}, '198.51.100.1'),
        post(limited, heavy, {}, '198.51.100.1'),
        post(limited, heavy, {}, '198.51.100.1'),
        post(limited, heavy, {}, '198.51.100.2'),
      ])
      assert.deepEqual([a, b, c].map((r) => r.statusCode).sort(), [200, 200, 429])
      const refused = [a, b, c].find((r) => r.statusCode === 429)!
      assert.equal(codeOf(refused), 'RATE_LIMITED')
      assert.match(refused.json().errors[0].message, /同时进行的查询过多/)
      assert.equal(refused.headers['retry-after'], '1')
      assert.equal(other.statusCode, 200)
      // Finished requests give their slots back.
      assert.equal((await post(limited, heavy, {}, '198.51.100.1')).statusCode, 200)
    } finally {
      await limited.app.close()
    }
  })
  it('behind a trusted proxy each forwarded client counts on its own', async () => {
    const proxied = await startApp(database, { GRAPHQL_MAX_PER_ADDRESS: 1, TRUST_PROXY: '10.0.0.0/8' }, patient)
    try {
      const via = (client: string) => post(proxied, heavy, {}, '10.0.0.5', { 'x-forwarded-for': client })
      const [a1, a2, b] = await Promise.all([via('203.0.113.1'), via('203.0.113.1'), via('203.0.113.2')])
      assert.deepEqual([a1.statusCode, a2.statusCode].sort(), [200, 429])
      assert.equal(b.statusCode, 200)
    } finally {
      await proxied.app.close()
    }
  })
})

describe('PostgreSQL: a request’s queries run under its statement_timeout, other work under none', () => {
  if (!fs.existsSync(`${PG_BIN}/initdb`)) {
    it('skipped: no binaries at /usr/lib/postgresql/15/bin', { skip: true }, () => {})
    return
  }
  let pg: ThrowawayPostgres
  let db: Database
  before(async () => {
    pg = startPostgres()
    // One connection: the same one serves request work and other work in turn.
    db = await openDatabase({ databaseUrl: pg.url, poolSize: 1 })
  })
  after(async () => {
    await db?.close()
    pg?.stop()
  })
  const scope = (statementTimeoutMs: number, signal = new AbortController().signal) => ({ signal, statementTimeoutMs })
  const timeout = async () => (await db.query<{ statement_timeout: string }>('show statement_timeout'))[0].statement_timeout
  it('PostgreSQL cancels a request’s query past its timeout; the connection then serves other work without one', async () => {
    await assert.rejects(
      runInQueryScope(scope(200), () => db.query('select pg_sleep(5)')),
      /statement timeout/,
    )
    assert.equal(await runInQueryScope(scope(200), timeout), '200ms')
    assert.equal(await timeout(), '0')
    assert.deepEqual(await db.query('select pg_sleep(0.3) as slept'), [{ slept: '' }])
  })
  it('a cancelled request starts no query, raw or through Kysely; a transaction cancelled half-way is rolled back', async () => {
    const cancel = new AbortController()
    cancel.abort()
    await assert.rejects(
      runInQueryScope(scope(1000, cancel.signal), () => db.query('select 1')),
      QueryAborted,
    )
    await assert.rejects(
      runInQueryScope(scope(1000, cancel.signal), () => db.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()),
      QueryAborted,
    )
    await db.query('create table abort_probe (x int)')
    const halfway = new AbortController()
    await assert.rejects(
      runInQueryScope(scope(1000, halfway.signal), () =>
        db.transaction(async (tx) => {
          await tx.query('insert into abort_probe values (1)')
          halfway.abort()
          await tx.query('insert into abort_probe values (2)')
        }),
      ),
      QueryAborted,
    )
    assert.deepEqual(await db.query('select x from abort_probe'), [])
  })
})
