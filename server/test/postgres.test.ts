import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import { after, describe, it } from 'node:test'
import { apiSuite } from './api-suite'
import { PG_BIN, apiHeaders, gql, login, operation, seededPostgres, startApp, startPostgres, type ThrowawayPostgres } from './helpers'
import { createSign } from '../../src/utils/sign'

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
        assert.equal((await b.app.inject({ method: 'GET', url: '/alfa/v1/live/LIVE001/comments?size=1', headers: apiHeaders() })).json().data.list[0].content, content)
      } finally {
        await a.app.close()
        await b.app.close()
        await dbA.close()
        await dbB.close()
      }
    })
  })
}
