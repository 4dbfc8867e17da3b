import type { Resolvers } from '../../generated/resolvers'
import { requireUser } from '../graphql/context'
import { badInput } from '../graphql/errors'
import { connection, readPage } from '../paging'
import * as alerts from './data'
import { checkNavAlertThreshold } from '@alfa/common/navAlerts'

/** Rules a user may keep (four kinds on each of 50 funds). */
export const MAX_RULES = 200
const FUND_CODE = /^[0-9A-Za-z]{6}$/

export const alertResolvers: Resolvers = {
  Query: {
    myNavAlerts: async (_, { fundCode }, ctx) => alerts.rulesOf(ctx.database, requireUser(ctx), fundCode),
    myMessages: async (_, { page }, ctx) => {
      const userId = requireUser(ctx)
      const { offset, size } = readPage(page)
      const [{ rows, totalCount }, unreadCount] = await Promise.all([
        alerts.messagesOf(ctx.database, userId, offset, size),
        alerts.unreadCount(ctx.database, userId),
      ])
      return { ...connection(rows, totalCount, offset), unreadCount }
    },
  },
  Mutation: {
    setNavAlert: async (_, { fundCode, kind, threshold }, ctx) => {
      const userId = requireUser(ctx)
      if (!FUND_CODE.test(fundCode) || !(await ctx.fund(fundCode))) throw badInput('基金不存在')
      if (!(await alerts.isPicked(ctx.database, userId, fundCode))) throw badInput('请先把这只基金加入自选，再设置净值提醒')
      const checked = checkNavAlertThreshold(kind, String(threshold))
      if ('refused' in checked) throw badInput(checked.refused)
      const existing = await alerts.ruleCount(ctx.database, userId, fundCode, kind)
      if (existing.count >= MAX_RULES && !existing.has) throw badInput(`净值提醒最多设置 ${MAX_RULES} 条，请先删除不需要的提醒`)
      return alerts.saveRule(ctx.database, userId, fundCode, kind, checked.value)
    },
    removeNavAlert: async (_, { fundCode, kind }, ctx) => alerts.removeRule(ctx.database, requireUser(ctx), fundCode, kind),
    markMessagesRead: async (_, { ids }, ctx) => {
      const userId = requireUser(ctx)
      if (ids && (ids.length > 100 || ids.some((id) => !/^\d{1,18}$/.test(id)))) throw badInput('消息编号无效')
      return alerts.markRead(ctx.database, userId, ids ?? null)
    },
  },
  UserMessage: {
    read: (m) => m.readAt !== null,
  },
}
