import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import Fastify, { type FastifyInstance } from 'fastify'
import { h5Plugin, routePreloads, ROUTE_CHUNKS_FILE, type RouteChunks } from '../src/h5'

const INDEX =
  '<!doctype html><html><head><title>Alfa</title><script defer src="/js/app.1234abcd.js"></script></head><body><div id="app"></div></body></html>'
const MANIFEST: RouteChunks = {
  shared: ['js/startup.aaaa1111.js'],
  routes: [
    { path: '/pages/home/index', files: ['css/5111.bf401448.css', 'js/5111.74736c45.js'] },
    { path: '/alfa/portfolio/:poCode/detail', files: ['css/1459.9dcbfa2e.css', 'js/1459.9715d6f0.js'] },
    { path: '/alfa/fund/:fundCode', files: ['js/3567.46844b30.js', '../../etc/passwd', 'js/x.js"><script>alert(1)</script>'] },
  ],
}

/** The preload links of a page's HTML, in order. */
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)" fetchpriority="low">/g)].map((m) => `${m[2]} ${m[1]}`)

describe('H5 pages name their own chunks for preload (route-chunks.json)', () => {
  const page = routePreloads(INDEX, MANIFEST)

  it('a strategy detail address preloads its page’s script and style and the start-up chunk, in <head>', () => {
    const html = page('/alfa/portfolio/ZH015676/detail')
    assert.deepEqual(preloads(html), ['style /css/1459.9dcbfa2e.css', 'script /js/1459.9715d6f0.js', 'script /js/startup.aaaa1111.js'])
    assert.ok(html.indexOf('rel="preload"') < html.indexOf('</head>'))
    assert.equal(html.replace(/<link rel="preload"[^>]*>/g, ''), INDEX, 'nothing else of index.html changes')
  })

  it('an exact page path matches; an address of no route, or a malformed one, gets index.html unchanged', () => {
    assert.deepEqual(preloads(page('/pages/home/index')), [
      'style /css/5111.bf401448.css',
      'script /js/5111.74736c45.js',
      'script /js/startup.aaaa1111.js',
    ])
    for (const url of ['/alfa/portfolio/ZH015676/nope', '/nope', '/alfa/portfolio/%E0%A4%A/detail', '/alfa/portfolio//detail']) {
      assert.equal(page(url), INDEX, url)
    }
  })

  it('only the build’s own js/ and css/ file names are written into the page', () => {
    assert.deepEqual(preloads(page('/alfa/fund/000001')), ['script /js/3567.46844b30.js', 'script /js/startup.aaaa1111.js'])
    assert.ok(!page('/alfa/fund/000001').includes('alert(1)'))
  })

  it('no manifest (an older build): index.html as it is', () => {
    assert.equal(routePreloads(INDEX, null)('/alfa/portfolio/ZH015676/detail'), INDEX)
  })
})

describe('the server sends each page address its HTML with the preloads', () => {
  let dir = ''
  let app: FastifyInstance
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-preload-'))
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
    fs.writeFileSync(path.join(dir, ROUTE_CHUNKS_FILE), JSON.stringify(MANIFEST))
    app = Fastify()
    await app.register(h5Plugin, { dir })
  })
  after(async () => {
    await app?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('GET /alfa/portfolio/ZH015676/detail?from=share: 200 HTML with its preloads and the page headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/alfa/portfolio/ZH015676/detail?from=share' })
    assert.equal(res.statusCode, 200)
    assert.match(res.headers['content-type'] as string, /^text\/html/)
    assert.equal(res.headers['cache-control'], 'no-cache')
    assert.ok(res.headers['content-security-policy'])
    assert.deepEqual(preloads(res.body), ['style /css/1459.9dcbfa2e.css', 'script /js/1459.9715d6f0.js', 'script /js/startup.aaaa1111.js'])
  })

  it('a broken route-chunks.json is ignored: pages still open', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-h5-preload-'))
    fs.writeFileSync(path.join(broken, 'index.html'), INDEX)
    fs.writeFileSync(path.join(broken, ROUTE_CHUNKS_FILE), '{"routes": 1')
    const other = Fastify()
    await other.register(h5Plugin, { dir: broken })
    const res = await other.inject({ method: 'GET', url: '/alfa/portfolio/ZH015676/detail' })
    await other.close()
    fs.rmSync(broken, { recursive: true, force: true })
    assert.equal(res.statusCode, 200)
    assert.equal(res.body, INDEX)
  })
})
