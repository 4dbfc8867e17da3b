import type { Resolvers } from '../../generated/resolvers'
import { requireUser } from '../graphql/context'
import { badInput } from '../graphql/errors'
import { connection, readPage } from '../paging'
import * as alerts from './data'
import type { AlertKind } from './data'

/** Rules a user may keep (four kinds on each of 50 funds). */
export const MAX_RULES = 200
const FUND_CODE = /^[0-9A-Za-z]{6}$/

/**
 * The threshold as stored, or a Chinese reason it is refused: a percent for the daily change
 * (0.01–99.99, two decimals: a fall of 100 % or more can never happen), a unit NAV for the others
 * (positive, four decimals, below 10,000).
 */
export function checkThreshold(kind: AlertKind, threshold: string): string | { refused: string } {
  const text = threshold.trim()
  const change = kind === 'RISE' || kind === 'FALL'
  if (!/^\d{1,8}(\.\d+)?$/.test(text)) return { refused: change ? '请输入涨跌幅，例如 3 或 2.5' : '请输入净值，例如 1.2345' }
  const value = Number(text)
  const decimals = text.split('.')[1]?.length ?? 0
  if (change) {
    if (decimals > 2) return { refused: '涨跌幅最多保留两位小数' }
    if (value <= 0 || value >= 100) return { refused: '涨跌幅应大于 0% 且小于 100%，否则提醒永远不会触发' }
    return value.toFixed(2)
  }
  if (decimals > 4) return { refused: '净值最多保留四位小数' }
  if (value <= 0) return { refused: '净值应大于 0，否则提醒永远不会触发' }
  if (value >= 10_000) return { refused: '净值应小于 10000' }
  return value.toFixed(4)
}

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
      const checked = checkThreshold(kind, String(threshold))
      if (typeof checked !== 'string') throw badInput(checked.refused)
      const existing = await alerts.rulesOf(ctx.database, userId)
      if (existing.length >= MAX_RULES && !existing.some((r) => r.fundCode === fundCode && r.kind === kind))
        throw badInput(`净值提醒最多设置 ${MAX_RULES} 条，请先删除不需要的提醒`)
      return alerts.saveRule(ctx.database, userId, fundCode, kind, checked)
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
