import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import { after, describe, it } from 'node:test'
import { apiSuite } from './api-suite'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/db'
import { importFolder } from '../src/import/importer'
import { PG_BIN, apiHeaders, gql, login, operation, seededPostgres, startApp, startPostgres, type ThrowawayPostgres } from './helpers'
import { createSign } from '@alfa/common/sign'

const available = fs.existsSync(`${PG_BIN}/initdb`)
let pg: ThrowawayPostgres | undefined
const cluster = () => (pg ??= startPostgres())
after(() => pg?.stop())

if (!available) {
  describe('PostgreSQL 15', () => {
    it('skipped: no binaries at /usr/lib/postgresql/15/bin', { skip: true }, () => {})
  })
} else {
  apiSuite('PostgreSQL 15', () => seededPostgres(cluster().url))

  describe('live comments across instances (LISTEN/NOTIFY)', () => {
    it('a comment posted on one instance reaches a viewer on another', async () => {
      const dbA = await seededPostgres(cluster().url)
      const dbB = await seededPostgres(cluster().url)
      const a = await startApp(dbA)
      const b = await startApp(dbB)
      try {
        const token = await login(a)
        const addressB = await b.app.listen({ port: 0, host: '127.0.0.1' })
        const content = `跨实例 ${Date.now()}`
        const received = await new Promise<string>((resolve, reject) => {
          const req = http.get(`${addressB}/alfa/v1/live/LIVE001/stream?x-sign=${createSign()}&x-broker=0008`, (res) => {
            let buf = ''
            let posted = false
            res.on('data', (chunk) => {
              buf += chunk
              if (!posted && buf.includes(': connected')) {
                posted = true
                void gql(a, operation('postLiveComment'), { liveId: 'LIVE001', content }, { authorization: `Bearer ${token}` })
              }
              const m = /event: comment\ndata: (.+)\n\n/.exec(buf)
              if (m) {
                req.destroy()
                resolve(m[1])
              }
            })
          })
          req.on('error', reject)
        })
        assert.equal(JSON.parse(received).content, content)
        assert.equal(
          (await b.app.inject({ method: 'GET', url: '/alfa/v1/live/LIVE001/comments?size=1', headers: apiHeaders() })).json().data.list[0]
            .content,
          content,
        )
      } finally {
        await a.app.close()
        await b.app.close()
        await dbA.close()
        await dbB.close()
      }
    })
  })

  describe('an import into a running PostgreSQL-backed server', () => {
    it('is seen at once: statistics, figures and search, without a restart', async () => {
      const served = await seededPostgres(cluster().url)
      const t = await startApp(served)
      const importer = await openDatabase({ databaseUrl: cluster().url, poolSize: 2 })
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-pg-import-'))
      try {
        // The watchlist reads the same statistics as the filter.
        const token = await login(t)
        const auth = { authorization: `Bearer ${token}` }
        await t.app.inject({
          method: 'POST',
          url: '/alfa/v1/user-fund-picks/batch',
          headers: apiHeaders(auth),
          payload: { fundCodes: ['000001'], op: 'add' },
        })
        const filterRow = async () => (await gql(t, `{ myPicks { fund { fundCode } returns { y1 asOf } } }`, {}, auth)).body.data.myPicks[0]
        const before = await filterRow()
        assert.ok(before.returns.y1 !== null, 'demo fund 000001 has a 近1年 return')
        // 000001 becomes an imported fund with three NAV days; the newest NAV date of all funds does not change.
        fs.writeFileSync(
          path.join(dir, 'funds.csv'),
          'fund_code,fund_name,category_code,setup_date,risk_level\n000001,导入测试混合(QDII),MIXED,2024-01-02,Medium\n',
        )
        fs.writeFileSync(
          path.join(dir, 'fund_navs.csv'),
          'fund_code,nav_date,nav,acc_nav\n000001,2024-01-02,1.0000,1.0000\n000001,2024-01-03,1.0100,1.0100\n000001,2024-01-04,1.0300,1.0300\n',
        )
        await importFolder(importer, dir)
        let after: Awaited<ReturnType<typeof filterRow>>
        for (let i = 0; i < 50; i++) {
          after = await filterRow()
          if (after?.returns.asOf === '2024-01-04') break
          await new Promise((r) => setTimeout(r, 100))
        }
        assert.equal(after.returns.asOf, '2024-01-04')
        assert.equal(after.returns.y1, null)
        const found = await gql(t, `{ search(keyword: "drcshh") { funds { fundCode fundName } } }`)
        assert.equal(found.status, 200, JSON.stringify(found.body))
        assert.deepEqual(found.body.data.search.funds, [{ fundCode: '000001', fundName: '导入测试混合(QDII)' }])
        const page = await gql(t, `{ fund(fundCode: "000001") { isDemo nav navDate topHoldings { list { securityName } } } }`)
        assert.deepEqual(page.body.data.fund, { isDemo: false, nav: '1.0300', navDate: '2024-01-04', topHoldings: { list: [] } })
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
        await t.app.close()
        await importer.close()
        await served.close()
      }
    })
  })
}
