// npm run import -- <folder>: loads real funds, managers, NAV history and benchmarks from CSV
// files (format: server/README.md) into the configured database (DATABASE_URL or the PGlite
// data folder). Importing into an empty database skips the demo data set.
import path from 'node:path'
import { loadConfig } from '../config'
import { prepareDatabase } from '../db/startup'
import { importFolder } from './importer'

async function main() {
  const folder = process.argv[2]
  if (!folder) {
    console.error('usage: npm run import -- <folder with managers.csv, funds.csv, fund_navs.csv, benchmarks.csv, benchmark_values.csv>')
    process.exit(2)
  }
  const config = loadConfig()
  const database = await prepareDatabase({ ...config, SEED_DEMO: false })
  try {
    const t0 = Date.now()
    const counts = await importFolder(database, path.resolve(folder), (m) => console.log(`  ${m}`))
    console.log(`imported into ${database.kind} in ${Date.now() - t0} ms:`, counts)
  } finally {
    await database.close()
  }
}

main().catch((err) => {
  console.error(`import failed: ${err instanceof Error ? err.message : err}`)
  process.exit(1)
})
