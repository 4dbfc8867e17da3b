import type { FastifyPluginAsync } from 'fastify'
import { apiRoot } from '@alfa/common/apiPaths'
import { operatorRoutes } from './operator'
import { reminderRoutes } from './reminderRoutes'
import { configuredSenders, ReminderScheduler } from './reminders'

/**
 * Issue #21's live additions: start reminders (their REST calls and the rounds that send them)
 * and the operator API, which kicks a round when it opens a stream. Reads app.database and app.config.
 */
export const liveAdditions: FastifyPluginAsync = async (app) => {
  const { database, config } = app
  const reminders = new ReminderScheduler(database, configuredSenders(config, database), config.LIVE_REMINDER_INTERVAL_S * 1000, app.log)
  reminders.start()
  app.addHook('onClose', async () => reminders.stop())
  await app.register(reminderRoutes, { prefix: `${apiRoot()}/live` })
  await app.register(operatorRoutes, { prefix: `${apiRoot()}/operator`, reminders })
}
