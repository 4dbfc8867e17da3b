import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Database } from '../src/db'
import { apiHeaders, login, pgliteTestDatabase, startApp, type TestApp } from './helpers'

/**
 * Issue #25: bad input gets a clear Chinese message. Each kind of refusal a client can trigger
 * (graphql-js's and graphql-jit's variable, validation and syntax errors, the guard's limits, the
 * resolvers' own checks) answers with Chinese text, its code, and the name of what was wrong.
 */

const CJK = /[\u4e00-\u9fff]/

interface Refusal {
  name: string
  query: string
  variables?: Record<string, unknown>
  code: string
  /** Text the message must name (the variable, field or argument). */
  names?: string
  auth?: boolean
}

const SEARCH = 'query Q($k: String!, $l: Int) { search(keyword: $k, limit: $l) { __typename } }'
const RANKING =
  'query Q($p: PageInput, $d: SortDirection, $period: String) { fundRanking(page: $p, direction: $d, period: $period) { totalCount } }'

const REFUSALS: Refusal[] = [
  { name: 'a required variable not provided', query: SEARCH, variables: {}, code: 'BAD_USER_INPUT', names: '$k' },
  { name: 'a required variable null', query: SEARCH, variables: { k: null }, code: 'BAD_USER_INPUT', names: '$k' },
  { name: 'a number where a string belongs', query: SEARCH, variables: { k: 5 }, code: 'BAD_USER_INPUT', names: '$k' },
  { name: 'a string where an Int belongs', query: SEARCH, variables: { k: 'a', l: 'x' }, code: 'BAD_USER_INPUT', names: '$l' },
  { name: 'an Int beyond 32 bits', query: SEARCH, variables: { k: 'a', l: 1e300 }, code: 'BAD_USER_INPUT', names: '$l' },
  { name: 'a fraction where an Int belongs', query: SEARCH, variables: { k: 'a', l: 0.5 }, code: 'BAD_USER_INPUT', names: '$l' },
  { name: 'an unknown enum value', query: RANKING, variables: { d: 'sideways' }, code: 'BAD_USER_INPUT', names: '$d' },
  { name: 'a number where an input object belongs', query: RANKING, variables: { p: 5 }, code: 'BAD_USER_INPUT', names: '$p' },
  { name: 'an unknown field of an input object', query: RANKING, variables: { p: { nope: 1 } }, code: 'BAD_USER_INPUT', names: 'nope' },
  { name: 'search: limit out of range', query: SEARCH, variables: { k: 'a', l: 999 }, code: 'BAD_USER_INPUT', names: 'limit' },
  { name: 'page.size out of range', query: RANKING, variables: { p: { size: 1000 } }, code: 'BAD_USER_INPUT', names: 'page.size' },
  {
    name: 'a page cursor not from pageInfo',
    query: RANKING,
    variables: { p: { cursor: 'nope' } },
    code: 'BAD_USER_INPUT',
    names: 'page.cursor',
  },
  { name: 'an unknown ranking period', query: RANKING, variables: { period: '7Y' }, code: 'BAD_USER_INPUT', names: 'period' },
  { name: 'an unknown filter sort', query: '{ fundFilter(sort: "bad") { totalCount } }', code: 'BAD_USER_INPUT', names: 'sort' },
  {
    name: 'an unknown filter direction',
    query: '{ fundFilter(direction: "up") { totalCount } }',
    code: 'BAD_USER_INPUT',
    names: 'direction',
  },
  {
    name: 'a filter condition of the wrong type',
    query: 'query Q($c: JSON) { fundFilterCount(conditions: $c) }',
    variables: { c: { minReturn: 'abc', riskLevels: ['Huge'] } },
    code: 'BAD_USER_INPUT',
    names: 'minReturn',
  },
  {
    name: 'filter conditions not an object',
    query: 'query Q($c: JSON) { fundFilterCount(conditions: $c) }',
    variables: { c: 5 },
    code: 'BAD_USER_INPUT',
  },
  {
    name: 'a saved filter name empty',
    query: 'mutation { saveFilter(name: " ", formValue: {}) { filterId } }',
    code: 'BAD_USER_INPUT',
    auth: true,
  },
  {
    name: 'a saved filter name too long',
    query: `mutation { saveFilter(name: "${'长'.repeat(51)}", formValue: {}) { filterId } }`,
    code: 'BAD_USER_INPUT',
    auth: true,
  },
  {
    name: 'a saved filter formValue not an object',
    query: 'mutation { saveFilter(name: "a", formValue: 5) { filterId } }',
    code: 'BAD_USER_INPUT',
    auth: true,
  },
  {
    name: 'a saved filter renamed to nothing',
    query: 'mutation { renameFilter(filterId: "1", name: "") { filterId } }',
    code: 'BAD_USER_INPUT',
    auth: true,
  },
  {
    name: 'a saved filter reordered wrongly',
    query: 'mutation { reorderFilters(filterIds: ["1", "1"]) { filterId } }',
    code: 'BAD_USER_INPUT',
    auth: true,
  },
  {
    name: 'an unknown saved filter renamed',
    query: 'mutation { renameFilter(filterId: "999999", name: "a") { filterId } }',
    code: 'NOT_FOUND',
    auth: true,
  },
  {
    name: 'an index series too long',
    query: '{ marketIndex(indexCode: "000300") { daily(days: 100000) { time } } }',
    code: 'BAD_USER_INPUT',
    names: 'days',
  },
  { name: 'an unknown field', query: '{ nope }', code: 'GRAPHQL_VALIDATION_FAILED', names: 'nope' },
  { name: 'a required argument missing', query: '{ search { __typename } }', code: 'GRAPHQL_VALIDATION_FAILED', names: 'keyword' },
  { name: 'a literal of the wrong type', query: '{ search(keyword: 1) { __typename } }', code: 'GRAPHQL_VALIDATION_FAILED' },
  {
    name: 'a variable never used',
    query: 'query Q($x: Int) { search(keyword: "a") { __typename } }',
    code: 'GRAPHQL_VALIDATION_FAILED',
    names: '$x',
  },
  {
    name: 'a variable in the wrong position',
    query: 'query Q($c: [String!]) { fundComparison(codes: $c) { __typename } }',
    code: 'GRAPHQL_VALIDATION_FAILED',
    names: '$c',
  },
  { name: 'a syntax error', query: 'query {', code: 'GRAPHQL_PARSE_FAILED' },
  {
    name: 'too many aliases',
    query: `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: riskLevelDict { code }`).join(' ')} }`,
    code: 'TOO_MANY_ALIASES',
  },
  { name: 'nesting too deep in the text', query: `{ ${'fund(fundCode: "1") { manager { '.repeat(25)} }`, code: 'QUERY_TOO_DEEP' },
  {
    name: 'too costly',
    query: '{ fundFilter(page: { size: 100 }) { list { fund { figureBasis(figure: "1Y") { __typename } } } } }',
    code: 'QUERY_TOO_COSTLY',
  },
]

let database: Database
let t: TestApp
let token = ''
before(async () => {
  database = (await pgliteTestDatabase()).database
  t = await startApp(database)
  token = await login(t)
})
after(async () => {
  await t?.app.close()
  await database?.close()
})

type Answer = { errors?: Array<{ message: string; extensions?: { code?: string } }>; data?: unknown }

function post(r: Refusal) {
  return t.app.inject({
    method: 'POST',
    url: '/alfa/v1/graphql',
    headers: apiHeaders({ 'content-type': 'application/json', ...(r.auth ? { authorization: `Bearer ${token}` } : {}) }),
    payload: JSON.stringify({ query: r.query, variables: r.variables ?? {} }),
  })
}

/** The same request as a GET, answered by Yoga (POST answers valid documents on the graphql-jit fast path). */
function get(r: Refusal) {
  const params = new URLSearchParams({ query: r.query, variables: JSON.stringify(r.variables ?? {}) })
  return t.app.inject({
    method: 'GET',
    url: `/alfa/v1/graphql?${params}`,
    headers: apiHeaders({ accept: 'application/json', ...(r.auth ? { authorization: `Bearer ${token}` } : {}) }),
  })
}

describe('every refusal a client can trigger is in Chinese, its code and the name of what was wrong kept', () => {
  for (const r of REFUSALS) {
    it(`${r.name}: ${r.code}, Chinese, on POST and GET`, async () => {
      // Mutations are POST only.
      for (const res of r.query.startsWith('mutation') ? [await post(r)] : [await post(r), await get(r)]) {
        assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`)
        const error = res.json<Answer>().errors?.[0]
        assert.ok(error, `${r.name}: no error in ${res.body}`)
        assert.equal(error.extensions?.code, r.code, `${r.name}: ${res.body}`)
        assert.match(error.message, CJK, `${r.name}: ${error.message}`)
        assert.doesNotMatch(error.message, /must be|must not|is not|Unknown|Invalid|Expected|cannot represent|Variable "/, error.message)
        if (r.names) assert.ok(error.message.includes(r.names), `${r.name}: "${error.message}" does not name ${r.names}`)
      }
    })
  }

  it('a body that is not JSON or not an object: a 4xx in Chinese', async () => {
    const plain = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/graphql',
      headers: apiHeaders({ 'content-type': 'text/plain' }),
      payload: '{}',
    })
    const array = await t.app.inject({
      method: 'POST',
      url: '/alfa/v1/graphql',
      headers: apiHeaders({ 'content-type': 'application/json' }),
      payload: '[1]',
    })
    for (const [res, code] of [
      [plain, 'UNSUPPORTED_MEDIA_TYPE'],
      [array, 'BAD_REQUEST'],
    ] as const) {
      assert.ok(res.statusCode >= 400 && res.statusCode < 500, res.body)
      const error = res.json<Answer>().errors?.[0]
      assert.equal(error?.extensions?.code, code)
      assert.match(error?.message ?? '', CJK, res.body)
    }
  })
})
