import type { Resolvers } from '../../generated/resolvers'
import type { GraphQLContext as Ctx } from '../context'
import { optionalUser, requireUser } from '../graphql/context'
import { badInput } from '../graphql/errors'
import { connection, readPage, type PageArgs } from '../paging'
import * as course from './data'

/** The furthest a stored position may be (a day): anything else is not a place in a lesson. */
export const MAX_POSITION_SECOND = 86_400

export const courseResolvers: Resolvers = {
  Query: {
    courses: async (_: unknown, args: { page?: PageArgs | null }, ctx: Ctx) => {
      const { offset, size } = readPage(args.page)
      const { rows, totalCount } = await course.courseList(ctx.database, offset, size)
      return connection(rows, totalCount, offset)
    },
  },
  Course: {
    // The list hands them down; a course from course(courseId) asks once for both.
    lessonCount: async (c, _, ctx) =>
      (c as Partial<course.CourseListRow>).lessonCount ??
      (await ctx.memo(`courseSize:${c.courseId}`, () => course.courseSize(ctx.database, c.courseId))).lessonCount,
    totalSecond: async (c, _, ctx) =>
      (c as Partial<course.CourseListRow>).totalSecond ??
      (await ctx.memo(`courseSize:${c.courseId}`, () => course.courseSize(ctx.database, c.courseId))).totalSecond,
  },
  Lesson: {
    progress: async (lesson, _, ctx) => {
      const userId = optionalUser(ctx)
      if (!userId || !lesson.lessonId) return null
      // One query for every lesson of the answer.
      const mine = await ctx.memo(`lessonProgress:${userId}`, () => course.userProgress(ctx.database, userId))
      return mine.get(lesson.lessonId) ?? null
    },
  },
  Mutation: {
    saveLessonProgress: async (_, { lessonId, positionSecond, finished }, ctx) => {
      const userId = requireUser(ctx)
      if (!Number.isFinite(positionSecond) || positionSecond < 0 || positionSecond > MAX_POSITION_SECOND)
        throw badInput(`播放位置无效：应在 0 到 ${MAX_POSITION_SECOND} 秒之间`)
      if (!(await course.lessonExists(ctx.database, lessonId))) throw badInput('课程不存在或已下线')
      return course.saveProgress(ctx.database, userId, lessonId, Math.round(positionSecond * 10) / 10, finished === true)
    },
  },
}
