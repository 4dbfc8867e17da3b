import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { migrate, openDatabase } from '../src/db'
import { importFolder } from '../src/import/importer'
import { parseCsv } from '../src/import/csv'
import { apiHeaders, startApp } from './helpers'
import { FUND_TERMINATED_MSG } from '@alfa/common/fundStatus'

const EXAMPLE = path.join(__dirname, '..', 'examples', 'import')

describe('CSV import', () => {
  it('parses quoted fields, doubled quotes and CRLF', () => {
    const rows = parseCsv('\ufeffa,b\r\n"x, y","say ""hi"""\r\n\r\n1,\n')
    assert.deepEqual(
      rows.map((r) => r.record),
      [
        { a: 'x, y', b: 'say "hi"' },
        { a: '1', b: '' },
      ],
    )
  })

  it('loads managers, funds, NAV history and benchmarks, and a re-run updates instead of duplicating', async () => {
    const database = await openDatabase({})
    try {
      await migrate(database)
      const counts = await importFolder(database, EXAMPLE)
      assert.equal(counts.funds, 3)
      assert.equal(counts.fund_navs, 6)
      await importFolder(database, EXAMPLE)
      const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from fund_navs')
      assert.equal(n, 6)
      const [nav] = await database.query<{ daily_return: string }>(
        `select daily_return from fund_navs where fund_code = '110011' and nav_date = '2024-01-03'`,
      )
      assert.equal(nav.daily_return, '0.014971') // 5.2001 / 5.1234 - 1 = 0.0149705…
      const [m] = await database.query<{ manager_name: string; intro: string }>(
        `select manager_name, intro from managers where manager_id = 'R002'`,
      )
      assert.equal(m.manager_name, '王"小"明')

      const t = await startApp(database)
      const live = await t.app.inject({ method: 'GET', url: '/alfa/v1/fund/info/110011', headers: apiHeaders() })
      assert.equal(live.json().data.nav, '5.1500')
      const stopped = await t.app.inject({ method: 'GET', url: '/alfa/v1/fund/info/000999', headers: apiHeaders() })
      assert.equal(stopped.json().msg, FUND_TERMINATED_MSG)
      await t.app.close()
    } finally {
      await database.close()
    }
  })

  it('takes a fund’s yearly fees when funds.csv gives them, and refuses a fee written as a percent (issue #25)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-import-'))
    const head = 'fund_code,fund_name,category_code,setup_date,risk_level,management_fee_rate,custody_fee_rate,sales_service_fee_rate\n'
    const database = await openDatabase({})
    try {
      await migrate(database)
      fs.writeFileSync(path.join(dir, 'funds.csv'), `${head}123456,费率基金A,MIXED,2020-01-01,MidHigh,0.012,0.002,\n`)
      await importFolder(database, dir)
      const [row] = await database.query<Record<string, string | null>>(
        `select management_fee_rate::text as m, custody_fee_rate::text as c, sales_service_fee_rate::text as s from funds where fund_code = '123456'`,
      )
      assert.deepEqual(row, { m: '0.012000', c: '0.002000', s: null })
      fs.writeFileSync(path.join(dir, 'funds.csv'), `${head}123456,费率基金A,MIXED,2020-01-01,MidHigh,1.2,0.002,\n`)
      await assert.rejects(importFolder(database, dir), /funds\.csv:2: management_fee_rate — a yearly fee of 10 % or more is not a rate/)
    } finally {
      await database.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names the file and line of an invalid row and imports nothing of that file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-import-'))
    fs.writeFileSync(
      path.join(dir, 'funds.csv'),
      'fund_code,fund_name,category_code,setup_date,risk_level\n123,Bad,STOCK,2020-01-01,High\n',
    )
    const database = await openDatabase({})
    try {
      await migrate(database)
      await assert.rejects(importFolder(database, dir), /funds\.csv:2: fund_code/)
      assert.equal((await database.query<{ n: number }>('select count(*)::int as n from funds'))[0].n, 0)
    } finally {
      await database.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('runs as npm run import -- <folder> against a data folder', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-import-data-'))
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'import', 'main.ts'), EXAMPLE], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      })
      assert.match(out, /imported into pglite/)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
