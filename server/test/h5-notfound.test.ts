import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import zlib from 'node:zlib'
import Fastify, { type FastifyInstance } from 'fastify'
import { h5PageAnswers, h5Plugin, ROUTE_CHUNKS_FILE, ROUTE_NOT_FOUND, type RouteChunks } from '../src/h5'
import { acceptedEncoding } from '../src/graphql/compress'

const INDEX = '<!doctype html><html><head><title>Alfa</title></head><body><div id="app"></div></body></html>'
/** The build's table in its shape: exact paths, aliases and page paths, then :param patterns, the catch-all last. */
const MANIFEST: RouteChunks = {
  shared: ['js/startup.aaaa1111.js'],
  routes: [
    { path: '/pages/home/index', files: ['js/home.11111111.js'] },
    { path: '/pages/fund/index', files: ['js/fund.22222222.js'] },
    { path: '/subPkg/pages/portfolio/detail/index', files: ['js/detail.33333333.js'] },
    { path: '/user/signup', files: ['js/login.44444444.js'] },
    { path: '/pages/notFound/index', files: ['js/notfound.55555555.js'], notFound: true },
    { path: '/alfa/portfolio/:poCode/detail', files: ['js/detail.33333333.js'] },
    { path: '/alfa/fund/:fundCode/detail', files: ['js/fund.22222222.js'] },
    { path: '/alfa/fund/:fundCode', files: ['js/entry.66666666.js'] },
    { path: '/:rest(.*)', files: ['js/notfound.55555555.js'], notFound: true },
  ],
}

/** Addresses of screens: canonical, alias, page path, parameterised, with a query. */
const KNOWN = [
  '/pages/home/index',
  '/alfa/portfolio/ZH015676/detail',
  '/alfa/portfolio/ZH015676/detail?ts=1763769600000',
  '/subPkg/pages/portfolio/detail/index?poCode=ZH015676',
  '/pages/fund/index?fundCode=000001',
  '/alfa/fund/000001/detail',
  '/alfa/fund/000001',
  '/user/signup?back=%2Fpages%2Fhome%2Findex',
]
/** Addresses only the 页面不存在 page answers. */
const UNKNOWN = [
  '/no/such/page',
  '/alfa/portfolio/ZH015676/no-such-screen',
  '/pages/nosuch/index',
  '/alfa/fund/000001/detail/extra',
  '/pages/notFound/index',
  '/nope.html',
]
/** A malformed escape: the app's 404 page (Fastify itself refuses the request with 400 before it gets here). */
const MALFORMED = '/alfa/portfolio/%E0%A4%A/detail'

describe('h5PageAnswers: 404 for the addresses of the 页面不存在 page, 200 for a screen’s', () => {
  const answer = h5PageAnswers(INDEX, MANIFEST)
  it('screens’ addresses, aliases and parameterised paths: 200', () => {
    for (const url of KNOWN) assert.equal(answer(url.split('?')[0]).status, 200, url)
  })
  it('no screen’s address (the catch-all, the page’s own path, a malformed escape): 404, with the app’s HTML', () => {
    for (const url of [...UNKNOWN, MALFORMED]) {
      const { status, html } = answer(url)
      assert.equal(status, 404, url)
      assert.match(html, /<div id="app"><\/div>/, url)
    }
  })
  it('the site root is the home page: 200, with or without its own row', () => {
    assert.equal(answer('/').status, 200)
    const rooted = h5PageAnswers(INDEX, { ...MANIFEST, routes: [{ path: '/', files: ['js/home.11111111.js'] }, ...MANIFEST.routes] })
    assert.equal(rooted('/').status, 200)
    assert.match(rooted('/').html, /js\/home\.11111111\.js/)
    assert.equal(h5PageAnswers(INDEX, { ...MANIFEST, routes: MANIFEST.routes.slice(0, -1) })('/').status, 200)
  })

  it('a table without the catch-all: an address of no row is 404 too', () => {
    const { status } = h5PageAnswers(INDEX, { ...MANIFEST, routes: MANIFEST.routes.slice(0, -1) })('/no/such/page')
    assert.equal(status, 404)
  })
  it('no table (an older build): every address 200, the app still shows its own 404 page', () => {
    assert.equal(h5PageAnswers(INDEX, null)('/no/such/page').status, 200)
  })
})

describe('the server answers an unknown page address with the 页面不存在 page and HTTP 404', () => {
  let dir = ''
  let app: FastifyInstance
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-notfound-'))
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
    fs.writeFileSync(path.join(dir, ROUTE_CHUNKS_FILE), JSON.stringify(MANIFEST))
    app = Fastify()
    await app.register(h5Plugin, { dir })
  })
  after(async () => {
    await app?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  for (const url of KNOWN) {
    it(`GET ${url}: 200 with the app`, async () => {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200)
      assert.match(res.headers['content-type'] as string, /^text\/html/)
    })
  }

  for (const url of UNKNOWN) {
    it(`GET ${url}: 404 with the app (its 页面不存在 screen) and the page headers`, async () => {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 404)
      assert.match(res.headers['content-type'] as string, /^text\/html/)
      assert.equal(res.headers['cache-control'], 'no-cache')
      assert.ok(res.headers['content-security-policy'])
      assert.match(res.body, /<div id="app"><\/div>/)
    })
  }

  it('a page goes out compressed when the browser takes it (br, else gzip; it carries the entry’s styles), plain otherwise', async () => {
    for (const url of ['/alfa/portfolio/ZH015676/detail', '/no/such/page']) {
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
      assert.equal(br.headers['content-encoding'], 'br', url)
      assert.equal(br.headers.vary, 'accept-encoding')
      assert.match(zlib.brotliDecompressSync(br.rawPayload).toString(), /<div id="app"><\/div>/, url)
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } })
      assert.equal(gz.headers['content-encoding'], 'gzip', url)
      assert.equal(zlib.gunzipSync(gz.rawPayload).toString(), zlib.brotliDecompressSync(br.rawPayload).toString())
      const plain = await app.inject({ method: 'GET', url })
      assert.equal(plain.headers['content-encoding'], undefined)
      assert.equal(plain.body, zlib.brotliDecompressSync(br.rawPayload).toString())
    }
    assert.equal(acceptedEncoding('identity'), null)
    assert.equal(acceptedEncoding(' BR ; q=0.5 '), 'br')
    assert.equal(acceptedEncoding('br;q=0.0, gzip;q=0'), null)
  })

  it('HEAD of an unknown address: 404; of a screen: 200', async () => {
    assert.equal((await app.inject({ method: 'HEAD', url: '/no/such/page' })).statusCode, 404)
    assert.equal((await app.inject({ method: 'HEAD', url: '/alfa/portfolio/ZH015676/detail' })).statusCode, 200)
  })

  it('the site root and index.html stay 200; an API path or a missing file stays the JSON 404', async () => {
    assert.equal((await app.inject({ method: 'GET', url: '/' })).statusCode, 200)
    // A browser's root request: the static plugin looks for a compressed index.html, then leaves it to the app.
    assert.equal((await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } })).statusCode, 200)
    assert.equal((await app.inject({ method: 'GET', url: '/index.html' })).statusCode, 200)
    for (const url of ['/alfa/v1/no-such-call', '/js/missing.12345678.js']) {
      const res = await app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 404, url)
      assert.deepEqual(res.json(), ROUTE_NOT_FOUND, url)
    }
  })
})
