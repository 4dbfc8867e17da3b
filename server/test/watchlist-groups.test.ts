import assert from 'node:assert/strict'
import fs from 'node:fs'
import { after, before, describe, it } from 'node:test'
import { migrate, openDatabase, type Database } from '../src/db'
import { GROUP_MESSAGES } from '@alfa/common/watchlistGroups'
import { MAX_MERGED_GROUPS } from '../src/watchlist/resolvers'
import {
  PG_BIN,
  apiHeaders,
  gql,
  login,
  pgliteTestDatabase,
  startApp,
  startPostgres,
  type TestApp,
  type ThrowawayPostgres,
} from './helpers'

/** Watchlist groups (自选分组, issue #25) through GraphQL, on both engines. */

const GROUP = 'groupId name position fundCodes'
const GROUPS = `query { myWatchlistGroups { ${GROUP} } }`
const CREATE = `mutation($name: String!, $codes: [String!]) { createWatchlistGroup(name: $name, fundCodes: $codes) { ${GROUP} } }`
const RENAME = `mutation($id: ID!, $name: String!) { renameWatchlistGroup(groupId: $id, name: $name) { ${GROUP} } }`
const DELETE = `mutation($id: ID!) { deleteWatchlistGroup(groupId: $id) { ${GROUP} } }`
const REORDER = `mutation($ids: [ID!]!) { reorderWatchlistGroups(groupIds: $ids) { ${GROUP} } }`
const SET_FUND = `mutation($code: String!, $ids: [ID!]!) { setFundWatchlistGroups(fundCode: $code, groupIds: $ids) { ${GROUP} } }`
const CHANGE = `mutation($id: ID!, $add: [String!], $remove: [String!]) { changeWatchlistGroupFunds(groupId: $id, add: $add, remove: $remove) { ${GROUP} } }`
const MERGE = `mutation($codes: [String!]!, $groups: [WatchlistGroupInput!]!) { mergeWatchlist(fundCodes: $codes, groups: $groups) { fundCodes groups { ${GROUP} } } }`

interface Group {
  groupId: string
  name: string
  position: number
  fundCodes: string[]
}

const pgAvailable = fs.existsSync(`${PG_BIN}/initdb`)
let pg: ThrowawayPostgres | undefined
after(() => pg?.stop())

function groupsSuite(label: string, open: () => Promise<Database>, skip?: string) {
  describe(`watchlist groups on ${label}`, { skip }, () => {
    let database: Database
    let t: TestApp
    let codes: string[]
    before(async () => {
      database = await open()
      t = await startApp(database)
      const funds = await gql(t, 'query { funds(page: { size: 5 }) { list { fundCode } } }')
      codes = funds.body.data.funds.list.map((f: { fundCode: string }) => f.fundCode)
    })
    after(async () => {
      await t?.app.close()
      await database?.close()
    })

    /** A new user with these funds picked; `call` runs a document as that user. */
    async function user(picked: string[]) {
      const auth = { authorization: `Bearer ${await login(t)}` }
      if (picked.length) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: apiHeaders(auth),
          payload: { fundCodes: picked, op: 'add' },
        })
        assert.equal(res.statusCode, 200)
      }
      const call = async (query: string, variables: Record<string, unknown> = {}) => (await gql(t, query, variables, auth)).body
      /** The answer's one field, asserting there was no error. */
      const ok = async (query: string, variables: Record<string, unknown> = {}) => {
        const body = await call(query, variables)
        assert.equal(body.errors, undefined, JSON.stringify(body.errors))
        return Object.values(body.data)[0] as Group[]
      }
      /** The error's message, asserting it is BAD_USER_INPUT and that the groups did not change. */
      const refused = async (query: string, variables: Record<string, unknown>) => {
        const before = await ok(GROUPS)
        const body = await call(query, variables)
        assert.equal(body.errors?.[0].extensions?.code, 'BAD_USER_INPUT', JSON.stringify(body))
        assert.deepEqual(await ok(GROUPS), before)
        return body.errors?.[0].message
      }
      return { auth, call, ok, refused }
    }

    it('anonymous is UNAUTHENTICATED', async () => {
      assert.equal((await gql(t, GROUPS)).body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
      assert.equal((await gql(t, CREATE, { name: '长线' })).body.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
    })

    it('create, fill, rename, reorder, set a fund’s groups, delete: funds stay picked, in the watchlist’s order', async () => {
      const u = await user(codes.slice(0, 4))
      assert.deepEqual(await u.ok(GROUPS), [])
      let groups = await u.ok(CREATE, { name: ' 长线 ', codes: [codes[2], codes[0]] })
      assert.deepEqual(
        groups.map((g) => [g.name, g.position, g.fundCodes]),
        [['长线', 1, [codes[0], codes[2]]]],
      )
      groups = await u.ok(CREATE, { name: '短线' })
      const [long, short] = groups
      assert.deepEqual(
        groups.map((g) => [g.name, g.position]),
        [
          ['长线', 1],
          ['短线', 2],
        ],
      )
      await u.ok(CHANGE, { id: short.groupId, add: [codes[1], codes[3]] })
      groups = await u.ok(CHANGE, { id: short.groupId, remove: [codes[3]] })
      assert.deepEqual(groups[1].fundCodes, [codes[1]])
      // A fund may be in several groups.
      groups = await u.ok(SET_FUND, { code: codes[1], ids: [long.groupId, short.groupId] })
      assert.deepEqual(groups[0].fundCodes, [codes[0], codes[1], codes[2]])
      assert.deepEqual(groups[1].fundCodes, [codes[1]])
      groups = await u.ok(RENAME, { id: short.groupId, name: '观察' })
      assert.equal(groups[1].name, '观察')
      // Renaming to its own name is no duplicate.
      await u.ok(RENAME, { id: short.groupId, name: '观察' })
      groups = await u.ok(REORDER, { ids: [short.groupId, long.groupId] })
      assert.deepEqual(
        groups.map((g) => [g.name, g.position]),
        [
          ['观察', 1],
          ['长线', 2],
        ],
      )
      // Taking a fund out of the watchlist takes it out of every group.
      const removed = await t.app.inject({
        method: 'POST',
        url: '/alfa/v1/user-fund-picks/batch',
        headers: apiHeaders(u.auth),
        payload: { fundCodes: [codes[1]], op: 'remove' },
      })
      assert.equal(removed.statusCode, 200)
      groups = await u.ok(GROUPS)
      assert.deepEqual(
        groups.map((g) => g.fundCodes),
        [[], [codes[0], codes[2]]],
      )
      groups = await u.ok(DELETE, { id: long.groupId })
      assert.deepEqual(
        groups.map((g) => [g.name, g.position]),
        [['观察', 1]],
      )
      const picks = await u.call('query { myPicks { fund { fundCode } } }')
      assert.deepEqual(
        picks.data.myPicks.map((p: { fund: { fundCode: string } }) => p.fund.fundCode),
        [codes[0], codes[2], codes[3]],
      )
    })

    it('bad input is BAD_USER_INPUT with a Chinese message and changes nothing', async () => {
      const u = await user(codes.slice(0, 2))
      const [g] = await u.ok(CREATE, { name: '长线' })
      await u.ok(CREATE, { name: '短线' })
      assert.equal(await u.refused(CREATE, { name: '   ' }), GROUP_MESSAGES.empty)
      assert.equal(await u.refused(CREATE, { name: '一二三四五六七八九十一' }), '分组名称最多10个字')
      await u.ok(RENAME, { id: g.groupId, name: '一二三四五六七八九十' })
      assert.equal(await u.refused(CREATE, { name: '短线' }), '已有名为「短线」的分组')
      assert.equal(await u.refused(RENAME, { id: g.groupId, name: '短线' }), '已有名为「短线」的分组')
      assert.equal(await u.refused(RENAME, { id: '999999', name: '新' }), GROUP_MESSAGES.unknownGroup)
      assert.equal(await u.refused(DELETE, { id: 'x' }), GROUP_MESSAGES.unknownGroup)
      assert.equal(await u.refused(CREATE, { name: '新', codes: [codes[4]] }), `基金不在自选中：${codes[4]}`)
      assert.equal(await u.refused(CHANGE, { id: g.groupId, add: [codes[0], codes[3]] }), `基金不在自选中：${codes[3]}`)
      assert.equal(await u.refused(SET_FUND, { code: codes[4], ids: [g.groupId] }), `基金不在自选中：${codes[4]}`)
      assert.equal(await u.refused(SET_FUND, { code: 'abc', ids: [] }), GROUP_MESSAGES.badCode)
      assert.equal(await u.refused(REORDER, { ids: [g.groupId] }), GROUP_MESSAGES.reorder)
      assert.equal(await u.refused(REORDER, { ids: [g.groupId, g.groupId] }), GROUP_MESSAGES.reorder)
      for (let i = 3; i <= 20; i++) await u.ok(CREATE, { name: `组${i}` })
      assert.equal(await u.refused(CREATE, { name: '第21个' }), '最多创建20个分组')
    })

    it('two users: each sees and changes only their own groups', async () => {
      const a = await user(codes.slice(0, 2))
      const b = await user(codes.slice(0, 2))
      const [ga] = await a.ok(CREATE, { name: '长线', codes: [codes[0]] })
      // The same name is free for another user.
      const [gb] = await b.ok(CREATE, { name: '长线' })
      assert.deepEqual(
        (await b.ok(GROUPS)).map((g) => [g.groupId, g.fundCodes]),
        [[gb.groupId, []]],
      )
      for (const [query, variables] of [
        [RENAME, { id: ga.groupId, name: '抢走' }],
        [DELETE, { id: ga.groupId }],
        [CHANGE, { id: ga.groupId, add: [codes[1]] }],
        [SET_FUND, { code: codes[1], ids: [ga.groupId] }],
        [REORDER, { ids: [ga.groupId] }],
      ] as const) {
        assert.equal(await b.refused(query, variables), query === REORDER ? GROUP_MESSAGES.reorder : GROUP_MESSAGES.unknownGroup)
      }
      assert.deepEqual(
        (await a.ok(GROUPS)).map((g) => [g.groupId, g.name, g.fundCodes]),
        [[ga.groupId, '长线', [codes[0]]]],
      )
    })

    it('mergeWatchlist: a device’s list and groups join the account without loss or doubles; again changes nothing', async () => {
      const u = await user([codes[0], codes[1]])
      await u.ok(CREATE, { name: '长线', codes: [codes[0]] })
      const device = {
        codes: [codes[2], codes[1], '999999'],
        groups: [
          { name: '长线', fundCodes: [codes[2], codes[0]] },
          { name: '新组', fundCodes: [codes[3]] },
        ],
      }
      const first = (await u.call(MERGE, device)).data.mergeWatchlist
      const expected = {
        fundCodes: [codes[0], codes[1], codes[2], codes[3]],
        groups: [
          ['长线', 1, [codes[0], codes[2]]],
          ['新组', 2, [codes[3]]],
        ],
      }
      const shape = (m: { fundCodes: string[]; groups: Group[] }) => ({
        fundCodes: m.fundCodes,
        groups: m.groups.map((g) => [g.name, g.position, g.fundCodes]),
      })
      assert.deepEqual(shape(first), expected)
      const again = (await u.call(MERGE, device)).data.mergeWatchlist
      assert.deepEqual(shape(again), expected)
      assert.deepEqual(
        (await u.call(MERGE, { codes: [], groups: [{ name: '', fundCodes: [] }] })).errors?.[0].message,
        GROUP_MESSAGES.empty,
      )
      assert.deepEqual(shape({ fundCodes: expected.fundCodes, groups: await u.ok(GROUPS) }), expected)
    })

    it('mergeWatchlist cannot add groups without end: past 40 a merge that adds one is refused and changes nothing; one that adds none still runs', async () => {
      const u = await user([codes[0]])
      const device = (from: number, n: number) => ({
        codes: [codes[0]],
        groups: Array.from({ length: n }, (_, i) => ({ name: `设备组${from + i}`, fundCodes: [codes[0]] })),
      })
      assert.equal((await u.call(MERGE, device(1, 20))).errors, undefined)
      assert.equal((await u.call(MERGE, device(21, 20))).errors, undefined)
      assert.equal((await u.ok(GROUPS)).length, MAX_MERGED_GROUPS)
      assert.equal(await u.refused(MERGE, device(41, 1)), `合并后将有41个分组，最多${MAX_MERGED_GROUPS}个，请先删除一些分组再登录同步`)
      // A device holding groups of the same names (the account's own, kept at logout) still merges its funds in.
      const same = await u.call(MERGE, { codes: [codes[1]], groups: [{ name: '设备组1', fundCodes: [codes[1]] }] })
      assert.equal(same.errors, undefined, JSON.stringify(same.errors))
      assert.deepEqual(same.data.mergeWatchlist.groups[0].fundCodes, [codes[0], codes[1]])
      assert.equal(same.data.mergeWatchlist.groups.length, MAX_MERGED_GROUPS)
    })

    it('watchlistFunds: a device list’s funds, public, unknown codes left out', async () => {
      const res = await gql(t, 'query($c: [String!]!) { watchlistFunds(fundCodes: $c) { seq fund { fundCode } returns { y1 } } }', {
        c: [codes[1], '999999', codes[0]],
      })
      assert.deepEqual(
        res.body.data.watchlistFunds.map((p: { seq: number; fund: { fundCode: string } }) => [p.seq, p.fund.fundCode]),
        [
          [1, codes[1]],
          [2, codes[0]],
        ],
      )
      assert.equal((await gql(t, 'query { watchlistFunds(fundCodes: ["1"]) { seq } }')).body.errors?.[0].message, GROUP_MESSAGES.badCode)
    })
  })
}

groupsSuite('PGlite', async () => (await pgliteTestDatabase()).database)
/** PostgreSQL with five funds only: seeding the demo data would take most of the CI budget of this file. */
async function fiveFundsPostgres(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: (pg ??= startPostgres()).url, poolSize: 3 })
  await migrate(database)
  await database.query(
    `insert into funds (fund_code, fund_name, category_code, setup_date, risk_level)
     select lpad(i::text, 6, '0'), '测试基金' || i, 'stock', date '2020-01-01', 'Medium' from generate_series(1, 5) i`,
  )
  return database
}

groupsSuite('PostgreSQL 15', fiveFundsPostgres, pgAvailable ? undefined : `no binaries at ${PG_BIN}`)
