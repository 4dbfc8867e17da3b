import { jsonBuildObject } from 'kysely/helpers/postgres'
import type { Database } from '../db'
import type { PortfolioRow } from '../db/schema'
import { nextTradingDay } from '../calendar'
import { badInput } from '../graphql/errors'
import { visibleOnBrandWhere } from './advisorContent'
import { loadPortfolioRow } from './data'
import { visibleOnBrand } from './fields'

/**
 * Investment plans (issue #23) and what the spec's variables mean in our data model
 * (server/README.md, "Investment plans and the variables of the portfolio fields"):
 * - an investment plan (AP custom plan, is_model_po false) is the user's copy of a model portfolio
 *   (model_po_code); `isModelPo: true` reads the model's composition, adjustments and NAV instead;
 * - `investPlanCode` draws the NAV of a plan that copies the portfolio (or the portfolio itself);
 * - `scene` picks the trade the rule is read for: buy, aip or redeem;
 * - `isLongWin` on pinned posts answers the long-win community's pinned posts.
 */

/**
 * The row whose records answer a field: the model portfolio of an investment plan when
 * `isModelPo` is true, otherwise the row itself (a model portfolio is its own model).
 */
export async function recordsRow(database: Database, row: PortfolioRow, isModelPo: boolean | null | undefined): Promise<PortfolioRow> {
  if (!isModelPo || row.is_model_po) return row
  const model = row.model_po_code ? await loadPortfolioRow(database, row.model_po_code) : undefined
  if (!model) throw badInput(`投资计划 ${row.po_code} 没有模型组合`)
  return model
}

/**
 * The plan whose NAV `navHistory(investPlanCode)` draws: the portfolio itself, or an investment
 * plan visible on the brand that copies it; any other code is refused.
 */
export async function investPlanRow(
  database: Database,
  row: PortfolioRow,
  investPlanCode: string | null | undefined,
  broker: string,
): Promise<PortfolioRow> {
  if (investPlanCode == null || investPlanCode === row.po_code) return row
  const plan = await loadPortfolioRow(database, investPlanCode)
  if (!plan || !visibleOnBrand(plan, broker)) throw badInput(`投资计划 ${investPlanCode} 不存在`)
  if (plan.model_po_code !== row.po_code) throw badInput(`投资计划 ${investPlanCode} 不是按 ${row.po_code} 配置的`)
  return plan
}

/** The trades a trade rule is read for (`tradeRule(scene)`); absent means buy. */
const TRADE_SCENES = ['buy', 'aip', 'redeem'] as const
type TradeScene = (typeof TRADE_SCENES)[number]

export function tradeScene(scene: string | null | undefined): TradeScene {
  if (scene == null) return 'buy'
  const s = scene.toLowerCase()
  if ((TRADE_SCENES as readonly string[]).includes(s)) return s as TradeScene
  throw badInput('交易场景只能是 buy（买入）、aip（定投）或 redeem（卖出）')
}

/** A redemption's money arrives two trading days after it is confirmed (T+3 for an order placed on T). */
export function redeemArrivalDate(confirmDate: string): string {
  return nextTradingDay(nextTradingDay(confirmDate))
}

/** The pinned posts of the long-win community: every long-win plan's the brand may see, newest first. */
export function longWinPinnedPosts(database: Database, broker: string) {
  return database.db
    .selectFrom('community_posts')
    .innerJoin('portfolios', 'portfolios.po_code', 'community_posts.po_code')
    .select((eb) => [
      'community_posts.post_id as postId',
      'community_posts.url',
      'community_posts.title',
      'community_posts.intro',
      jsonBuildObject({
        avatarUrl: eb.ref('community_posts.author_avatar_url'),
        level: eb.ref('community_posts.author_level'),
        nickname: eb.ref('community_posts.posted_by'),
      }).as('postBy'),
      'community_posts.contents',
    ])
    .where('community_posts.kind', '=', 'pinned')
    .where('portfolios.series_type', 'is not', null)
    .where(visibleOnBrandWhere(broker))
    .orderBy('community_posts.posted_date', 'desc')
    .orderBy('community_posts.post_id')
    .execute()
}
