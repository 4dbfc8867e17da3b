/** The JSONB documents of the portfolios table, as the seed and the import write them (schema.ts). */

/** A portfolio's showcase figure (spec section 3's Showcase). */
export interface Showcase {
  key: string
  displayName: string
  valueText: string
  fontColor?: string | null
}

export type AssetMixScope = 'chinaIncludeAlternative' | 'chinaIncludeOversea' | 'chinaOnly' | 'global'

/** portfolios.preferences: spec section 3's PortfolioPreference, as stored. */
export interface PortfolioPreferences {
  displaySmartAipDisclaimerPopup?: boolean
  defaultComparableBenchmark?: string | null
  topNotice?: { link?: string | null; text: string } | null
  listSeriesSettings?: Array<{ key: string; name: string; color: string }>
  [flag: string]: unknown
}
