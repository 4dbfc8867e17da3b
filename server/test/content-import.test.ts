import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, beforeEach, describe, it } from 'node:test'
import { richPlainText, type RichNode } from '@alfa/common/richText'
import { migrate, openDatabase, type Database } from '../src/db'
import { importFolderWithContent, publishedAt } from '../src/import/content'
import { ImportProblems } from '../src/import/importer'
import { gql, startApp } from './helpers'

/**
 * `npm run import` with a content/ folder (issue #21): columns, Markdown and HTML articles with
 * front matter, courses and lessons, ads and key-value configs. Checked whole, every problem as
 * `file:line: field — reason`, written in one transaction with the fund files beside it or not
 * at all, sanitised on the way in, and the same folder again changes nothing.
 */

const EXAMPLE = path.join(__dirname, '..', 'examples', 'import')
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-content-import-'))
after(() => fs.rmSync(root, { recursive: true, force: true }))

/** A folder of files (paths relative to it), with the example's content/ unless told otherwise. */
function folder(files: Record<string, string>, base = true): string {
  const dir = fs.mkdtempSync(path.join(root, 'case-'))
  if (base) fs.cpSync(path.join(EXAMPLE, 'content'), path.join(dir, 'content'), { recursive: true })
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), text)
  }
  return dir
}

const TABLES = ['columns', 'articles', 'courses', 'lessons', 'ads', 'kv_configs', 'funds', 'fund_navs']

/** Every table an import writes, as one text. */
async function snapshot(database: Database): Promise<string> {
  const parts: unknown[] = []
  for (const table of TABLES) parts.push(table, await database.query(`select * from ${table} order by 1, 2`))
  return JSON.stringify(parts)
}

async function problemsOf(database: Database, dir: string): Promise<string[]> {
  const before = await snapshot(database)
  try {
    await importFolderWithContent(database, dir)
  } catch (err) {
    assert.ok(err instanceof ImportProblems, String(err))
    assert.equal(await snapshot(database), before, 'a refused import wrote something')
    return err.problems
  }
  assert.fail('the import was not refused')
}

describe('content import', () => {
  let database: Database
  before(async () => {
    database = await openDatabase({})
    await migrate(database)
  })
  after(() => database.close())

  it('imports the example folder (funds and content in one run); again, nothing changes', async () => {
    const counts = await importFolderWithContent(database, EXAMPLE)
    assert.deepEqual(
      {
        columns: counts.columns,
        articles: counts.articles,
        courses: counts.courses,
        lessons: counts.lessons,
        ads: counts.ads,
        kv: counts.kv_configs,
        funds: counts.funds,
      },
      { columns: 1, articles: 2, courses: 1, lessons: 2, ads: 1, kv: 3, funds: 3 },
    )
    const first = await snapshot(database)
    await importFolderWithContent(database, EXAMPLE)
    assert.equal(await snapshot(database), first)

    // Served: the Markdown article as a tree, in its column, at the time written (Shanghai).
    const t = await startApp(database)
    try {
      const { body } = await gql(
        t,
        `{ article(articleId: "A90001") { title body publishedAt column { title } } column(columnId: "C900") { articles { totalCount list { articleId } } } kv: config(key: "customer_service") { elements { key value } } }`,
      )
      const a = body.data.article
      assert.equal(a.column.title, '基金小课堂')
      assert.equal(new Date(a.publishedAt).toISOString(), '2026-11-20T01:30:00.000Z')
      const names = JSON.stringify(a.body)
      for (const tag of ['"strong"', '"h2"', '"ul"', '"blockquote"', '"a"']) assert.ok(names.includes(tag), tag)
      assert.match(richPlainText(a.body as RichNode[]), /单位净值与累计净值/)
      assert.deepEqual(
        body.data.column.articles.list.map((x: { articleId: string }) => x.articleId),
        ['A90002', 'A90001'],
      )
      assert.deepEqual(body.data.kv.elements, [
        { key: 'phone', value: '400-000-0000' },
        { key: 'hours', value: '工作日 9:00-18:00' },
      ])
    } finally {
      await t.app.close()
    }
  })

  it('sanitises articles on the way in and notes what it took out', async () => {
    const notes: string[] = []
    await importFolderWithContent(
      database,
      folder(
        {
          'content/articles/hostile.html': `---\ntitle: 有害代码\npublished_at: 2026-11-01\n---\n<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>`,
        },
        false,
      ),
      { log: (m) => notes.push(m) },
    )
    const [row] = await database.query<{ content: string }>(`select content from articles where article_id = 'hostile'`)
    assert.equal(row.content, '<p>正文链接</p>')
    assert.ok(
      notes.some((n) =>
        /^content\/articles\/hostile\.html:5: body — removed by the sanitiser: .*onclick.*<script>.*href="javascript:alert\(1\)"/.test(n),
      ),
      notes.join('\n'),
    )
  })

  describe('refusals: every problem with its file and line, nothing written', () => {
    beforeEach(async () => {
      // A known state to compare with: the example imported.
      await importFolderWithContent(database, EXAMPLE)
    })

    const cases: Array<[string, Record<string, string>, RegExp[]]> = [
      [
        'CSV fields, unknown columns, duplicates',
        {
          'content/columns.csv': 'column_id,title,sort,colour\nC1,,x,red\nC 2,标题,1,\nC3,好,1,\nC3,又一个,2,\n',
        },
        [/^content\/columns\.csv:1: colour — unknown column/m],
      ],
      [
        'CSV rows',
        { 'content/columns.csv': 'column_id,title,sort,cover_url\nC1,,x,\nC 2,标题,1,\nC3,好,1,javascript:alert(1)\nC3,又一个,2,\n' },
        [
          /^content\/columns\.csv:2: title — empty$/m,
          /^content\/columns\.csv:2: sort — x is not a whole number from 0 to 100000$/m,
          /^content\/columns\.csv:3: column_id — only letters, digits, - and _/m,
          /^content\/columns\.csv:4: cover_url — not an https url or a path on this server/m,
          /^content\/columns\.csv:5: column_id — duplicate of line 4 \(C3\)$/m,
        ],
      ],
      [
        'article front matter',
        {
          'content/articles/bad.md': '---\ntitle: \ncolumn: NOPE\nauthor: 我\ncolour: red\npublished_at: 2026-02-30\n---\n正文\n',
          'content/articles/nodate.html': '---\ntitle: 没有日期\n---\n<p>x</p>\n',
          'content/articles/yaml.md': '---\ntitle: ok\nx: a: b\n---\n正文\n',
          'content/articles/empty.md': '---\ntitle: 空\npublished_at: 2026-11-01\n---\n<script>only code</script>\n',
          'content/articles/notes.txt': 'not an article',
          'content/articles/A90001.html': '---\nid: A90002\ntitle: 重复\npublished_at: 2026-11-01\n---\n<p>x</p>\n',
        },
        [
          /^content\/articles\/bad\.md:2: title — empty$/m,
          /^content\/articles\/bad\.md:5: colour — unknown field/m,
          /^content\/articles\/bad\.md:6: published_at — "2026-02-30" is not a real date/m,
          /^content\/articles\/bad\.md:3: column — column NOPE is in neither content\/columns\.csv nor the database$/m,
          /^content\/articles\/nodate\.html:1: published_at — missing/m,
          /^content\/articles\/yaml\.md:3: front matter — /m,
          /^content\/articles\/empty\.md:5: body — empty/m,
          /^content\/articles\/notes\.txt:1: — not an article/m,
          /^content\/articles\/A90002\.html:1: id — A90002 is also the id of content\/articles\/A90001\.html$/m,
        ],
      ],
      [
        'lessons, ads and configs',
        {
          'content/lessons.csv':
            'lesson_id,course_id,seq,title,duration_second,video_url\nL1,NOPE,1,第1课,60,\nL2,CO900,1,第1课,0,http://video.example/x.mp4\nL3,CO900,2,第2课,60,\nL4,CO900,2,又是第2课,60,\n',
          'content/ads.csv': 'ad_id,rec_code,img_url,track_properties\nAD1,home banner,,{oops}\n',
          'content/configs.csv':
            'variant,key,name,value,main,link\nconfig,switches,,true,,\nwidget,entries,x,,入口,\nwidget,entries2,,,入口,data:text/html\nmenu,k,,,,\n',
          'content/extra.csv': 'a\n1\n',
        },
        [
          /^content\/lessons\.csv:2: course_id — course NOPE is in neither content\/courses\.csv nor the database$/m,
          /^content\/lessons\.csv:3: duration_second — 0 is not a whole number from 1 to 86400$/m,
          /^content\/lessons\.csv:3: video_url — not an https url/m,
          /^content\/lessons\.csv:5: seq — lesson 2 of CO900 is also on line 4$/m,
          /^content\/ads\.csv:2: rec_code — capital letters, digits and _/m,
          /^content\/ads\.csv:2: img_url — empty$/m,
          /^content\/ads\.csv:2: track_properties — not a JSON object/m,
          /^content\/configs\.csv:2: name — a config entry needs it$/m,
          /^content\/configs\.csv:3: name — not a field of a widget/m,
          /^content\/configs\.csv:4: link — not an http\(s\) url or an app path/m,
          /^content\/configs\.csv:5: variant — /m,
          /^content\/extra\.csv:1: — unknown file/m,
        ],
      ],
    ]
    for (const [name, files, expected] of cases) {
      it(name, async () => {
        const problems = (await problemsOf(database, folder(files))).join('\n')
        for (const re of expected) assert.match(problems, re)
      })
    }

    it('a content problem stops the fund files beside it, and a fund problem the content', async () => {
      const funds = 'fund_code,fund_name,category_code,setup_date,risk_level\n300001,新基金,BOND,2020-01-02,Low\n'
      const contentBad = await problemsOf(database, folder({ 'funds.csv': funds, 'content/columns.csv': 'column_id,title\nC901,\n' }))
      assert.deepEqual(contentBad, ['content/columns.csv:2: title — empty'])
      const [{ n }] = await database.query<{ n: number }>(`select count(*)::int as n from funds where fund_code = '300001'`)
      assert.equal(n, 0)
      // Both kinds in one run: all reported, the fund files' first.
      const both = await problemsOf(
        database,
        folder({ 'funds.csv': funds.replace('2020-01-02', '2020-02-30'), 'content/columns.csv': 'column_id,title\nC901,\n' }),
      )
      assert.deepEqual(both, ['funds.csv:2: setup_date — 2020-02-30 is not a real date', 'content/columns.csv:2: title — empty'])
      // A good content folder with bad fund files writes no content either.
      const fundBad = await problemsOf(
        database,
        folder({ 'funds.csv': funds.replace('BOND', 'SHARES'), 'content/columns.csv': 'column_id,title\nC902,新专栏\n' }),
      )
      assert.match(fundBad.join('\n'), /^funds\.csv:2: category_code/m)
      const [{ c }] = await database.query<{ c: number }>(`select count(*)::int as c from columns where column_id = 'C902'`)
      assert.equal(c, 0)
    })
  })

  it('reads publication times as Shanghai time unless they say otherwise', () => {
    assert.equal(publishedAt('2026-11-20'), '2026-11-20T00:00:00+08:00')
    assert.equal(publishedAt('2026-11-20 09:30'), '2026-11-20T09:30:00+08:00')
    assert.equal(publishedAt('2026-11-20T09:30:15Z'), '2026-11-20T09:30:15Z')
    for (const bad of ['2026-02-30', '2026-11-20 24:00', '20261120', 'yesterday', '']) assert.equal(publishedAt(bad), null, bad)
  })
})

describe('npm run import with content, as an operator runs it', () => {
  it('prints each problem on its own line and exits 1; a good folder exits 0', () => {
    const dataDir = path.join(root, 'cli-data')
    const run = (dir: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'import', 'main.ts'), dir], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'development' },
        encoding: 'utf8',
      })
    const bad = run(folder({ 'content/columns.csv': 'column_id,title\nC1,\n' }, false))
    assert.equal(bad.status, 1)
    assert.match(bad.stderr, /^content\/columns\.csv:2: title — empty$/m)
    assert.match(bad.stderr, /import failed: 1 problem; nothing was written/)
    const good = run(folder({}, true))
    assert.equal(good.status, 0, good.stderr)
    assert.match(good.stdout, /articles: 2 rows/)
  })
})
