import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import zlib from 'node:zlib'
import { describe, it } from 'node:test'
import { GRAPHQL_ACCEPT, GRAPHQL_PATH } from '@alfa/common/apiPaths'
import { COMPRESS_FROM_BYTES } from '../src/graphql/plugin'
import { compressStream } from '../src/graphql/compress'
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

describe('@defer answers (multipart/mixed) compressed part by part', () => {
  const app = useTestApp()
  const DEFERRED = fs.readFileSync(path.join(__dirname, '..', 'operations', 'PortfolioDeferred.graphql'), 'utf8')
  const ask = (acceptEncoding: string) =>
    app.t.app.inject({
      method: 'POST',
      url: GRAPHQL_PATH,
      headers: apiHeaders({ 'content-type': 'application/json', accept: GRAPHQL_ACCEPT, 'accept-encoding': acceptEncoding }),
      payload: { query: DEFERRED, variables: { poCode: 'ZH015676', range: '1Y' } },
    })
  /** The JSON parts of a multipart/mixed body. */
  const parts = (body: string) =>
    body
      .split(/\r\n---/)
      .map((p) => p.split('\r\n\r\n')[1])
      .filter((p) => p && p.trim().startsWith('{'))
      .map((p) => JSON.parse(p) as unknown)

  it('the strategy detail’s answer: br or gzip as taken, its parts the plain answer’s', async () => {
    const plain = await ask('identity')
    assert.match(String(plain.headers['content-type']), /^multipart\/mixed/)
    assert.equal(plain.headers['content-encoding'], undefined)
    const expected = parts(plain.body)
    assert.ok(expected.length >= 2, plain.body.slice(0, 200))
    const br = await ask('gzip, deflate, br')
    assert.match(String(br.headers['content-type']), /^multipart\/mixed/)
    assert.equal(br.headers['content-encoding'], 'br')
    assert.match(String(br.headers.vary), /accept-encoding/i)
    assert.ok(br.rawPayload.length < plain.rawPayload.length / 2, `${br.rawPayload.length} of ${plain.rawPayload.length} bytes`)
    assert.deepEqual(parts(zlib.brotliDecompressSync(br.rawPayload).toString()), expected)
    const gzip = await ask('gzip')
    assert.equal(gzip.headers['content-encoding'], 'gzip')
    assert.deepEqual(parts(zlib.gunzipSync(gzip.rawPayload).toString()), expected)
  })

  for (const encoding of ['br', 'gzip'] as const) {
    it(`${encoding}: each part can be read before the next one is written (flushed, not held to the end)`, async () => {
      const source = new PassThrough()
      const output = compressStream(source, encoding)
      const reader = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip()
      output.pipe(reader)
      let text = ''
      reader.on('data', (d: Buffer) => (text += d.toString()))
      const readUntil = async (wanted: string) => {
        for (let i = 0; i < 200 && !text.includes(wanted); i++) await new Promise((r) => setTimeout(r, 10))
        return text
      }
      source.write('---\r\n{"data":{"first":1},"hasNext":true}\r\n')
      // The second part is not written yet: the first must already be readable.
      assert.match(await readUntil('"first"'), /"hasNext":true/)
      source.end('---\r\n{"incremental":[],"hasNext":false}\r\n-----\r\n')
      await new Promise((r) => reader.once('end', r))
      assert.match(text, /"hasNext":false/)
    })
  }
})
