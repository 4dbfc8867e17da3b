import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { gql, useTestApp } from './helpers'
import { DEMO_STATIC_DIR } from '../src/static'

const app = useTestApp()
const AVATAR = '/alfa/static/demo/v1/avatar/manager-3.png'
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const IMAGE_URL = /\.(png|jpe?g|gif|webp)(\?|$)/i

describe('static demo images: /alfa/static/demo/<version>/<file>', () => {
  it('a seeded image is 200 image/png, cached a year immutable, with an etag; a matching If-None-Match is 304', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: AVATAR })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'image/png')
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.deepEqual(res.rawPayload.subarray(0, 8), PNG_SIGNATURE)
    assert.deepEqual(res.rawPayload, fs.readFileSync(path.join(DEMO_STATIC_DIR, 'v1/avatar/manager-3.png')))
    const etag = res.headers.etag as string
    assert.match(etag, /^"[0-9a-f]{16}"$/)
    const again = await app.t.app.inject({ method: 'GET', url: AVATAR, headers: { 'if-none-match': etag } })
    assert.equal(again.statusCode, 304)
    assert.equal(again.rawPayload.length, 0)
    const head = await app.t.app.inject({ method: 'HEAD', url: AVATAR })
    assert.equal(head.statusCode, 200)
    assert.equal(head.headers['content-type'], 'image/png')
  })

  it('needs no x-sign or x-broker (an <Image> cannot send headers)', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: '/alfa/static/demo/v1/icon/fund.png', headers: { 'x-broker': 'bogus' } })
    assert.equal(res.statusCode, 200)
  })

  for (const url of [
    '/alfa/static/demo/v1/avatar/manager-999.png',
    '/alfa/static/demo/v1/avatar/nope',
    '/alfa/static/demo/v2/avatar/manager-3.png',
    '/alfa/static/demo/',
    '/alfa/static/demo/v1/../../../../package.json',
    '/alfa/static/demo/v1/avatar/../../../generate-demo-images.mjs',
    '/alfa/static/demo/%2e%2e/%2e%2e/src/app.ts',
    '/alfa/static/demo/v1/%2e%2e%2f%2e%2e%2f%2e%2e%2fgenerate-demo-images.mjs',
    '/alfa/static/demo/..%5c..%5cgenerate-demo-images.mjs',
    '/alfa/static/demo//etc/passwd',
    '/alfa/static/demo/%2Fetc%2Fpasswd',
    `/alfa/static/demo/${encodeURIComponent(path.join(DEMO_STATIC_DIR, 'v1/avatar/manager-3.png'))}`,
    '/alfa/static/demo/v1/avatar/manager-3.png%00.txt',
    '/alfa/static/demo/v1/AVATAR/MANAGER-3.PNG',
  ]) {
    it(`unknown or escaping file ${url} is 404 'Route not found'`, async () => {
      const res = await app.t.app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 404)
      assert.deepEqual(res.json(), { code: 404, msg: 'Route not found' })
    })
  }

  it('unknown API paths are still 404 Route not found', async () => {
    for (const url of ['/alfa/v1/static/demo/v1/avatar/manager-3.png', '/alfa-m/v2/nope']) {
      const res = await app.t.app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 404, url)
      assert.deepEqual(res.json(), { code: 404, msg: 'Route not found' })
    }
  })

  it('the committed set is small: every image under 20 KB, every lesson video under 200 KB, all together under 1 MB', () => {
    let total = 0
    for (const f of fs.readdirSync(DEMO_STATIC_DIR, { recursive: true, withFileTypes: true })) {
      if (!f.isFile()) continue
      const size = fs.statSync(path.join(f.parentPath, f.name)).size
      assert.ok(size < (f.name.endsWith('.mp4') ? 200_000 : 20_000), `${f.name} is ${size} bytes`)
      total += size
    }
    assert.ok(total > 0 && total < 1_000_000, `${total} bytes`)
  })
})

describe('every image URL in the seeded database is served', () => {
  it('each text or JSON cell naming an image is a host-relative /alfa/static/demo path that answers 200 with an image type', async () => {
    const columns = await app.database.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying') and table_name not like 'kysely%'`,
    )
    const found = new Map<string, Set<string>>() // url -> tables
    for (const { table_name, column_name } of columns) {
      const rows = await app.database.query<{ v: string }>(
        `select distinct "${column_name}"::text as v from "${table_name}" where "${column_name}"::text ~* '\\.(png|jpe?g|gif|webp)|static\\.alfa\\.example'`,
      )
      for (const { v } of rows) {
        assert.doesNotMatch(v, /static\.alfa\.example/, `${table_name}.${column_name}`)
        const strings: string[] = v.startsWith('{') || v.startsWith('[') ? [...v.matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [v]
        for (const s of strings.filter((x) => IMAGE_URL.test(x))) {
          if (!found.has(s)) found.set(s, new Set())
          found.get(s)!.add(table_name)
        }
      }
    }
    const tables = new Set([...found.values()].flatMap((t) => [...t]))
    for (const t of ['managers', 'community_posts', 'intro_videos', 'investor_messages', 'columns', 'articles', 'courses', 'ads']) {
      assert.ok(tables.has(t), `no image URL found in ${t} (found in ${[...tables].join(', ')})`)
    }
    assert.ok(found.size >= 60, `${found.size} distinct image URLs`)
    for (const url of found.keys()) {
      assert.match(url, /^\/alfa\/static\/demo\/v1\/[a-z0-9/-]+\.png$/, url)
      const res = await app.t.app.inject({ method: 'GET', url })
      assert.equal(res.statusCode, 200, `${url} (${[...found.get(url)!].join(', ')})`)
      assert.equal(res.headers['content-type'], 'image/png', url)
    }
  })

  it("a manager's avatar is one of twenty and shows the manager's surname (the generator's order)", async () => {
    const rows = await app.database.query<{ manager_name: string; avatar_url: string }>(
      'select manager_name, avatar_url from managers order by manager_id',
    )
    const script = fs.readFileSync(path.join(DEMO_STATIC_DIR, '..', 'generate-demo-images.mjs'), 'utf8')
    const surnames: string[] = JSON.parse(script.match(/const SURNAMES = (\[[^\]]+\])/)![1].replace(/'/g, '"'))
    assert.equal(surnames.length, 20)
    const seen = new Set<string>()
    for (const m of rows) {
      const n = Number(m.avatar_url.match(/manager-(\d+)\.png$/)![1])
      assert.equal(surnames[n - 1], m.manager_name[0], `${m.manager_name} ${m.avatar_url}`)
      seen.add(m.avatar_url)
    }
    assert.ok(seen.size >= 15, `${seen.size} different avatars`)
  })

  it('GraphQL hands the stored host-relative path to the app unchanged', async () => {
    const { body } = await gql(app.t, 'query { fundManager(managerId: "M1001") { managerName avatarUrl } }')
    assert.match(body.data.fundManager.avatarUrl, /^\/alfa\/static\/demo\/v1\/avatar\/manager-\d+\.png$/)
  })
})
