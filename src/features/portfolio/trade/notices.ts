import { navigateTo } from '@/services/navigation'
import { expiringStorage } from '@/services/storage'

/**
 * The notices of /alfa/portfolio/modals and the screens they stand before: the risk disclosure
 * (风险揭示) before the trade rules, the smart-AIP disclaimer before the smart-AIP advices. Each is
 * shown once per strategy on this device; the acknowledgement (我已阅读) is kept.
 */
export type NoticeKey = 'risk' | 'smartAip'

export const NOTICE_KEYS: readonly NoticeKey[] = ['risk', 'smartAip']

/** The screens a notice may lead on to (the modals' next parameter; anything else is ignored). */
export type NoticeNext = 'tradeModal' | 'portfolioAipList'

export const NOTICE_NEXT: readonly NoticeNext[] = ['tradeModal', 'portfolioAipList']

/** How long an acknowledgement is remembered on this device. */
const READ_TTL_MS = 365 * 24 * 3600_000

const readKey = (notice: NoticeKey, poCode: string) => `alfa_po_read:${notice}:${poCode || '*'}`

export const isNoticeRead = (notice: NoticeKey, poCode: string) => expiringStorage.get<boolean>(readKey(notice, poCode)) === true

export function markNoticeRead(notice: NoticeKey, poCode: string): void {
  expiringStorage.set(readKey(notice, poCode), true, READ_TTL_MS)
}

/** Opens `next`, through the modals first while one of `notices` is not yet acknowledged. */
export function openAfterNotices(next: NoticeNext, poCode: string, notices: NoticeKey[]): void {
  const unread = notices.filter((n) => !isNoticeRead(n, poCode))
  if (!unread.length) return navigateTo(next, { poCode })
  navigateTo('portfolioModals', { poCode, next, notices: unread.join(',') })
}

/** 交易须知: the risk disclosure comes first, once. */
export const openTradeRules = (poCode: string) => openAfterNotices('tradeModal', poCode, ['risk'])

/** 定投建议: the smart-AIP disclaimer comes first, once, where the strategy shows it. */
export const openAipList = (poCode: string, disclaimer: boolean) =>
  openAfterNotices('portfolioAipList', poCode, disclaimer ? ['smartAip'] : [])
