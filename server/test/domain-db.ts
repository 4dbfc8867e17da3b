import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrate, openDatabase, type Database } from '../src/db'
import { pgliteTestDatabase } from './helpers'

/**
 * A private copy of the seeded PGlite template for one test file of the manager, market, search
 * and diagnosis modules: test processes started side by side by other runs never wait on each
 * other's data folder. The copy is removed when the database closes.
 */
export async function privateTestDatabase(): Promise<{ database: Database; close: () => Promise<void> }> {
  const template = fs.readdirSync(os.tmpdir()).find((d) => /^alfa-server-test-[0-9a-f]{12}$/.test(d))
  if (!template) {
    const { database } = await pgliteTestDatabase()
    await database.close()
    return privateTestDatabase()
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-domain-test-'))
  fs.cpSync(path.join(os.tmpdir(), template), dataDir, { recursive: true })
  const database = await openDatabase({ dataDir })
  await migrate(database)
  return {
    database,
    close: async () => {
      await database.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
