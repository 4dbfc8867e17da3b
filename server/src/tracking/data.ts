import { sql } from 'kysely'
import type { Queryable } from '../db'

/** Stores a batch of beacon events (each kept whole as its properties), one array parameter per column. */
export async function insertBeacons(
  q: Queryable,
  source: string,
  events: ReadonlyArray<{ event: string; anonymous_id?: string; distinct_id?: string }>,
): Promise<void> {
  const names = events.map((e) => e.event)
  const anonymousIds = events.map((e) => e.anonymous_id ?? e.distinct_id ?? null)
  const properties = events.map((e) => JSON.stringify(e))
  await sql`
    insert into tracking_events (source, event, anonymous_id, properties)
    select ${source}, e, a, p::jsonb from unnest(${names}::text[], ${anonymousIds}::text[], ${properties}::text[]) as t(e, a, p)`.execute(
    q.db,
  )
}

export async function insertShareReport(q: Queryable, properties: Record<string, string>): Promise<void> {
  await q.db
    .insertInto('tracking_events')
    .values({ source: 'share-sdk', event: 'share_sdk_report', properties: JSON.stringify(properties) })
    .execute()
}

/** Deletes tracking events and share-SDK reports older than the retention period. */
export async function pruneTracking(q: Queryable, retentionDays: number): Promise<void> {
  await q.db
    .deleteFrom('tracking_events')
    .where('received_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays}::int)`)
    .execute()
}
