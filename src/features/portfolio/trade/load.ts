import { brokerOf, DIAGNOSIS_BROKER } from '@/services/brand'
import { execute } from '@/services/graphql'
import {
  AdvisorContentPostsDocument,
  FollowersInfoDocument,
  InvestPlanTradeRuleDocument,
  LongwinFaqDocument,
  LongwinTradeRuleDocument,
  LongWinfollowersInfoDocument,
  PoAdvisorDocument,
  PoFaqDocument,
  PortfolioInfoDocument,
  PortfolioModalsDocument,
  PoThermometerDocument,
  PoTradeRuleDocument,
  type ContentType,
  type LongwinTradeRuleQuery,
  type PoTradeRuleQuery,
  type PortfolioScreenHeadFragment,
} from '@/services/generated/graphql'
import { askByKind, kindOf, rememberKinds } from '../kind'
import { needQueryHolding, rememberSigned, withHoldings } from '../signed'

/** The strategy of a trade rule answer; long-win plans add their units. */
export type TradeRulePortfolio = NonNullable<PoTradeRuleQuery['portfolio']> &
  Partial<Pick<NonNullable<LongwinTradeRuleQuery['portfolio']>, 'totalUnit' | 'investedUnit'>>

/** The trade rule: PoTradeRule, LongwinTradeRule or InvestPlanTradeRule by the kind. */
export const loadTradeRule = (poCode: string, scene: string | null) =>
  askByKind<TradeRulePortfolio>(poCode, async (kind) => {
    const vars = { poCode, scene }
    const p =
      kind === 'longWin'
        ? (await execute(LongwinTradeRuleDocument, vars)).portfolio
        : kind === 'investPlan'
          ? (await execute(InvestPlanTradeRuleDocument, vars)).portfolio
          : (await execute(PoTradeRuleDocument, vars)).portfolio
    if (p) rememberSigned(p.poCode, p.hasSigned)
    return p
  })

/** FAQ: LongwinFaq for long-win plans, PoFaq otherwise. */
export const loadFaq = (poCode: string) =>
  askByKind(poCode, async (kind) =>
    kind === 'longWin' ? (await execute(LongwinFaqDocument, { poCode })).portfolio : (await execute(PoFaqDocument, { poCode })).portfolio,
  )

/** Remembers the kind an answer shows and passes the strategy on. */
function remembered<P extends PortfolioScreenHeadFragment>(p: P | null): P | null {
  if (p) rememberKinds([p])
  return p
}

const is0009 = () => brokerOf() === DIAGNOSIS_BROKER

export const loadThermometer = async (poCode: string) => remembered((await execute(PoThermometerDocument, { poCode })).portfolio)

export const loadInfo = async (poCode: string) => remembered((await execute(PortfolioInfoDocument, { poCode, is0009: is0009() })).portfolio)

/** The advisory service; the holdings asked when the user is known to have signed (or once, on learning it). */
export async function loadAdvisor(poCode: string) {
  const asked = needQueryHolding(kindOf(poCode), poCode)
  const p = remembered((await execute(PoAdvisorDocument, { poCode, needQueryHolding: asked })).portfolio)
  return p && withHoldings(p, asked)
}

/** Follower and buyer counts: longWinfollowersInfo for long-win plans, followersInfo otherwise. */
export async function loadFollowers(poCode: string): Promise<{ followersCount: number; buyersCount?: number | null } | null> {
  if (kindOf(poCode) === 'longWin') return (await execute(LongWinfollowersInfoDocument, { poCode })).portfolio
  return (await execute(FollowersInfoDocument, { poCode, is0009: is0009() })).portfolio
}

/** One page of the strategy's advisor content of one type. */
export const loadAdvisorContent = async (poCode: string, type: ContentType, cursor: string | null) =>
  remembered((await execute(AdvisorContentPostsDocument, { poCode, type, page: { cursor, size: 10 } })).portfolio)

/** The notices: whether the smart-AIP disclaimer applies, and the strategy when a code is given. */
export async function loadModals(poCode: string) {
  const answer = await execute(PortfolioModalsDocument, { poCode: poCode || null, code: poCode, hasPoCode: !!poCode })
  const portfolio = remembered(answer.portfolio ?? null)
  if (poCode && !portfolio) return null
  return { smartAipDisclaimer: answer.displaySmartAipDisclaimerPopup, portfolio }
}
