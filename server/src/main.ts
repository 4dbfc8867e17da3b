import { buildApp } from './app'
import { describeMode, loadConfig, withJwtSecret, type Config, type SecretSource } from './config'
import { DataDirLockedError } from './db/lock'

/** Exit code of a configuration problem (sysexits EX_CONFIG): the supervisor does not restart it. */
export const EXIT_CONFIG = 78

async function main() {
  let config: Config
  let secret: SecretSource
  try {
    ;({ config, source: secret } = withJwtSecret(loadConfig()))
  } catch (err) {
    console.error((err as Error).message)
    process.exit(EXIT_CONFIG)
  }
  const app = await buildApp(config)
  for (const { level, msg } of describeMode(config, secret)) app.log[level](msg)
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
  process.exit(err instanceof DataDirLockedError ? EXIT_CONFIG : 1)
})
