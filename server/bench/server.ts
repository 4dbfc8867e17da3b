// The server side of `npm run bench:api` and `npm run bench:scale`, in its own process so the load
// generator has its own core: the app as configured by the environment (DATABASE_URL or DATA_DIR),
// plus, with BENCH_PLAIN=1, the plain routes the GraphQL answers are compared with (plain.ts).
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { prepareDatabase } from '../src/db/startup'
import { registerPlainRoutes } from './plain'

async function main() {
  // The load generator is one client address: GraphQL's per-address limit must not count its connections.
  const config = loadConfig({ GRAPHQL_MAX_PER_ADDRESS: '10000', ...process.env, LOG_LEVEL: 'silent' })
  const database = await prepareDatabase(config)
  const app = await buildApp(config, { database })
  if (process.env.BENCH_PLAIN) registerPlainRoutes(app, database)
  const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) })
  process.send?.({ address })
  const stop = async () => {
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('message', (m: unknown) => {
    if (m === 'stop') void stop()
    // Memory as the scale bench reports it per load: resident set and V8 heap after the load.
    if (m === 'memory') process.send?.({ memory: process.memoryUsage() })
  })
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
