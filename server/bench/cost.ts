// node --import tsx server/bench/cost.ts [filter] — how long the heaviest queries the cost model
// admits take: for every object field under a page of funds, managers or portfolios, and every
// root field, the largest query of that shape within the budget (page sizes, then aliases over
// other pages and codes, so the per-request memo does not help), run on the seeded demo data
// (PGlite). Prints cost, the best of 3 runs, and the time the whole budget would take at that
// rate. The weights in src/graphql/guard.ts (HEAVY_FIELDS) were set from its output so that the
// slowest admitted query takes about a second on a 2-core machine. A script, not a test.
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isScalarType,
  parse,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from 'graphql'
import { gql, login, pgliteTestDatabase, startApp } from '../test/helpers'
import { typeDefs } from '../src/graphql/plugin'
import { GUARD_LIMITS, operationCost } from '../src/graphql/guard'
import { GRAPHQL_LIMITS, documentMeasure, limitsRefusal } from '../src/graphql/limits'

const schema = buildSchema(typeDefs)
const filter = process.argv[2] ?? ''
const RUNS = 3

/** Every scalar leaf, and objects two levels down without their required-argument fields. */
function leaves(type: GraphQLOutputType, depth = 2): string {
  const named = getNamedType(type)
  if (isScalarType(named) || isEnumType(named)) return ''
  const parts: string[] = []
  for (const f of Object.values((named as GraphQLObjectType).getFields())) {
    if (f.args.some((a) => String(a.type).endsWith('!'))) continue
    const inner = getNamedType(f.type)
    if (isScalarType(inner) || isEnumType(inner)) parts.push(f.name)
    else if (depth > 0) {
      const s = leaves(f.type, depth - 1)
      if (s) parts.push(`${f.name} ${s}`)
    }
  }
  return parts.length ? `{ ${parts.join(' ')} }` : ''
}

const cursor = (offset: number) => Buffer.from(String(offset)).toString('base64url')
const costOf = (q: string) => operationCost(schema, parse(q), undefined, {})
const fits = (q: string, aliases: number) =>
  costOf(q) <= GUARD_LIMITS.maxCost &&
  aliases <= GRAPHQL_LIMITS.maxAliases &&
  q.length < 90_000 &&
  !limitsRefusal(documentMeasure(parse(q))!)

/** The largest query of aliases `alias(i)` that the guard admits (at most 30). */
function fill(alias: (i: number) => string): { query: string; n: number } | null {
  let best: { query: string; n: number } | null = null
  for (let n = 1; n <= GRAPHQL_LIMITS.maxAliases; n++) {
    const query = `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${alias(i)}`).join(' ')} }`
    if (!fits(query, n)) break
    best = { query, n }
  }
  return best
}

async function main() {
  const { database } = await pgliteTestDatabase()
  const t = await startApp(database)
  const token = await login(t, '13800000000')
  const auth = { authorization: `Bearer ${token}` }
  const codes = {
    fundCode: (await database.query<{ c: string }>('select fund_code as c from funds order by 1')).map((r) => r.c),
    poCode: (await database.query<{ c: string }>('select po_code as c from portfolios order by 1')).map((r) => r.c),
    managerId: (await database.query<{ c: string }>('select manager_id as c from managers order by 1')).map((r) => r.c),
  }
  const rows: Array<{ name: string; cost: number; ms: number; n: number; errors: string }> = []
  const measure = async (name: string, q: { query: string; n: number } | null) => {
    if (!q || (filter && !name.includes(filter))) return
    let ms = Infinity
    let errors = ''
    for (let r = 0; r < RUNS; r++) {
      const started = performance.now()
      const res = await gql(t, q.query, {}, auth)
      ms = Math.min(ms, performance.now() - started)
      errors = res.status !== 200 ? `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 100)}` : (res.body.errors?.[0]?.message ?? '')
    }
    const row = { name, cost: costOf(q.query), ms, n: q.n, errors }
    rows.push(row)
    console.log(
      `${name.padEnd(48)} cost ${String(Math.round(row.cost)).padStart(6)}  ${String(Math.round(ms)).padStart(5)} ms  ` +
        `(${String(Math.round((ms * GUARD_LIMITS.maxCost) / Math.max(row.cost, 1))).padStart(6)} ms per budget)  ${q.n} alias(es) ${errors.slice(0, 60)}`,
    )
  }
  // Warm the per-process caches (statistics, search index) first: they are built once, not per request.
  await gql(t, '{ funds(page: {size: 1}) { list { performance { peerRank1Y { rank } } } } search(keyword: "基金") { funds { fundCode } } }')

  // Object fields of the items of a page: the largest page within the budget, then more pages as aliases.
  const lists: Array<{ type: string; field: string; total: number; key: string }> = [
    { type: 'Fund', field: 'funds', total: codes.fundCode.length, key: 'fundCode' },
    { type: 'Manager', field: 'managers', total: codes.managerId.length, key: 'managerId' },
    { type: 'Portfolio', field: 'portfolios', total: codes.poCode.length, key: 'poCode' },
  ]
  // Fields with a required argument are measured with the heaviest value the app sends.
  const requiredArgs: Record<string, string> = { 'Fund.figureBasis': '(figure: "SETUP")' }
  for (const { type, field, total, key } of lists) {
    for (const f of Object.values((schema.getType(type) as GraphQLObjectType).getFields()) as GraphQLField<unknown, unknown>[]) {
      const given = requiredArgs[`${type}.${f.name}`]
      if (!given && f.args.some((a) => String(a.type).endsWith('!'))) continue
      const sub = leaves(f.type)
      const variants = given
        ? [given]
        : f.args.some((a) => a.name === 'range')
          ? ['', '(range: "Max")']
          : f.args.some((a) => a.name === 'page')
            ? ['', '(page: {size: 100})']
            : ['']
      for (const v of variants) {
        const selection = `${key} ${f.name}${v} ${sub}`
        let size = 100
        while (size > 1 && !fits(`{ ${field}(page: {size: ${size}}) { list { ${selection} } } }`, 0)) size = Math.floor(size * 0.8)
        if (!fits(`{ ${field}(page: {size: ${size}}) { list { ${selection} } } }`, 0)) continue
        const pages = Math.max(1, Math.ceil(total / size))
        await measure(
          `${type}.${f.name}${v} ×${size}`,
          fill(
            (i) =>
              `${field}(page: {size: ${size}${i % pages ? `, cursor: "${cursor((i % pages) * size)}"` : ''}}) { list { ${selection} } }`,
          ),
        )
      }
    }
  }
  // Root fields: aliases over different codes.
  const sample: Record<string, (i: number) => string> = {
    fundCode: (i) => JSON.stringify(codes.fundCode[(i * 17) % codes.fundCode.length]),
    poCode: (i) => JSON.stringify(codes.poCode[i % codes.poCode.length]),
    managerId: (i) => JSON.stringify(codes.managerId[i % codes.managerId.length]),
    keyword: (i) => JSON.stringify(['基金', '成长', '价值', '债', '指数', 'zh', 'a', '中'][i % 8] + (i >= 8 ? String(i) : '')),
    indexCode: () => '"000300"',
    liveId: () => '"LIVE001"',
    recCodes: () => '["home"]',
  }
  for (const f of Object.values(schema.getQueryType()!.getFields())) {
    const required = f.args.filter((a) => String(a.type).endsWith('!'))
    const args = (i: number) =>
      required.length ? `(${required.map((a) => `${a.name}: ${(sample[a.name] ?? (() => '"x"'))(i)}`).join(', ')})` : ''
    const ranged = f.args.some((a) => a.name === 'range')
    for (const v of ranged ? ['', 'range: "Max"'] : ['']) {
      const withRange = (i: number) => {
        const a = args(i)
        return v ? (a ? a.replace(/\)$/, `, ${v})`) : `(${v})`) : a
      }
      await measure(
        `Query.${f.name}${v ? '(Max)' : ''}`,
        fill((i) => `${f.name}${withRange(i)} ${leaves(f.type)}`),
      )
    }
  }
  rows.sort((a, b) => b.ms - a.ms)
  console.log('\nslowest admitted:')
  for (const r of rows.slice(0, 12)) console.log(`  ${r.name}: ${Math.round(r.ms)} ms at cost ${Math.round(r.cost)}`)
  await t.app.close()
  await database.close()
}

void main()
