import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import { describe, it } from 'node:test'
import { GRAPHQL_ACCEPT, GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { COMPRESS_FROM_BYTES } from '../src/graphql/plugin'
import { appDocument } from '../bench/harness'
import { apiHeaders, useTestApp } from './helpers'

/**
 * The fast path's JSON answers go out compressed when the client takes it (issue #24: the H5 app's
 * answers of 2–26 KB crossed a slow mobile link as plain text). The answer decompressed is the
 * plain one, byte for byte; small answers and clients that take no encoding get plain JSON.
 */
describe('GraphQL answers compressed as Accept-Encoding takes them', () => {
  const app = useTestApp()
  const ask = (query: string, variables: Record<string, unknown>, acceptEncoding?: string) =>
    app.t.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: apiHeaders({
        'content-type': 'application/json',
        accept: GRAPHQL_ACCEPT,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      }),
      payload: { query, variables },
    })
  const FUND = appDocument('FundDetail')

  it('a fund page’s answer: br for a browser, gzip when br is refused, plain without Accept-Encoding; the same JSON', async () => {
    const plain = await ask(FUND, { fundCode: '000001' }, '')
    assert.equal(plain.headers['content-encoding'], undefined)
    assert.ok(plain.body.length >= COMPRESS_FROM_BYTES, `the answer is ${plain.body.length} bytes`)
    assert.equal(JSON.parse(plain.body).errors, undefined)
    const br = await ask(FUND, { fundCode: '000001' }, 'gzip, deflate, br')
    assert.equal(br.headers['content-encoding'], 'br')
    assert.match(String(br.headers.vary), /accept-encoding/i)
    assert.ok(br.rawPayload.length < plain.rawPayload.length / 2, `${br.rawPayload.length} of ${plain.rawPayload.length} bytes`)
    assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), plain.body)
    const gzip = await ask(FUND, { fundCode: '000001' }, 'br;q=0, gzip')
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.equal(zlib.gunzipSync(gzip.rawPayload).toString(), plain.body)
    assert.equal((await ask(FUND, { fundCode: '000001' }, 'identity')).headers['content-encoding'], undefined)
  })

  it('a small answer stays plain whatever the client takes', async () => {
    const small = await ask('{ __typename }', {}, 'br, gzip')
    assert.equal(small.headers['content-encoding'], undefined)
    assert.deepEqual(JSON.parse(small.body), { data: { __typename: 'Query' } })
  })
})
