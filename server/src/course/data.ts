import { sql } from 'kysely'
import type { Database } from '../db'
import type { CourseRow } from '../content/data'
import { pageWithTotal, totalCount } from '../paging'

/** A course of the list, with its lesson count and length (so the list needs no query per course). */
export interface CourseListRow extends CourseRow {
  lessonCount: number
  totalSecond: number
}

/** A page of every course in catalogue order (course id), with the total. */
export function courseList(database: Database, offset: number, size: number) {
  return pageWithTotal(
    (from, n) =>
      database.db
        .selectFrom('courses as c')
        .select([
          'c.course_id as courseId',
          'c.title',
          'c.tags',
          'c.url',
          'c.description',
          'c.cover_url as coverUrl',
          (eb) =>
            eb
              .selectFrom('lessons as l')
              .select(sql<number>`count(*)::int`.as('n'))
              .whereRef('l.course_id', '=', 'c.course_id')
              .as('lessonCount'),
          (eb) =>
            eb
              .selectFrom('lessons as l')
              .select(sql<number>`coalesce(sum(l.duration_second), 0)::int`.as('s'))
              .whereRef('l.course_id', '=', 'c.course_id')
              .as('totalSecond'),
          totalCount,
        ])
        .orderBy('c.course_id')
        .limit(n)
        .offset(from)
        .execute() as Promise<Array<CourseListRow & { totalCount: number }>>,
    offset,
    size,
  )
}

/** One course's lesson count and length. */
export async function courseSize(database: Database, courseId: string): Promise<{ lessonCount: number; totalSecond: number }> {
  const row = await database.db
    .selectFrom('lessons')
    .select([sql<number>`count(*)::int`.as('lessonCount'), sql<number>`coalesce(sum(duration_second), 0)::int`.as('totalSecond')])
    .where('course_id', '=', courseId)
    .executeTakeFirst()
  return row ?? { lessonCount: 0, totalSecond: 0 }
}

export interface LessonProgressRow {
  lessonId: string
  positionSecond: number
  watchedSecond: number
  finished: boolean
  updatedAt: Date
}

const progressColumns = [
  'lesson_id as lessonId',
  'position_second as positionSecond',
  'watched_second as watchedSecond',
  'finished',
  'updated_at as updatedAt',
] as const

/** Every lesson the user has played, by lesson id. */
export async function userProgress(database: Database, userId: string): Promise<Map<string, LessonProgressRow>> {
  const rows = await database.db.selectFrom('lesson_progress').select(progressColumns).where('user_id', '=', userId).execute()
  return new Map(rows.map((r) => [r.lessonId, r]))
}

export async function lessonExists(database: Database, lessonId: string): Promise<boolean> {
  return !!(await database.db.selectFrom('lessons').select('lesson_id').where('lesson_id', '=', lessonId).executeTakeFirst())
}

/** Stores where the user stopped; the furthest point reached and finished never go back. */
export async function saveProgress(database: Database, userId: string, lessonId: string, position: number, finished: boolean) {
  return database.db
    .insertInto('lesson_progress')
    .values({ user_id: userId, lesson_id: lessonId, position_second: position, watched_second: position, finished })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet({
        position_second: (eb) => eb.ref('excluded.position_second'),
        watched_second: sql<number>`greatest(lesson_progress.watched_second, excluded.watched_second)`,
        finished: sql<boolean>`lesson_progress.finished or excluded.finished`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning(progressColumns)
    .executeTakeFirstOrThrow()
}
