import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import autocannon from 'autocannon'
import { seededDataDirCopy } from '../test/helpers'
import { issueToken } from '../src/account/tokens'
import { DEMO_USER } from '../src/demo/seed'
import { apiHeaders, freePort, serverEnv, startServerProcess, TEST_JWT_SECRET } from './lib'

/**
 * The app's real operations under load: 100 connections for 30 s (LOAD_SECONDS) against a
 * server process on the embedded database (its single connection is the bottleneck a real
 * PGlite deployment has). The mix is the first screens' GraphQL documents and REST calls, an
 * anonymous visitor's and a logged-in user's (their picks, profile, follow and pick writes).
 * Zero errors, timeouts, non-2xx answers, and no answer carrying an error in its body
 * (a GraphQL error is an HTTP 200); throughput and latency are printed.
 */

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30)
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100)
const operation = (name: string) => fs.readFileSync(path.join(__dirname, '..', 'operations', `${name}.graphql`), 'utf8')

/** An answer without an error: REST `{ code: 200 }`, GraphQL `data` without `errors`. */
function clean(body: string): boolean {
  try {
    const json = JSON.parse(body) as { code?: number; data?: unknown; errors?: unknown }
    return json.errors === undefined && json.data !== undefined && (json.code === undefined || json.code === 200)
  } catch {
    return false
  }
}

describe('load: the app’s real operations at 100 connections', () => {
  it(`${CONNECTIONS} connections for ${SECONDS} s: no errors`, { timeout: (SECONDS + 120) * 1000 }, async () => {
    // The load generator is one client address standing for 100 users: GraphQL's per-address limit is set to match.
    const server = await startServerProcess(
      serverEnv(await freePort(), await seededDataDirCopy(), { GRAPHQL_MAX_PER_ADDRESS: String(CONNECTIONS) }),
    )
    try {
      // The demo account, logged in (the test server signs with TEST_JWT_SECRET).
      const { token } = await issueToken(TEST_JWT_SECRET, DEMO_USER.userId)
      const user = { authorization: `Bearer ${token}` }
      const gql = (name: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) => ({
        method: 'POST' as const,
        path: '/alfa/v1/graphql',
        body: JSON.stringify({ query: operation(name), variables, operationName: name }),
        headers,
      })
      const rest = (method: 'GET' | 'POST', p: string, body?: unknown, headers: Record<string, string> = {}) => ({
        method,
        path: p,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers,
      })
      const mix = [
        gql('Portfolio', { poCode: 'ZH015676', range: '1Y' }),
        gql('PortfolioEntry', { poCode: 'LW000001' }),
        gql('Fund', { fundCode: '000001' }),
        gql('Signals', { poCode: 'ZH015676', page: { size: 10 } }),
        gql('Adjustment', { poCode: 'ZH015676', page: { size: 10 }, needPreference: true, needCategoryDict: true }),
        gql('allColumns', {}),
        gql('getLatestAipAdvices', { poCode: 'ZH015676' }),
        rest('GET', '/alfa/v1/user-fund-picks/popular?size=6'),
        rest('GET', '/alfa-m/v2/m4'),
        rest('GET', '/alfa/v1/fund/info/000001'),
        // Logged in: profile, picks, and two writes (each leaves the same state when repeated).
        gql('UserInfo', {}, user),
        rest('GET', '/alfa/v1/user-fund-picks/list', undefined, user),
        gql('toggleFollow', { poCode: 'ZH015677', state: true }, user),
        rest('POST', '/alfa/v1/user-fund-picks/batch', { fundCodes: ['001932'], op: 'add' }, user),
      ]
      const send = (r: (typeof mix)[number]) =>
        fetch(`${server.origin}${r.path}`, {
          method: r.method,
          headers: { ...apiHeaders(), 'content-type': 'application/json', ...r.headers },
          body: r.body,
        })
      // Each request of the mix answers cleanly on its own first.
      for (const r of mix) {
        const res = await send(r)
        const body = await res.text()
        assert.equal(res.status, 200, `${r.path} ${r.body?.slice(0, 80) ?? ''}: ${body.slice(0, 300)}`)
        assert.ok(clean(body), `${r.path} ${r.body?.slice(0, 80) ?? ''}: ${body.slice(0, 300)}`)
      }
      let i = 0
      const result = await autocannon({
        url: server.origin,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 20,
        // A fresh signature per request: x-sign carries a timestamp.
        requests: [
          {
            setupRequest: (req) => {
              const next = mix[i++ % mix.length]
              return {
                ...req,
                method: next.method,
                path: next.path,
                body: next.body,
                headers: { ...apiHeaders(), 'content-type': 'application/json', ...next.headers },
              }
            },
          },
        ],
        verifyBody: clean,
      })
      console.log(
        `load: ${CONNECTIONS} connections, ${SECONDS} s, ${mix.length} operations: ${result.requests.total} requests, ${result.requests.average.toFixed(1)} req/s; ` +
          `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, error bodies ${result.mismatches}`,
      )
      assert.equal(result.errors, 0)
      assert.equal(result.timeouts, 0)
      assert.equal(result.non2xx, 0)
      assert.equal(result.mismatches, 0)
      assert.ok(result.requests.total > 0)
      // Still serving afterwards.
      assert.equal((await fetch(`${server.origin}/alfa/v1/user/ab-test`, { headers: apiHeaders() })).status, 200)
    } finally {
      await server.stop()
    }
  })
})
