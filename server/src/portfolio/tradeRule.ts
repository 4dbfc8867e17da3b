import type { Database } from '../db'
import type { PortfolioRow } from '../db/schema'
import type { FeeType } from '../../generated/resolvers'
import { tradeDates } from '../calendar'
import { advisorFeeSteps, unbuyableFunds } from './data'
import { redeemArrivalDate, tradeScene } from './plan'

/**
 * The trade rule of spec section 3: buying, the advisor's fee, redeeming, the trade dates of an
 * order placed now, regular investment. `scene` is the trade it is read for (server/README.md):
 * buy (default); aip, where each deduction is a buy the AIP rule allows or refuses; redeem, whose
 * dates are a redemption's (incomeVisibleDate: the day the money arrives).
 */
export async function tradeRule(database: Database, row: PortfolioRow, sceneArg?: string | null) {
  const scene = tradeScene(sceneArg)
  const cannot = await unbuyableFunds(database, row.po_code)
  const steps = await advisorFeeSteps(database, row.po_code)
  const dates = tradeDates()
  const aip = scene === 'aip'
  return {
    buying: {
      canBuy: aip ? row.can_buy && row.can_aip : row.can_buy,
      canNotBuyReason: aip ? (row.can_not_buy_reason ?? row.can_not_aip_reason) : row.can_not_buy_reason,
      canNotBuyResults: cannot,
      explainUrl: aip ? 'https://www.alfa.example/faq/aip' : 'https://www.alfa.example/faq/buy',
      explainText: aip ? '定投规则说明' : '买入规则说明',
      lowestBuyAmount: row.lowest_buy_amount,
      buyFeeRate: row.buy_fee_rate,
    },
    advisorCharge: row.advisor_fee_mode
      ? {
          feeRate: row.advisor_fee_rate,
          mode: row.advisor_fee_mode as FeeType, // stored as the schema's enum value
          beforeFeeRate: row.advisor_before_fee_rate,
          description: row.advisor_fee_description,
          stepRates: steps,
          monthlyCap: row.advisor_monthly_cap,
          discount: row.advisor_discount,
          displayTexts: row.advisor_fee_description ? [row.advisor_fee_description] : [],
        }
      : null,
    redeeming: { canRedeem: row.can_redeem, cannotRedeemReason: row.cannot_redeem_reason },
    dates: scene === 'redeem' ? { ...dates, incomeVisibleDate: redeemArrivalDate(dates.buyExpectConfirmDate) } : dates,
    regularInvestment: {
      canAip: row.can_aip,
      canNotAipReason: row.can_not_aip_reason,
      canNotAipExplainText: row.can_not_aip_reason ? '了解定投规则' : null,
      canNotAipExplainUrl: row.can_not_aip_reason ? 'https://www.alfa.example/faq/aip' : null,
      canOpenPlan: row.can_open_plan,
      aipGuideTips: row.aip_guide_tips,
    },
    other: {
      communityUrl: row.community_url,
      tradeModes: scene === 'buy' ? row.trade_modes : scene === 'aip' ? (row.can_aip ? ['AIP'] : []) : row.can_redeem ? ['REDEEM'] : [],
      canBaseline: row.can_baseline,
      cannotBaselineReason: row.cannot_baseline_reason,
    },
  }
}
