import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import { DEMO_USER } from '../src/demo/seed'
import { issueToken } from '../src/account/tokens'
import { apiHeaders, gql, operation, randomPhone, useTestApp, type TestApp } from './helpers'

/**
 * Per-user isolation (issue #19, "Tests that guard what holds today"): two users side by side on
 * every per-user read and write. Each user's data must reach that user only, and nothing one user
 * sends may read, change or delete another user's rows.
 */

interface Who {
  userId: string
  phone: string
  auth: Record<string, string>
}

/** Logs in through the SMS flow; the user id from the answer. */
async function signIn(t: TestApp): Promise<Who> {
  const phone = randomPhone()
  const send = await t.app.inject({ method: 'POST', url: '/alfa/v1/user/sms/send', headers: apiHeaders(), payload: { phone } })
  assert.equal(send.statusCode, 200, send.body)
  const res = await t.app.inject({
    method: 'POST',
    url: '/alfa/v1/user/sms/login',
    headers: apiHeaders(),
    payload: { phone, code: t.sms.get(phone) },
  })
  assert.equal(res.statusCode, 200, res.body)
  const { token, user } = res.json().data
  return { userId: user.userId, phone, auth: { authorization: `Bearer ${token}` } }
}

describe('per-user isolation', () => {
  const app = useTestApp()
  let a: Who
  let b: Who
  let demo: Who

  before(async () => {
    a = await signIn(app.t)
    b = await signIn(app.t)
    demo = {
      userId: DEMO_USER.userId,
      phone: DEMO_USER.phone,
      auth: { authorization: `Bearer ${(await issueToken(app.t.config.JWT_SECRET, DEMO_USER.userId)).token}` },
    }
    assert.notEqual(a.userId, b.userId)
  })

  const rest = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
    app.t.app.inject({ method, url: `/alfa/v1${url}`, headers: apiHeaders(who.auth), ...(payload ? { payload } : {}) })

  describe('holdings: capitalAccountHoldings and /asset/detail', () => {
    // B holds the demo user's strategy ZH015676 under its own account, and ZH015677 the demo user does not hold.
    before(async () => {
      await app.database.query(
        `insert into user_holdings (user_id, po_code, ca_id, units, signed) values ($1, 'ZH015676', 'CA_B1', 7.0000, false), ($1, 'ZH015677', 'CA_B2', 3.0000, true)`,
        [b.userId],
      )
    })
    const holdingsOf = async (who: Who, poCode: string) => {
      const { body } = await gql(app.t, operation('InvestPlan'), { poCode, needQueryHolding: true }, who.auth)
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      return body.data.portfolio as { capitalAccountHoldings: Array<{ caId: string; units: string }>; hasSigned: boolean }
    }

    it('each user sees only their own capital accounts of a strategy', async () => {
      assert.deepEqual((await holdingsOf(demo, 'ZH015676')).capitalAccountHoldings, [{ caId: 'CA0001', units: '12000.5000' }])
      assert.deepEqual((await holdingsOf(b, 'ZH015676')).capitalAccountHoldings, [{ caId: 'CA_B1', units: '7.0000' }])
      assert.deepEqual((await holdingsOf(a, 'ZH015676')).capitalAccountHoldings, [])
      assert.deepEqual((await holdingsOf(demo, 'ZH015677')).capitalAccountHoldings, [])
      assert.deepEqual((await holdingsOf(b, 'ZH015677')).capitalAccountHoldings, [{ caId: 'CA_B2', units: '3.0000' }])
    })

    it('hasSigned is the viewer’s own', async () => {
      assert.equal((await holdingsOf(demo, 'ZH015676')).hasSigned, true)
      assert.equal((await holdingsOf(b, 'ZH015676')).hasSigned, false)
      assert.equal((await holdingsOf(b, 'ZH015677')).hasSigned, true)
      assert.equal((await holdingsOf(demo, 'ZH015677')).hasSigned, false)
      assert.equal((await holdingsOf(a, 'ZH015677')).hasSigned, false)
    })

    it('/asset/detail lists only the caller’s holdings, and totals only them', async () => {
      const detail = async (who: Who) => {
        const res = await rest('GET', '/asset/detail', who)
        assert.equal(res.statusCode, 200, res.body)
        return res.json().data as { totalAsset: string; list: Array<{ poCode: string; caId: string; marketValue: string }> }
      }
      const mine = (d: Awaited<ReturnType<typeof detail>>) => d.list.map((h) => `${h.poCode}/${h.caId}`)
      const cents = (s: string) => Math.round(Number(s) * 100)
      const total = (d: Awaited<ReturnType<typeof detail>>) => d.list.reduce((s, h) => s + cents(h.marketValue), 0)

      const ofDemo = await detail(demo)
      assert.deepEqual(mine(ofDemo), ['LW000001/CA0002', 'ZH015676/CA0001'])
      const ofB = await detail(b)
      assert.deepEqual(mine(ofB), ['ZH015676/CA_B1', 'ZH015677/CA_B2'])
      // Each total is the sum of that user's own rows (to the cent: the sum is rounded once).
      assert.ok(Math.abs(cents(ofDemo.totalAsset) - total(ofDemo)) <= 1, JSON.stringify(ofDemo))
      assert.ok(Math.abs(cents(ofB.totalAsset) - total(ofB)) <= 1, JSON.stringify(ofB))
      assert.deepEqual(await detail(a), { totalAsset: '0', list: [] })
    })
  })

  describe('watchlist: picks list, detail, batch, manage-seq and myPicks', () => {
    let codes: string[]
    before(async () => {
      codes = (
        await app.database.query<{ fund_code: string }>(
          `select fund_code from funds where terminated_date is null order by fund_code limit 5`,
        )
      ).map((r) => r.fund_code)
    })
    const list = async (who: Who) => {
      const res = await rest('GET', '/user-fund-picks/list', who)
      assert.equal(res.statusCode, 200, res.body)
      return (res.json().data.list as Array<{ fundCode: string }>).map((p) => p.fundCode)
    }
    const myPicks = async (who: Who) => {
      const { body } = await gql(app.t, 'query { myPicks { seq fund { fundCode } } }', {}, who.auth)
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      return (body.data.myPicks as Array<{ fund: { fundCode: string } }>).map((p) => p.fund.fundCode)
    }

    it('a user’s picks, their order and their removals stay theirs', async () => {
      const [c0, c1, c2, c3] = codes
      assert.equal((await rest('POST', '/user-fund-picks/batch', a, { fundCodes: [c0, c1, c2], op: 'add' })).statusCode, 200)
      assert.equal((await rest('POST', '/user-fund-picks/batch', b, { fundCodes: [c3, c0], op: 'add' })).statusCode, 200)
      assert.deepEqual(await list(a), [c0, c1, c2])
      assert.deepEqual(await list(b), [c3, c0])
      assert.deepEqual(await myPicks(a), [c0, c1, c2])
      assert.deepEqual(await myPicks(b), [c3, c0])

      // B's detail knows only B's picks.
      const detailB = (await rest('GET', '/user-fund-picks/detail', b)).json().data
      assert.deepEqual(
        detailB.list.map((f: { fundCode: string }) => f.fundCode),
        [c3, c0],
      )
      assert.equal(detailB.totalCount, 2)
      assert.deepEqual((await rest('GET', `/user-fund-picks/detail?fundCode=${c1}`, b)).json().data, {
        fundCode: c1,
        picked: false,
        seq: null,
      })
      assert.equal((await rest('GET', `/user-fund-picks/detail?fundCode=${c1}`, a)).json().data.picked, true)

      // B removing A's funds removes only B's own pick of c0; A keeps all three.
      assert.equal((await rest('POST', '/user-fund-picks/batch', b, { fundCodes: [c0, c1, c2], op: 'remove' })).statusCode, 200)
      assert.deepEqual(await list(a), [c0, c1, c2])
      assert.deepEqual(await list(b), [c3])

      // B cannot order A's picks, and B's own reorder leaves A's order alone.
      assert.equal((await rest('POST', '/user-fund-picks/manage-seq', b, { fundCodes: [c2, c1, c0] })).statusCode, 400)
      assert.deepEqual(await list(a), [c0, c1, c2])
      assert.equal((await rest('POST', '/user-fund-picks/batch', b, { fundCodes: [c1], op: 'add' })).statusCode, 200)
      assert.equal((await rest('POST', '/user-fund-picks/manage-seq', b, { fundCodes: [c1, c3] })).statusCode, 200)
      assert.deepEqual(await list(b), [c1, c3])
      assert.deepEqual(await list(a), [c0, c1, c2])

      // A's reorder leaves B's order alone.
      assert.equal((await rest('POST', '/user-fund-picks/manage-seq', a, { fundCodes: [c2, c0, c1] })).statusCode, 200)
      assert.deepEqual(await list(a), [c2, c0, c1])
      assert.deepEqual(await list(b), [c1, c3])
      assert.deepEqual(await myPicks(a), [c2, c0, c1])
      assert.deepEqual(await myPicks(b), [c1, c3])
    })
  })

  describe('saved filters: save, list, get, rename, reorder and delete', () => {
    const SAVE = 'mutation ($name: String!, $formValue: JSON!) { saveFilter(name: $name, formValue: $formValue) { filterId name } }'
    const ONE = 'query ($id: String!) { savedFilter(filterId: $id) { filterId name } }'
    const DELETE = 'mutation ($id: String!) { deleteFilter(filterId: $id) }'
    const RENAME = 'mutation ($id: String!, $name: String!) { renameFilter(filterId: $id, name: $name) { filterId name } }'
    const REORDER = 'mutation ($ids: [String!]!) { reorderFilters(filterIds: $ids) { filterId } }'
    const names = async (who: Who) => {
      const { body } = await gql(app.t, operation('SavedFilters'), {}, who.auth)
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      return (body.data.me.savedFilters as Array<{ name: string }>).map((f) => f.name).sort()
    }
    const save = async (who: Who, name: string) => {
      const { body } = await gql(app.t, SAVE, { name, formValue: { riskLevels: ['Low'] } }, who.auth)
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      return body.data.saveFilter.filterId as string
    }

    it('another user’s filter id reads nothing and changes nothing; its owner can still use it', async () => {
      const a1 = await save(a, 'A 的低风险')
      const a2 = await save(a, 'A 的第二个')
      const b1 = await save(b, 'B 的筛选')
      assert.deepEqual(await names(a), ['A 的低风险', 'A 的第二个'])
      assert.deepEqual(await names(b), ['B 的筛选'])

      assert.equal((await gql(app.t, ONE, { id: a1 }, b.auth)).body.data.savedFilter, null)
      assert.equal((await gql(app.t, ONE, { id: a1 }, a.auth)).body.data.savedFilter.name, 'A 的低风险')

      // B deleting A's filter by its id: false, and A still has it.
      const del = await gql(app.t, DELETE, { id: a1 }, b.auth)
      assert.equal(del.body.data.deleteFilter, false)
      assert.deepEqual(await names(a), ['A 的低风险', 'A 的第二个'])
      const [{ n }] = await app.database.query<{ n: number }>('select count(*)::int as n from saved_filters where filter_id = $1', [a1])
      assert.equal(n, 1)

      // B renaming A's filter: not found, and the name stays.
      const renamed = await gql(app.t, RENAME, { id: a1, name: '被改名' }, b.auth)
      assert.equal(renamed.body.errors?.[0].extensions?.code, 'NOT_FOUND')
      assert.deepEqual(await names(a), ['A 的低风险', 'A 的第二个'])

      // B ordering A's filters (alone, mixed with B's own, or every filter there is) is refused and orders nothing.
      const [{ all }] = await app.database.query<{ all: number }>('select count(*)::int as all from saved_filters')
      assert.equal(all, 3)
      for (const ids of [
        [a2, a1],
        [b1, a1],
        [b1, a2, a1],
      ]) {
        const r = await gql(app.t, REORDER, { ids }, b.auth)
        assert.equal(r.body.errors?.[0].extensions?.code, 'BAD_USER_INPUT', JSON.stringify(r.body))
      }
      const [{ seqs }] = await app.database.query<{ seqs: number }>(
        'select count(*)::int as seqs from saved_filters where filter_id = any($1::text[]) and seq is not null',
        [[a1, a2]],
      )
      assert.equal(seqs, 0)

      // The owner deletes their own.
      assert.equal((await gql(app.t, DELETE, { id: a1 }, a.auth)).body.data.deleteFilter, true)
      assert.deepEqual(await names(a), ['A 的第二个'])
      assert.deepEqual(await names(b), ['B 的筛选'])
    })
  })

  describe('follows: toggleFollow, hasFollowed and followersCount', () => {
    const info = async (who: Who | null, poCode = 'ZH015677') => {
      const { body } = await gql(app.t, operation('followersInfo'), { poCode, is0009: true }, who?.auth ?? {})
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      return body.data.portfolio as { followersCount: number; hasFollowed: boolean }
    }
    const toggle = async (who: Who, state: boolean, poCode = 'ZH015677') => {
      const { body } = await gql(app.t, operation('toggleFollow'), { poCode, state }, who.auth)
      assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      return body.data.toggleFollow as { hasFollowed: boolean; followersCount: number }
    }

    it('a follow is the follower’s own; another user’s unfollow does not undo it', async () => {
      const base = (await info(null)).followersCount
      assert.deepEqual(await toggle(a, true), { hasFollowed: true, followersCount: base + 1, error: null })
      assert.deepEqual(await info(a), { poCode: 'ZH015677', followersCount: base + 1, hasFollowed: true })
      assert.deepEqual(await info(b), { poCode: 'ZH015677', followersCount: base + 1, hasFollowed: false })
      assert.equal((await info(null)).hasFollowed, false)

      // B unfollowing (never followed) removes nothing.
      assert.deepEqual(await toggle(b, false), { hasFollowed: false, followersCount: base + 1, error: null })
      assert.equal((await info(a)).hasFollowed, true)

      // Both follow, then A leaves: B stays.
      assert.equal((await toggle(b, true)).followersCount, base + 2)
      assert.deepEqual(await toggle(a, false), { hasFollowed: false, followersCount: base + 1, error: null })
      assert.equal((await info(a)).hasFollowed, false)
      assert.equal((await info(b)).hasFollowed, true)
      // Following one strategy is not following another.
      assert.equal((await info(b, 'ZH015676')).hasFollowed, false)
      const rows = await app.database.query<{ user_id: string; po_code: string }>(
        'select user_id, po_code from follows where user_id = any($1::text[]) order by user_id',
        [[a.userId, b.userId]],
      )
      assert.deepEqual(rows, [{ user_id: b.userId, po_code: 'ZH015677' }])
    })
  })

  describe('live comments carry their poster', () => {
    it('a comment is stored and shown under the user who posted it', async () => {
      const nickname = async (who: Who) => (await gql(app.t, operation('UserInfo'), {}, who.auth)).body.data.me.nickname as string
      const post = async (who: Who, content: string) => {
        const { body } = await gql(app.t, operation('postLiveComment'), { liveId: 'LIVE002', content }, who.auth)
        assert.equal(body.errors, undefined, JSON.stringify(body.errors))
        return body.data.postLiveComment.comment as { commentId: string; nickname: string }
      }
      const [nickA, nickB] = [await nickname(a), await nickname(b)]
      assert.notEqual(nickA, nickB)
      const fromA = await post(a, 'A 说的')
      const fromB = await post(b, 'B 说的')
      assert.equal(fromA.nickname, nickA)
      assert.equal(fromB.nickname, nickB)
      const stored = await app.database.query<{ comment_id: string; user_id: string; nickname: string }>(
        'select comment_id::text, user_id, nickname from live_comments where comment_id = any($1::bigint[]) order by comment_id',
        [[fromA.commentId, fromB.commentId]],
      )
      assert.deepEqual(stored, [
        { comment_id: fromA.commentId, user_id: a.userId, nickname: nickA },
        { comment_id: fromB.commentId, user_id: b.userId, nickname: nickB },
      ])
      // The REST post is the caller's too.
      const res = await rest('POST', '/live/LIVE002/comments', b, { content: 'B 用 REST 说的' })
      assert.equal(res.statusCode, 200, res.body)
      assert.equal(res.json().data.nickname, nickB)
    })
  })

  describe('read marks of articles', () => {
    it('an article read by one user is unread for another', async () => {
      const [{ articleId, columnId }] = await app.database.query<{ articleId: string; columnId: string }>(
        `select article_id as "articleId", column_id as "columnId" from articles where column_id is not null order by published_at desc, article_id limit 1`,
      )
      const isReadInColumn = async (who: Who) => {
        const { body } = await gql(app.t, operation('ColumnDetail'), { columnId, isRead: true, page: { size: 100 } }, who.auth)
        assert.equal(body.errors, undefined, JSON.stringify(body.errors))
        const row = body.data.column.articles.list.find((x: { articleId: string }) => x.articleId === articleId)
        assert.ok(row, `article ${articleId} is on the column's first page`)
        return row.isRead as boolean
      }
      const open = async (who: Who) => (await gql(app.t, operation('Article'), { articleId }, who.auth)).body.data.article.isRead as boolean
      const markRead = async (who: Who) => {
        const { body } = await gql(
          app.t,
          'mutation ($id: String!) { markArticleRead(articleId: $id) { isRead } }',
          { id: articleId },
          who.auth,
        )
        assert.equal(body.errors, undefined, JSON.stringify(body.errors))
      }
      assert.equal(await isReadInColumn(a), false)
      assert.equal(await isReadInColumn(b), false)
      assert.equal(await open(a), false) // reading it marks nothing: the app marks it
      await markRead(a)
      assert.equal(await open(a), true)
      assert.equal(await isReadInColumn(a), true)
      assert.equal(await isReadInColumn(b), false)
      assert.equal(await open(b), false)
    })
  })

  describe('user info', () => {
    it('me and /user/info/detail are the caller’s', async () => {
      const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`
      for (const who of [a, b, demo]) {
        const me = (await gql(app.t, operation('UserInfo'), {}, who.auth)).body.data.me
        assert.equal(me.userId, who.userId)
        assert.equal(me.phone, masked(who.phone))
        const detail = (await rest('GET', '/user/info/detail', who)).json().data
        assert.equal(detail.userId, who.userId)
        assert.equal(detail.phone, masked(who.phone))
      }
    })
  })
})
