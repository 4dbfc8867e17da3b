import { execute } from '@/services/graphql'
import { PortfolioHoldingsDocument, type PortfolioHoldingsQuery } from '@/services/generated/graphql'
import { expiringStorage } from '@/services/storage'
import { user } from '@/services/user'
import type { PortfolioKind } from './kind'

/**
 * The signed state of the advisory service (签约) and the holdings it brings (spec section 6: pages
 * depend on whether the user has signed or holds; holdings are queried only when a holding check is
 * needed). Whether a user has signed a strategy is learnt from the answers (hasSigned) and kept per
 * user, so that the next visit asks the holdings in its first round trip.
 */

const SIGNED_KEY = 'portfolio_signed'
const SIGNED_TTL_MS = 30 * 24 * 3600_000
/** Remembered signed strategies are bounded: the most recent ones are kept. */
const MAX_SIGNED = 100

/** The three states a strategy's pages show: anonymous, logged in without the agreement, signed. */
export type SignedState = 'anonymous' | 'unsigned' | 'signed'

export type Holding = NonNullable<PortfolioHoldingsQuery['portfolio']>['capitalAccountHoldings'][number]

const keyOf = (userId: string) => `${SIGNED_KEY}:${userId}`

function signedCodes(): string[] {
  return user.userId ? (expiringStorage.get<string[]>(keyOf(user.userId)) ?? []) : []
}

/** Records what an answer said about the signed-in user's agreement for one strategy. */
export function rememberSigned(poCode: string, signed: boolean): void {
  if (!user.isLogin || !user.userId) return
  const codes = signedCodes()
  const known = codes.includes(poCode)
  if (known === signed) return
  const next = signed ? [...codes, poCode].slice(-MAX_SIGNED) : codes.filter((c) => c !== poCode)
  expiringStorage.set(keyOf(user.userId), next, SIGNED_TTL_MS)
}

/** The state a screen shows: signed only for a logged-in user whose answer says so. */
export function signedState(hasSigned: boolean | null | undefined): SignedState {
  if (!user.isLogin) return 'anonymous'
  return hasSigned ? 'signed' : 'unsigned'
}

/**
 * Whether a strategy query asks the user's holdings (needQueryHolding). Never anonymously (the
 * server refuses it). Ordinary strategies and long-win plans are held under the advisory
 * agreement: only once the user is known to have signed it. An AP plan is the user's own custom
 * plan: whenever the user is logged in.
 */
export function needQueryHolding(kind: PortfolioKind, poCode: string): boolean {
  if (!user.isLogin) return false
  return kind === 'investPlan' || signedCodes().includes(poCode)
}

/**
 * After an answer: remembers its signed state and, for a user who has signed but whose holdings
 * were not asked (the first visit after signing), asks them once.
 */
export async function withHoldings<P extends { poCode: string; hasSigned: boolean; capitalAccountHoldings?: Holding[] | null }>(
  answer: P,
  asked: boolean,
): Promise<P> {
  rememberSigned(answer.poCode, answer.hasSigned)
  if (asked || !answer.hasSigned || !user.isLogin) return answer
  const more = await execute(PortfolioHoldingsDocument, { poCode: answer.poCode })
  return more.portfolio ? { ...answer, capitalAccountHoldings: more.portfolio.capitalAccountHoldings } : answer
}
