import type { FastifyInstance } from 'fastify'
import { apiRoot } from '@alfa/common/apiPaths'
import type { Config } from '../config'
import type { Database } from '../db'
import type { LiveHub } from './hub'
import { operatorRoutes } from './operator'
import { reminderRoutes } from './reminderRoutes'
import { configuredSenders, ReminderScheduler } from './reminders'

/**
 * Issue #21's live additions: start reminders (their REST calls and the rounds that send them)
 * and the operator API, which kicks a round when it opens a stream.
 */
export async function liveAdditions(
  app: FastifyInstance,
  { database, live, config }: { database: Database; live: LiveHub; config: Config },
) {
  const reminders = new ReminderScheduler(database, configuredSenders(config, database), config.LIVE_REMINDER_INTERVAL_S * 1000, app.log)
  reminders.start()
  app.addHook('onClose', async () => reminders.stop())
  await app.register(reminderRoutes, { prefix: `${apiRoot()}/live`, database, config })
  await app.register(operatorRoutes, { prefix: `${apiRoot()}/operator`, database, live, config, reminders })
}
