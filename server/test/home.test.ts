import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { HOME_ADS, HOME_CONFIG } from '../src/demo/home'
import { apiHeaders, gql, useTestApp } from './helpers'

/**
 * The home page's two sources (issue #21): the mini-programs read its first screen from GET /m4
 * (second API), H5 from the GraphQL home document; both answer the same parts from the same data,
 * so the page shows the same on every target. /m4/hand-picked lists every hand-picked fund.
 */

const HOME_DIR = path.join(__dirname, '..', '..', 'src', 'features', 'home')
/** The app's home document with the fragments it spreads (the .graphql files beside its components). */
const HOME_DOCUMENT = fs
  .readdirSync(HOME_DIR)
  .filter((f) => f.endsWith('.graphql'))
  .map((f) => fs.readFileSync(path.join(HOME_DIR, f), 'utf8'))
  .join('\n')

describe('home: /m4 and the GraphQL home document', () => {
  const app = useTestApp()

  const m4 = async (broker = '0008') => {
    const res = await app.t.app.inject({ method: 'GET', url: '/alfa-m/v2/m4', headers: apiHeaders({}, broker) })
    assert.equal(res.statusCode, 200, res.body)
    return res.json().data
  }
  const graphqlHome = async (broker = '0008') => {
    const { body } = await gql(app.t, HOME_DOCUMENT, { feed: true }, { 'x-broker': broker })
    assert.equal(body.errors, undefined, JSON.stringify(body.errors))
    return body.data
  }

  for (const broker of ['0008', '0009']) {
    it(`answer the same parts (broker ${broker})`, async () => {
      const [rest, home] = await Promise.all([m4(broker), graphqlHome(broker)])
      assert.deepEqual(rest.banners, home.banners)
      assert.deepEqual(rest.ads, home.ads)
      assert.deepEqual(rest.shortcuts, home.shortcuts.elements)
      assert.deepEqual(rest.notice, home.notice.elements)
      assert.deepEqual(rest.config, home.config.elements)
      assert.equal(rest.liveEnabled, home.liveSwitch.value !== 'false')
      assert.deepEqual(rest.marketIndices, home.marketIndices)
      assert.deepEqual(rest.portfolios, home.portfolios.list)
      assert.deepEqual(rest.liveStreams, home.liveStreams)
      assert.deepEqual(
        rest.columns,
        home.allColumns.map((c: { columnId: string; title: string; articles: { list: unknown[] } }) => ({
          columnId: c.columnId,
          title: c.title,
          articles: c.articles.list,
        })),
      )
    })
  }

  it('the demo home content: banners into the app first, the in-feed ad, the home configs, every part filled', async () => {
    const rest = await m4()
    const ownBanners = HOME_ADS.filter((a) => a.recCode === 'HOME_BANNER')
    assert.deepEqual(
      rest.banners.slice(0, ownBanners.length).map((a: { adId: string; url: string }) => [a.adId, a.url]),
      ownBanners.map((a) => [a.adId, a.url]),
    )
    assert.ok(rest.banners.length > ownBanners.length, 'the main seed’s banners follow')
    assert.deepEqual(
      rest.ads.map((a: { adId: string }) => a.adId),
      ['AD_HOME_3'],
    )
    assert.deepEqual(
      rest.config,
      Object.entries(HOME_CONFIG).map(([key, value]) => ({ key, value })),
    )
    for (const part of ['shortcuts', 'notice', 'marketIndices', 'portfolios', 'liveStreams', 'columns'])
      assert.ok(rest[part].length > 0, `${part} is not empty`)
    assert.equal(rest.portfolios.length, 6)
    assert.ok(rest.columns.every((c: { articles: unknown[] }) => c.articles.length === 1))
  })

  it('hand-picked funds: /m4 carries the first three of /m4/hand-picked, in their order', async () => {
    const rest = await m4()
    const res = await app.t.app.inject({ method: 'GET', url: '/alfa-m/v2/m4/hand-picked', headers: apiHeaders() })
    assert.equal(res.statusCode, 200, res.body)
    const { list } = res.json().data
    assert.ok(list.length > 3)
    assert.deepEqual(rest.handPicked, list.slice(0, 3))
    assert.deepEqual(
      list.map((f: { seq: number }) => f.seq),
      [...list.map((f: { seq: number }) => f.seq)].sort((a, b) => a - b),
    )
    assert.ok(list.every((f: { fundCode: string; fundName: string }) => /^\d{6}$/.test(f.fundCode) && f.fundName))
  })

  it('the live switch: enableLive set to false turns the live part off in both answers', async () => {
    const set = (value: string) =>
      app.database.query(
        `update kv_configs set value = jsonb_set(value, '{elements}', (select jsonb_agg(case when e->>'key' = 'enableLive' then jsonb_build_object('key', 'enableLive', 'value', $1::text) else e end) from jsonb_array_elements(value->'elements') e)) where variant = 'config' and key = 'feature_switches'`,
        [value],
      )
    await set('false')
    try {
      assert.equal((await m4()).liveEnabled, false)
      assert.equal((await graphqlHome()).liveSwitch.value, 'false')
    } finally {
      await set('true')
    }
    assert.equal((await m4()).liveEnabled, true)
  })
})
