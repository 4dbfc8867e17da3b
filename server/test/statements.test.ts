// SQL statements per first screen (issue #24): each screen's first request, exactly as the app sends
// it (the generated document), counted at the database (db/abort.ts counts what reaches the
// engine), cold (first request after start) and warm (the same request again). A deterministic
// count, so a test: the budget of each screen fails the suite when a change adds statements.
// `STATEMENTS_REPORT=1` prints the table (npm run bench prints it too).
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { DEMO_USER } from '../src/demo/seed'
import { issueToken } from '../src/account/tokens'
import { runInQueryScope } from '../src/db/abort'
import { GRAPHQL_ACCEPT } from '@alfa/common/apiPaths'
import { apiHeaders, useTestApp, type TestApp } from './helpers'

const DOCUMENTS = path.join(__dirname, '..', '..', 'src', 'services', 'generated', 'documents')

/** The app's document text for an operation, as codegen wrote it (fragments included). */
function appDocument(name: string): string {
  const text = fs.readFileSync(path.join(DOCUMENTS, `${name}Document.ts`), 'utf8')
  const m = /new TypedDocumentString\(`([\s\S]*?)`/.exec(text)
  if (!m) throw new Error(`no document in ${name}Document.ts`)
  return m[1]
}

interface Screen {
  name: string
  /** The requests of the first screen, in the app's order. */
  requests: Array<{ operation: string; variables: Record<string, unknown> }>
  loggedIn?: boolean
  /** The most statements the first screen may send once warm: today's count (the issue's goal is 4; lower it as screens improve). */
  budget: number
}

const SCREENS: Screen[] = [
  { name: 'home', requests: [{ operation: 'Home', variables: { feed: true } }], budget: 4 },
  { name: 'fund detail (000001)', requests: [{ operation: 'FundDetail', variables: { fundCode: '000001' } }], budget: 4 },
  // 3: the picks, their funds and the groups (issue #25: the tabs come in the same request).
  { name: 'watchlist (demo user)', requests: [{ operation: 'WatchlistPicks', variables: {} }], loggedIn: true, budget: 3 },
  {
    name: 'strategy detail (ZH015676)',
    requests: [{ operation: 'Portfolio', variables: { poCode: 'ZH015676', needQueryHolding: false, range: '1Y' } }],
    budget: 3,
  },
  {
    name: 'long-win detail (LW000001, logged in)',
    requests: [{ operation: 'Longwin', variables: { poCode: 'LW000001', needQueryHolding: true, range: '1Y' } }],
    loggedIn: true,
    budget: 4,
  },
  {
    name: 'plan detail (AP000001, logged in)',
    requests: [{ operation: 'InvestPlan', variables: { poCode: 'AP000001', needQueryHolding: true, range: '1Y' } }],
    loggedIn: true,
    budget: 4,
  },
  // 3: the funds, their series with marks and managers' names (compare/data.ts), the managers' tenures.
  {
    name: '基金对比 (four funds)',
    requests: [{ operation: 'FundComparison', variables: { codes: ['000001', '005794', '015449', '019311'], range: '1Y' } }],
    budget: 3,
  },
]

/** Statements sent to the database while the screen's requests are answered (every part of a multipart answer included). */
async function countStatements(t: TestApp, screen: Screen, auth: Record<string, string>): Promise<number> {
  const statements = { count: 0 }
  await runInQueryScope({ signal: new AbortController().signal, statementTimeoutMs: 0, statements }, async () => {
    for (const r of screen.requests) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/alfa/v1/graphql',
        headers: apiHeaders({ 'content-type': 'application/json', accept: GRAPHQL_ACCEPT, ...(screen.loggedIn ? auth : {}) }),
        payload: { query: appDocument(r.operation), variables: r.variables, operationName: r.operation },
      })
      assert.equal(res.statusCode, 200, `${r.operation}: ${res.body.slice(0, 300)}`)
      assert.doesNotMatch(res.body, /"errors"/, `${r.operation}: ${res.body.slice(0, 300)}`)
    }
  })
  return statements.count
}

describe('SQL statements per first screen (issue #24)', () => {
  const app = useTestApp()
  it('each first screen stays within its statement budget, cold and warm', async () => {
    const auth = { authorization: `Bearer ${(await issueToken(app.t.config.JWT_SECRET, DEMO_USER.userId)).token}` }
    const rows: string[] = []
    const over: string[] = []
    for (const screen of SCREENS) {
      const cold = await countStatements(app.t, screen, auth)
      const warm = await countStatements(app.t, screen, auth)
      rows.push(`${screen.name.padEnd(40)} cold ${String(cold).padStart(3)}  warm ${String(warm).padStart(3)}  budget ${screen.budget}`)
      assert.ok(warm > 0, `${screen.name}: no statement counted (is the counter wired?)`)
      if (warm > screen.budget) over.push(`${screen.name}: ${warm} statements, budget ${screen.budget}`)
    }
    if (process.env.STATEMENTS_REPORT) console.log(rows.join('\n'))
    assert.deepEqual(over, [])
  })
})
