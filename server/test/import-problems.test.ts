import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { openDatabase } from '../src/db'

/**
 * `npm run import` on bad input, as a user runs it: every problem is one line naming file, line
 * and column; the exit code is not 0; and the database is exactly as it was.
 */

const MAIN = path.join(__dirname, '..', 'src', 'import', 'main.ts')
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-import-cases-'))
const dataDir = path.join(root, 'data')
after(() => fs.rmSync(root, { recursive: true, force: true }))

const GOOD: Record<string, string> = {
  'funds.csv':
    'fund_code,fund_name,category_code,setup_date,risk_level\n100001,华夏全球股票(QDII),QDII,2020-01-02,High\n100002,示例债券A,BOND,2020-01-02,Low\n',
  'fund_navs.csv':
    'fund_code,nav_date,nav,acc_nav\n100001,2020-01-02,1.0000,1.0000\n100001,2020-01-03,1.0100,1.0100\n100002,2020-01-02,1.0000,\n',
}

function folder(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(root, 'case-'))
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content)
  return dir
}

function runImport(dir: string, ...extra: string[]) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', MAIN, dir, ...extra], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    encoding: 'utf8',
  })
  return { code: res.status, out: res.stdout, err: res.stderr }
}

/** Everything an import can write, as one text: equal before and after a refused import. */
async function snapshot(): Promise<string> {
  const database = await openDatabase({ dataDir })
  try {
    const parts: unknown[] = []
    for (const table of ['funds', 'fund_navs', 'fund_events', 'managers', 'benchmarks', 'benchmark_values']) {
      parts.push(table, await database.query(`select * from ${table} order by 1, 2`))
    }
    return JSON.stringify(parts)
  } finally {
    await database.close()
  }
}

let baseline = ''
before(async () => {
  const first = runImport(folder(GOOD))
  assert.equal(first.code, 0, first.err)
  baseline = await snapshot()
})

/** Runs a bad import and checks its message, its exit code and that nothing changed. */
async function refused(files: Record<string, string | Buffer>, expected: RegExp, ...extra: string[]) {
  const r = runImport(folder(files), ...extra)
  assert.notEqual(r.code, 0, `exit code: ${r.code}\n${r.out}`)
  assert.match(r.err, expected)
  assert.match(r.err, /nothing was written|import failed/)
  assert.equal(await snapshot(), baseline, 'the database changed')
  return r.err
}

describe('npm run import: every problem is reported as file:line: column — reason, and nothing is written', () => {
  it('an impossible date', async () => {
    await refused(
      { 'fund_navs.csv': 'fund_code,nav_date,nav,acc_nav\n100001,2020-01-06,1.0200,1.0200\n100001,2020-02-30,1.0300,1.0300\n' },
      /^fund_navs\.csv:3: nav_date — 2020-02-30 is not a real date$/m,
    )
  })

  it('a duplicate row names both lines', async () => {
    await refused(
      { 'fund_navs.csv': 'fund_code,nav_date,nav,acc_nav\n100001,2020-01-06,1.0200,1.0200\n100001,2020-01-06,1.0300,1.0300\n' },
      /^fund_navs\.csv:3: fund_code, nav_date — duplicate of line 2 \(100001 2020-01-06\)$/m,
    )
  })

  it('a NAV of 0 is not a positive number', async () => {
    await refused(
      { 'fund_navs.csv': 'fund_code,nav_date,nav,acc_nav\n100001,2020-01-06,0,1.0200\n' },
      /^fund_navs\.csv:2: nav — 0 is not a positive number$/m,
    )
  })

  it('a misspelled header is an unknown column, with the expected list', async () => {
    await refused(
      { 'fund_navs.csv': 'fund_code,nav_date,nav,accnav\n100001,2020-01-06,1.0200,1.0300\n' },
      /^fund_navs\.csv:1: accnav — unknown column \(expected: fund_code, nav_date, nav, acc_nav, daily_growth, distribution_text\)$/m,
    )
  })

  it('a missing required column', async () => {
    await refused(
      { 'fund_navs.csv': 'fund_code,nav_date\n100001,2020-01-06\n' },
      /^fund_navs\.csv:1: nav — missing column \(expected: fund_code, nav_date, nav, acc_nav, daily_growth, distribution_text\)$/m,
    )
  })

  it('a GBK file is detected, with how to convert it or import it as GBK', async () => {
    const gbk = Buffer.concat([
      Buffer.from('fund_code,fund_name,category_code,setup_date,risk_level\n100003,'),
      Buffer.from([0xbb, 0xaa, 0xcf, 0xc4, 0xb3, 0xc9, 0xb3, 0xa4]),
      Buffer.from(',STOCK,2020-01-02,High\n'),
    ])
    await refused(
      { 'funds.csv': gbk },
      /^funds\.csv:2: encoding — not UTF-8 \(it looks like GBK: convert it \(iconv -f GBK -t UTF-8 funds\.csv .*\) or run the import with --encoding gbk\)$/m,
    )
    const ok = runImport(folder({ 'funds.csv': gbk }), '--encoding', 'gbk')
    assert.equal(ok.code, 0, ok.err)
    const database = await openDatabase({ dataDir })
    try {
      assert.deepEqual(await database.query(`select fund_name from funds where fund_code = '100003'`), [{ fund_name: '华夏成长' }])
      await database.query(`delete from funds where fund_code = '100003'`)
    } finally {
      await database.close()
    }
    assert.equal(await snapshot(), baseline)
  })

  it('a reinvestment date before the ex-date, or on a split', async () => {
    const err = await refused(
      {
        'fund_events.csv':
          'fund_code,ex_date,kind,cash_per_unit,split_ratio,reinvest_date\n100001,2020-01-07,dividend,0.02,,2020-01-06\n100001,2020-01-08,split,,2,2020-01-09\n',
      },
      /^fund_events\.csv:2: reinvest_date — 2020-01-06 is before the ex-date 2020-01-07$/m,
    )
    assert.match(err, /^fund_events\.csv:3: reinvest_date — only a dividend is reinvested$/m)
  })

  it('a fund that is in neither the file nor the database', async () => {
    await refused(
      { 'fund_navs.csv': 'fund_code,nav_date,nav\n999999,2020-01-06,1.0200\n' },
      /^fund_navs\.csv:2: fund_code — fund 999999 is in neither funds\.csv nor the database$/m,
    )
  })

  it('several problems are all reported, each on its line, before anything is written', async () => {
    const err = await refused(
      {
        'fund_navs.csv':
          'fund_code,nav_date,nav,acc_nav\n100001,2020-02-30,1.0,1.0\n100001,2020-01-07,-1,1.0\n100001,2020-01-08,1.02,1.02\n',
      },
      /fund_navs\.csv:2: nav_date/,
    )
    assert.match(err, /^fund_navs\.csv:3: nav — -1 is not a positive number$/m)
    assert.match(err, /import failed: 2 problems; nothing was written/)
  })

  it('re-running the same import changes nothing', async () => {
    const again = runImport(folder(GOOD))
    assert.equal(again.code, 0, again.err)
    const database = await openDatabase({ dataDir })
    try {
      const [{ v }] = await database.query<{ v: string }>('select version::text as v from data_version')
      assert.ok(Number(v) >= 2)
    } finally {
      await database.close()
    }
    assert.equal(await snapshot(), baseline)
  })

  it('refuses the data folder of a running server, and says what to do', async () => {
    // A process holding the folder, as a running server does.
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `
      const { openDatabase } = require(${JSON.stringify(path.join(__dirname, '..', 'src', 'db'))});
      openDatabase({ dataDir: ${JSON.stringify(dataDir)} }).then(() => { console.log('open'); setInterval(() => {}, 1000) })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (d) => String(d).includes('open') && resolve())
        holder.on('exit', (c) => reject(new Error(`holder exited ${c}`)))
      })
      const r = runImport(folder(GOOD))
      assert.notEqual(r.code, 0)
      assert.match(
        r.err,
        new RegExp(
          `^import failed: the embedded database in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${holder.pid} \\(a running server or import\\)\\. Stop that process first, or use PostgreSQL \\(DATABASE_URL\\)`,
          'm',
        ),
      )
    } finally {
      holder.kill('SIGKILL')
      await new Promise((r) => holder.once('exit', r))
    }
    // The killed holder's lock is stale: the next opener takes the folder over.
    assert.equal(await snapshot(), baseline)
  })
})
