// The server side of `npm run bench:api`, in its own process so the load generator has its own core.
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { prepareDatabase } from '../src/db/startup'
import { apiRoot } from '@alfa/common/apiPaths'
import { portfolioPageJson } from './plain'

export const PLAIN_PATH = `${apiRoot()}/bench-plain/portfolio`

async function main() {
  // The load generator is one client address: GraphQL's per-address limit must not count its connections.
  const config = loadConfig({ GRAPHQL_MAX_PER_ADDRESS: '10000', ...process.env, LOG_LEVEL: 'silent' })
  const database = await prepareDatabase(config)
  const app = await buildApp(config, { database })
  app.get<{ Querystring: { poCode: string; range: string } }>(PLAIN_PATH, async (req) =>
    portfolioPageJson(database, req.query.poCode, req.query.range),
  )
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  process.send?.({ address })
  const stop = async () => {
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('message', (m) => {
    if (m === 'stop') void stop()
  })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
