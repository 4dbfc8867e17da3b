import type { FastifyPluginAsync } from 'fastify'
import { apiRoot } from '@alfa/common/apiPaths'
import { AlertScheduler, configuredAlertSenders } from './delivery'
import { alertRoutes } from './routes'

/** NAV alerts' subscription-message calls and sending rounds (issue #25), one scheduler per instance. Reads app.database and app.config. */
export const alertDelivery: FastifyPluginAsync = async (app) => {
  const { database, config } = app
  const rounds = new AlertScheduler(database, configuredAlertSenders(config, database), config.ALERT_SEND_INTERVAL_S * 1000, app.log)
  rounds.start()
  app.addHook('onClose', async () => rounds.stop())
  await app.register(alertRoutes, { prefix: `${apiRoot()}/nav-alerts` })
}
