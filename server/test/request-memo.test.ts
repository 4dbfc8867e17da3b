// memoInRequest / primeInRequest (db/abort.ts): an answer is kept for the request that read it and
// never for another (a portfolio's NAV days must not go stale across requests), and the statement
// counter counts what reaches the engine, session settings aside.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { checkQueryScope, memoInRequest, primeInRequest, runInQueryScope } from '../src/db/abort'

const request = <T>(work: () => Promise<T>, statements?: { count: number }) =>
  runInQueryScope({ signal: new AbortController().signal, statementTimeoutMs: 0, statements, memo: new Map() }, work)

describe('answers memoised per request (db/abort.ts)', () => {
  it('runs once within a request, again in the next request, and every time outside one', async () => {
    let runs = 0
    const read = () => memoInRequest('k', () => Promise.resolve(++runs))
    assert.deepEqual(await request(async () => [await read(), await read()]), [1, 1])
    assert.deepEqual(await request(async () => [await read(), await read()]), [2, 2])
    assert.equal(await read(), 3)
    assert.equal(await read(), 4)
  })

  it('a primed answer serves the rest of its request only, and does not replace one already read', async () => {
    let runs = 0
    const read = () => memoInRequest('bounds', () => Promise.resolve(`read ${++runs}`))
    assert.equal(
      await request(async () => {
        primeInRequest('bounds', 'primed')
        return read()
      }),
      'primed',
    )
    assert.equal(await request(read), 'read 1')
    assert.equal(
      await request(async () => {
        await read()
        primeInRequest('bounds', 'primed')
        return read()
      }),
      'read 2',
    )
  })

  it('counts the statements of a request, not its session settings or the connection check', async () => {
    const statements = { count: 0 }
    await request(async () => {
      checkQueryScope('')
      checkQueryScope('set statement_timeout = 10000')
      checkQueryScope('select 1')
      checkQueryScope('select 2')
    }, statements)
    assert.equal(statements.count, 2)
  })
})
