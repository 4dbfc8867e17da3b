// npm run import -- <folder> [--encoding gbk]: loads real funds, managers, NAV history,
// distributions and benchmarks from CSV files, and the content of its content/ folder (columns,
// articles, courses, ads, configs: content.ts) (format: server/README.md) into the configured
// database (DATABASE_URL, or the PGlite data folder, which must not be open in a running server).
// Every problem is printed as `file:line: column — reason` and nothing is written; exit code 1.
import path from 'node:path'
import { loadDatabaseConfig } from '../config'
import { DataDirLockedError } from '../db/lock'
import { prepareDatabase } from '../db/startup'
import { ImportProblems, type Encoding } from './importer'
import { importFolderWithContent } from './content'

const USAGE =
  'usage: npm run import -- <folder> [--encoding utf8|gbk]\n  folder: managers.csv, funds.csv, fund_navs.csv, fund_events.csv, benchmarks.csv, benchmark_values.csv (each optional),\n          content/ (columns.csv, articles/, courses.csv, lessons.csv, ads.csv, configs.csv; optional)'

function parseArgs(argv: string[]): { folder: string; encoding: Encoding } | null {
  let folder: string | undefined
  let encoding: Encoding = 'utf8'
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--encoding' || a.startsWith('--encoding=')) {
      const v = (a.includes('=') ? a.split('=')[1] : argv[++i])?.toLowerCase()
      if (v === 'gbk' || v === 'gb18030' || v === 'gb2312') encoding = 'gbk'
      else if (v === 'utf8' || v === 'utf-8') encoding = 'utf8'
      else return null
    } else if (a.startsWith('-') || folder) return null
    else folder = a
  }
  return folder ? { folder, encoding } : null
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  if (!args) {
    console.error(USAGE)
    process.exit(2)
  }
  const database = await prepareDatabase({ ...loadDatabaseConfig(), SEED_DEMO: false })
  try {
    const t0 = Date.now()
    const counts = await importFolderWithContent(database, path.resolve(args.folder), {
      encoding: args.encoding,
      log: (m) => console.log(`  ${m}`),
    })
    console.log(`imported into ${database.kind} in ${Date.now() - t0} ms:`, counts)
  } finally {
    await database.close()
  }
}

main().catch((err) => {
  if (err instanceof ImportProblems) {
    for (const p of err.problems) console.error(p)
    console.error(`import failed: ${err.problems.length} problem${err.problems.length === 1 ? '' : 's'}; nothing was written`)
  } else if (err instanceof DataDirLockedError) console.error(`import failed: ${err.message}`)
  else console.error(`import failed: ${err instanceof Error ? err.message : err}`)
  process.exit(1)
})
