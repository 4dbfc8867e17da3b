import { buildApp } from './app'
import { loadConfig } from './config'

async function main() {
  const config = loadConfig()
  const app = await buildApp(config)
  const address = await app.listen({ host: config.HOST, port: config.PORT })
  app.log.info(`Alfa is serving at ${address}`)
  console.log(`\n  Alfa H5: ${address.replace('127.0.0.1', 'localhost')}/\n`)

  let closing = false
  const stop = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
