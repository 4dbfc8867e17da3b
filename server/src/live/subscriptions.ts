import type { Config } from '../config'
import type { Database } from '../db'
import { hostJson, wechatOpenid } from '../account/hosts'

export type ReminderPlatform = 'weapp' | 'swan'

/** The openid Baidu's QA test code stands for (QA_TEST_LOGINS only, never in production). */
export const DEV_BAIDU_OPENID = 'dev-baidu-openid'

/**
 * The user's openid on the platform, from a fresh one-time login code (wx.login, swan.getLoginCode):
 * a reminder goes to the account that subscribed, whatever way the user logged in to Alfa. Null
 * when the platform refuses the code; HostUnavailable when it cannot be reached.
 */
export async function recipientOf(config: Config, platform: ReminderPlatform, code: string): Promise<string | null> {
  if (platform === 'weapp') return wechatOpenid(config, code)
  if (!config.BAIDU_CODE2SESSION_URL) {
    const qa = config.QA_TEST_LOGINS && config.NODE_ENV !== 'production'
    return qa && config.BAIDU_TEST_CODE && code === config.BAIDU_TEST_CODE ? DEV_BAIDU_OPENID : null
  }
  const data = await hostJson(new URL(config.BAIDU_CODE2SESSION_URL), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ code, client_id: config.BAIDU_APP_KEY, sk: config.BAIDU_APP_SECRET }).toString(),
  })
  return typeof data.openid === 'string' && data.openid ? data.openid : null
}

/** The template a platform's users subscribe with (empty: reminders are not offered there). */
export function templateIdOf(config: Config, platform: ReminderPlatform): string {
  return platform === 'weapp' ? config.WECHAT_LIVE_TEMPLATE_ID : config.BAIDU_LIVE_TEMPLATE_ID
}

/**
 * Records the user's reminder for the stream: one per user and stream, so subscribing again (on
 * either platform) replaces the recipient and makes it pending again, never a second reminder.
 */
export async function subscribe(
  database: Database,
  s: { userId: string; liveId: string; platform: ReminderPlatform; recipient: string; subscribeId: string | null },
): Promise<void> {
  const fresh = {
    platform: s.platform,
    recipient: s.recipient,
    subscribe_id: s.subscribeId,
    state: 'pending' as const,
    attempts: 0,
    retry_at: null,
    claimed_until: null,
    failure: null,
    sent_at: null,
  }
  await database.db
    .insertInto('live_subscriptions')
    .values({ user_id: s.userId, live_id: s.liveId, ...fresh })
    .onConflict((oc) => oc.columns(['user_id', 'live_id']).doUpdateSet(fresh))
    .execute()
}

/** Forgets the user's reminder for the stream (nothing happens when there is none). */
export async function unsubscribe(database: Database, userId: string, liveId: string): Promise<void> {
  await database.db.deleteFrom('live_subscriptions').where('user_id', '=', userId).where('live_id', '=', liveId).execute()
}

/** The state of the user's reminder for the stream, or null when there is none. */
export async function reminderState(database: Database, userId: string, liveId: string) {
  const row = await database.db
    .selectFrom('live_subscriptions')
    .select(['state', 'platform'])
    .where('user_id', '=', userId)
    .where('live_id', '=', liveId)
    .executeTakeFirst()
  return row ?? null
}
