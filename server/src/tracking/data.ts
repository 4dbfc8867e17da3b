import type { Queryable } from '../db'

/** Stores a batch of beacon events (each kept whole as its properties). */
export async function insertBeacons(
  q: Queryable,
  source: string,
  events: ReadonlyArray<{ event: string; anonymous_id?: string; distinct_id?: string }>,
): Promise<void> {
  await q.query(
    `insert into tracking_events (source, event, anonymous_id, properties)
     select $4, e, a, p::jsonb from unnest($1::text[], $2::text[], $3::text[]) as t(e, a, p)`,
    [events.map((e) => e.event), events.map((e) => e.anonymous_id ?? e.distinct_id ?? null), events.map((e) => JSON.stringify(e)), source],
  )
}

export async function insertShareReport(q: Queryable, properties: Record<string, string>): Promise<void> {
  await q.query(`insert into tracking_events (source, event, properties) values ('share-sdk', 'share_sdk_report', $1::jsonb)`, [
    JSON.stringify(properties),
  ])
}

/** Deletes tracking events and share-SDK reports older than the retention period. */
export async function pruneTracking(q: Queryable, retentionDays: number): Promise<void> {
  await q.query(`delete from tracking_events where received_at < now() - make_interval(days => $1::int)`, [retentionDays])
}
