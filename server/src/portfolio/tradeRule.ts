import type { Database } from '../db'
import type { PortfolioRow } from '../db/schema'
import type { FeeType } from '../../generated/resolvers'
import { tradeDates } from '../calendar'
import { advisorFeeSteps, unbuyableFunds } from './data'

/** The trade rule of spec section 3: buying, the advisor's fee, redeeming, the trade dates of an order placed now, regular investment. */
export async function tradeRule(database: Database, row: PortfolioRow, _scene?: string | null) {
  const cannot = await unbuyableFunds(database, row.po_code)
  const steps = await advisorFeeSteps(database, row.po_code)
  return {
    buying: {
      canBuy: row.can_buy,
      canNotBuyReason: row.can_not_buy_reason,
      canNotBuyResults: cannot,
      explainUrl: 'https://www.alfa.example/faq/buy',
      explainText: '买入规则说明',
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
    dates: tradeDates(),
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
      tradeModes: row.trade_modes,
      canBaseline: row.can_baseline,
      cannotBaselineReason: row.cannot_baseline_reason,
    },
  }
}
