import type { ColumnType, Generated } from 'kysely'

/** The content, course and live tables of the Database interface (schema.ts, where DB lists them). */

export interface LiveCommentsTable {
  /** BIGSERIAL: int8 arrives as a number (TYPE_PARSERS); live/data.ts reads it as text, the id viewers get. */
  comment_id: Generated<number>
  live_id: string
  user_id: string | null
  nickname: string
  content: string
  created_at: ColumnType<Date, never, never>
}

export interface AdsTable {
  ad_id: string
  rec_code: string
  display_name: string | null
  img_url: string
  url: string | null
  track_properties: Generated<Record<string, unknown>>
  sort: Generated<number>
}

export interface ArticleReadsTable {
  user_id: string
  article_id: string
  read_at: Generated<Date>
}

export interface ArticlesTable {
  article_id: string
  column_id: string | null
  title: string
  cover_thumbnail_url: string | null
  author: string | null
  content: Generated<string>
  published_at: Date
}

export interface ColumnsTable {
  column_id: string
  title: string
  cover_url: string | null
  description: string | null
  list_page_side_url: string | null
  sort: Generated<number>
}

export interface CoursesTable {
  course_id: string
  title: string
  tags: Generated<string[]>
  url: string | null
  description: string | null
  cover_url: string | null
}

export interface KvConfigsTable {
  variant: string
  key: string
  value: { elements?: Array<Record<string, unknown>> }
}

export interface LessonsTable {
  lesson_id: string
  course_id: string
  seq: number
  title: string
  duration_second: number
  video_url: string | null
}

export interface LessonProgressTable {
  user_id: string
  lesson_id: string
  position_second: Generated<number>
  watched_second: Generated<number>
  finished: Generated<boolean>
  updated_at: Generated<Date>
}

export interface LiveStreamsTable {
  live_id: string
  title: string
  cover_url: string | null
  presenter: string | null
  description: string | null
  status: string
  starts_at: Date
  /** The video played while 直播中, the recording once 回放; null shows the cover. */
  playback_url: ColumnType<string | null, string | null | undefined, string | null>
}

/** A user's start reminder for a stream (migration 0010, live/reminders.ts). */
export interface LiveSubscriptionsTable {
  user_id: string
  live_id: string
  platform: 'weapp' | 'swan'
  /** The user's openid on that platform. */
  recipient: string
  /** Baidu's subscribe-id the user authorised (null on WeChat). */
  subscribe_id: string | null
  state: Generated<'pending' | 'sent' | 'failed' | 'expired'>
  attempts: Generated<number>
  retry_at: Date | null
  claimed_until: Date | null
  failure: string | null
  created_at: ColumnType<Date, never, never>
  sent_at: Date | null
}

export interface HandPickedTable {
  seq: number
  fund_code: string
  reason: string | null
}
