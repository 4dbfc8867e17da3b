import { type Kysely, sql } from 'kysely'

/**
 * fund_events.reinvest_date: the day whose unit NAV a cash distribution is reinvested at, when a
 * fund reinvested later than the ex-date (older funds used the NAV of the payment day); null means
 * the ex-date. See server/README.md, "Return figures".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'alter table fund_events add column reinvest_date date',
    `alter table fund_events add constraint fund_events_reinvest_date_check
      check (reinvest_date is null or (kind = 'dividend' and reinvest_date >= ex_date))`,
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table fund_events drop column if exists reinvest_date').execute(db)
}
