import { type Kysely, sql } from 'kysely'

/**
 * lesson_progress: where each user stopped in each lesson, how far they watched and whether they
 * finished it (issue #21, the video page). No foreign key to lessons: a re-import that replaces a
 * course's lessons under the same ids keeps the users' places.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table lesson_progress (
        user_id text not null references users,
        lesson_id text not null,
        position_second double precision not null default 0,
        watched_second double precision not null default 0,
        finished boolean not null default false,
        updated_at timestamptz not null default now(),
        primary key (user_id, lesson_id)
      )`,
    )
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table if exists lesson_progress').execute(db)
}
