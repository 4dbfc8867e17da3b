import { type Kysely, sql } from 'kysely'

/**
 * wechat_tokens: the official account's access token and JS-SDK ticket, one row per app id, kept
 * for every server instance (WeChat allows one live access token per account), with the lease of
 * the instance refreshing them and the back-off after a failure (issue #19).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table wechat_tokens (
        app_id text primary key,
        access_token text,
        token_expires_at timestamptz,
        ticket text,
        ticket_expires_at timestamptz,
        failures integer not null default 0,
        retry_at timestamptz,
        lease_owner text,
        lease_until timestamptz
      )`,
    )
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists wechat_tokens').execute(db)
}
