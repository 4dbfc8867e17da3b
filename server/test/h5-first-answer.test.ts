import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { FIRST_ANSWER_ELEMENT_ID, FIRST_ANSWERS_FILE, type FirstAnswer, type FirstAnswerRow } from '@alfa/common/firstAnswer'
import Fastify from 'fastify'
import { firstAnswerFor, h5Plugin, scriptJson, warmFirstAnswers } from '../src/h5'
import type { PublicAnswerer } from '../src/graphql/publicAnswer'
import { gql, login, pgliteTestDatabase, startApp, type TestApp } from './helpers'
import type { Database } from '../src/db'

/** The fund detail's first query exactly as the app asks it (the generated document the build writes into first-answers.json). */
const FUND_DETAIL = /new TypedDocumentString\(`([^`]+)`/.exec(
  fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'services', 'generated', 'documents', 'FundDetailDocument.ts'), 'utf8'),
)![1]
const ROWS: FirstAnswerRow[] = [
  {
    paths: ['/alfa/fund/:fundCode/detail', '/pages/fund/index', '/alfa/fund/:fundCode'],
    operationName: 'FundDetail',
    query: FUND_DETAIL,
    variables: { fundCode: 'fundCode' },
  },
]
const INDEX = '<!doctype html><html><head><title>Alfa</title></head><body><div id="app"></div></body></html>'

/** The first answer a page's HTML carries, or null. */
function carried(html: string): FirstAnswer | null {
  const m = new RegExp(`<script type="application/json" id="${FIRST_ANSWER_ELEMENT_ID}">([^<]*)</script>`).exec(html)
  return m ? (JSON.parse(m[1]) as FirstAnswer) : null
}

describe('a page address gets its screen’s first answer in the HTML (firstAnswerFor)', () => {
  const asked: Array<[string, Record<string, unknown>]> = []
  const answer: PublicAnswerer = async (_query, variables) => {
    asked.push(['q', variables])
    return { data: { fund: { fundCode: variables.fundCode, fundName: '</script><script>alert(1)</script>' } } }
  }
  const first = firstAnswerFor(ROWS, answer)

  it('the path parameter, else the query string, trimmed, is the variable; the answer is JSON no `<` can end', async () => {
    const el = await first('/alfa/fund/000001', new URLSearchParams())
    assert.ok(el.startsWith(`<script type="application/json" id="${FIRST_ANSWER_ELEMENT_ID}">`))
    assert.ok(!el.slice(40, -9).includes('<'), 'no < inside the element')
    const payload = carried(el)!
    assert.deepEqual(payload.variables, { fundCode: '000001' })
    assert.equal(payload.query, FUND_DETAIL)
    assert.deepEqual(payload.data, { fund: { fundCode: '000001', fundName: '</script><script>alert(1)</script>' } })
    assert.deepEqual(carried(await first('/pages/fund/index', new URLSearchParams('fundCode=%20110011%20')))!.variables, {
      fundCode: '110011',
    })
    assert.deepEqual(carried(await first('/alfa/fund/000001/detail', new URLSearchParams()))!.variables, { fundCode: '000001' })
  })

  it('no row, a missing parameter or a malformed address: nothing, and nothing is asked', async () => {
    asked.length = 0
    assert.equal(await first('/pages/home/index', new URLSearchParams()), '')
    assert.equal(await first('/pages/fund/index', new URLSearchParams()), '')
    assert.equal(await first('/pages/fund/index', new URLSearchParams('fundCode=%20')), '')
    assert.equal(await first('/alfa/fund/%E0%A4%A', new URLSearchParams()), '')
    assert.equal(asked.length, 0)
  })

  it('an answer with errors, none, or one later than the budget: nothing (the app asks itself); the late one is cancelled', async () => {
    assert.equal(
      await firstAnswerFor(ROWS, async () => ({ errors: [{ message: 'x' }], data: null }))('/alfa/fund/1', new URLSearchParams()),
      '',
    )
    assert.equal(await firstAnswerFor(ROWS, async () => null)('/alfa/fund/1', new URLSearchParams()), '')
    assert.equal(await firstAnswerFor(ROWS, () => Promise.reject(new Error('down')))('/alfa/fund/1', new URLSearchParams()), '')
    let signal: AbortSignal | undefined
    const never: PublicAnswerer = (_q, _v, _o, s) => {
      signal = s
      return new Promise(() => undefined)
    }
    assert.equal(await firstAnswerFor(ROWS, never, 20)('/alfa/fund/1', new URLSearchParams()), '')
    assert.equal(signal?.aborted, true)
  })

  it('at most so many run at once: a page asked beyond them goes without, and is not asked', async () => {
    let calls = 0
    const pending: Array<() => void> = []
    const slow: PublicAnswerer = () => {
      calls++
      return new Promise((resolve) => pending.push(() => resolve({ data: { fund: null } })))
    }
    const capped = firstAnswerFor(ROWS, slow, 60_000, 2)
    const first = capped('/alfa/fund/1', new URLSearchParams())
    const second = capped('/alfa/fund/2', new URLSearchParams())
    assert.equal(await capped('/alfa/fund/3', new URLSearchParams()), '')
    assert.equal(calls, 2)
    for (const done of pending) done()
    assert.ok(await first)
    assert.ok(await second)
    // Once they ended, pages get their answers again.
    const again = capped('/alfa/fund/4', new URLSearchParams())
    pending[2]()
    assert.ok(await again)
    assert.equal(calls, 3)
  })

  it('scriptJson escapes what could end or comment out the element', () => {
    assert.equal(scriptJson({ a: '</script><!--\u2028' }), '{"a":"\\u003c/script>\\u003c!--\\u2028"}')
    assert.deepEqual(JSON.parse(scriptJson({ a: '</script><!--\u2028' })), { a: '</script><!--\u2028' })
  })
})

describe('the first answers are warmed as the server starts (a cold first query is longer than a page waits)', () => {
  it('each row runs once before the server is ready, with the sample values; rows missing a value are skipped', async () => {
    const asked: Array<[string, Record<string, unknown>]> = []
    const answer: PublicAnswerer = async (_q, variables, operationName) => {
      asked.push([operationName, variables])
      return { data: { fund: { fundCode: variables.fundCode } } }
    }
    const other: FirstAnswerRow = { ...ROWS[0], operationName: 'Other', variables: { id: 'strategyId' } }
    assert.equal(await warmFirstAnswers([...ROWS, other], answer, { fundCode: '000001' }), 1)
    assert.deepEqual(asked, [['FundDetail', { fundCode: '000001' }]])
    assert.equal(await warmFirstAnswers(ROWS, async () => ({ errors: [{ message: 'x' }] }), { fundCode: '1' }), 0)
    assert.equal(await warmFirstAnswers(ROWS, () => Promise.reject(new Error('down')), { fundCode: '1' }), 0)

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-warm-'))
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
      fs.writeFileSync(path.join(dir, FIRST_ANSWERS_FILE), JSON.stringify(ROWS))
      asked.length = 0
      const app = Fastify()
      await app.register(h5Plugin, { dir, answer, warmSample: async () => ({ fundCode: '270002' }) })
      await app.ready()
      assert.deepEqual(asked, [['FundDetail', { fundCode: '270002' }]], 'warmed once, before ready')
      await app.close()
      // First answers off (H5_FIRST_ANSWER_MS=0): nothing runs.
      asked.length = 0
      const off = Fastify()
      await off.register(h5Plugin, { dir, answer, firstAnswerBudgetMs: 0, warmSample: async () => ({ fundCode: '270002' }) })
      await off.ready()
      assert.deepEqual(asked, [])
      await off.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the server answers /alfa/fund/000001 with the fund detail’s first answer inside the HTML', () => {
  let database: Database
  let t: TestApp
  let dir = ''
  before(async () => {
    database = (await pgliteTestDatabase()).database
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-first-'))
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
    fs.writeFileSync(path.join(dir, FIRST_ANSWERS_FILE), JSON.stringify(ROWS))
    // A cold first query on a busy machine may take longer than the 300 ms a visitor's page waits.
    t = await startApp(database, { H5_DIR: dir, H5_FIRST_ANSWER_MS: 60_000 })
  })
  after(async () => {
    await t?.app.close()
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('the inlined answer is the GraphQL answer of the same query, logged in or not; pages without a first query carry none', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/alfa/fund/000001?from=share' })
    assert.equal(page.statusCode, 200)
    const payload = carried(page.body)
    assert.ok(payload, 'the fund page carries its first answer')
    assert.equal(payload.query, FUND_DETAIL)
    assert.deepEqual(payload.variables, { fundCode: '000001' })
    const asked = await gql(t, FUND_DETAIL, { fundCode: '000001' })
    assert.equal(asked.status, 200)
    assert.equal((asked.body.data as { fund: { fundCode: string } }).fund.fundCode, '000001')
    assert.deepEqual(payload.data, asked.body.data)
    // A user's answer is the same (a public query): what the page carries is right for them too.
    const token = await login(t)
    const theirs = await gql(t, FUND_DETAIL, { fundCode: '000001' }, { authorization: `Bearer ${token}` })
    assert.deepEqual(payload.data, theirs.body.data)
    assert.equal(page.body.replace(/<script type="application\/json"[^]*?<\/script>/, ''), INDEX, 'nothing else of index.html changes')
    for (const url of ['/pages/home/index', '/alfa/portfolio/ZH015676/detail']) {
      const other = await t.app.inject({ method: 'GET', url })
      assert.equal(carried(other.body), null, url)
    }
  })

  it('an unknown fund carries the answer GraphQL gives (no fund), and the page is still the app', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/alfa/fund/999999' })
    assert.equal(page.statusCode, 200)
    assert.deepEqual(carried(page.body)?.data, (await gql(t, FUND_DETAIL, { fundCode: '999999' })).body.data)
  })
})
