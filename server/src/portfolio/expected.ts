import { ASSET_CLASS_NAMES } from '@alfa/common/labels'
import { FUND_CATEGORY_ASSET_CLASS } from '../fund/categories'

/**
 * 预期年化收益 from a strategy's asset mix: each asset class's long-run annual return (configuration,
 * ASSET_CLASS_RETURNS; defaults below) weighted by the strategy's current composition. Not from
 * its history: a strategy that fell last year expects what its mix expects.
 */

export const ASSET_CLASSES = ['EQUITY', 'FIXED_INCOME', 'CASH', 'OVERSEA', 'COMMODITY'] as const
export type AssetClass = (typeof ASSET_CLASSES)[number]

/** Long-run annual returns per asset class (server/README.md, "Expected annual return"). */
export const DEFAULT_ASSET_CLASS_RETURNS: Readonly<Record<AssetClass, number>> = {
  EQUITY: 0.08,
  FIXED_INCOME: 0.035,
  CASH: 0.02,
  OVERSEA: 0.07,
  COMMODITY: 0.04,
}

/**
 * ASSET_CLASS_RETURNS as configured: `EQUITY=0.08,CASH=0.02` (rates as decimals, each class
 * optional: the default stands for a class not named). Returns the reason when it is not valid.
 */
export function parseAssetClassReturns(text: string | undefined): Record<AssetClass, number> | string {
  const out: Record<AssetClass, number> = { ...DEFAULT_ASSET_CLASS_RETURNS }
  if (!text?.trim()) return out
  for (const pair of text.split(',')) {
    const m = /^\s*([A-Z_]+)\s*=\s*(-?\d+(?:\.\d+)?)\s*$/.exec(pair)
    if (!m) return `"${pair.trim()}" is not CLASS=rate (e.g. EQUITY=0.08)`
    if (!(ASSET_CLASSES as readonly string[]).includes(m[1])) return `${m[1]} is not an asset class (${ASSET_CLASSES.join(', ')})`
    const rate = Number(m[2])
    if (rate <= -1 || rate > 1) return `${m[1]}=${m[2]} is not an annual rate between -1 and 1`
    out[m[1] as AssetClass] = rate
  }
  return out
}

/** The configured returns (process.env.ASSET_CLASS_RETURNS; config.ts refuses to start with a bad one). */
export function assetClassReturns(env: NodeJS.ProcessEnv = process.env): Record<AssetClass, number> {
  const parsed = parseAssetClassReturns(env.ASSET_CLASS_RETURNS)
  if (typeof parsed === 'string') throw new Error(`ASSET_CLASS_RETURNS: ${parsed}`)
  return parsed
}

/**
 * 预期年化收益's parts (its 口径): per asset class of the composition, in ASSET_CLASSES order, the
 * weight, the long-run return and their product, each to 6 places (the product of the figures
 * shown, so that a reader's multiplication gives it). The figure itself is their sum
 * (expectedAnnualReturn): the stored figure and the sheet agree by construction.
 */
export function expectedReturnBasis(
  parts: ReadonlyArray<{ fundCategory: string; weight: number }>,
  returns: Readonly<Record<AssetClass, number>> = DEFAULT_ASSET_CLASS_RETURNS,
) {
  const weights = new Map<AssetClass, number>()
  for (const p of parts) {
    const asset = FUND_CATEGORY_ASSET_CLASS[p.fundCategory] as AssetClass | undefined
    if (!asset) throw new Error(`fund category ${p.fundCategory} has no asset class`)
    weights.set(asset, (weights.get(asset) ?? 0) + p.weight)
  }
  return ASSET_CLASSES.filter((a) => weights.has(a)).map((a) => {
    const weight = weights.get(a)!.toFixed(6)
    const rate = returns[a].toFixed(6)
    return {
      assetClass: a,
      assetClassName: ASSET_CLASS_NAMES[a] ?? a,
      weight,
      rate,
      contribution: (Number(weight) * Number(rate)).toFixed(6),
    }
  })
}

/** 预期年化收益: Σ weight × the return of the fund category's asset class, as the sum of expectedReturnBasis's parts (in millionths, exactly). */
export function expectedAnnualReturn(
  parts: ReadonlyArray<{ fundCategory: string; weight: number }>,
  returns: Readonly<Record<AssetClass, number>> = DEFAULT_ASSET_CLASS_RETURNS,
): number {
  const millionths = expectedReturnBasis(parts, returns).reduce((sum, x) => sum + Math.round(Number(x.contribution) * 1e6), 0)
  return millionths / 1e6
}
