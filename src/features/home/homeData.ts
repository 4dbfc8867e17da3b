import type { HandPickedFund, M4Answer } from '@/services/api'
import type { HomeStrategyFragment } from '@/services/generated/graphql'

/** An ad of a slot (HOME_BANNER, HOME_AD) as the home page shows it (spec section 3's Ad). */
export interface HomeAd {
  adId: string
  imgUrl: string
  recCode: string
  displayName: string | null
  trackProperties: unknown
  url: string | null
}

/**
 * What the home page shows, whichever source answered it: /m4 on the mini-programs
 * (homeSource.ts), the GraphQL home document on H5 (homeSource.h5.ts). The server answers both
 * from the same data (server/test/home.test.ts).
 */
export interface HomeData {
  banners: HomeAd[]
  ads: HomeAd[]
  shortcuts: M4Answer['shortcuts']
  notice: M4Answer['notice']
  /** The `home` config's values by key (homeDisclaimer, …). */
  config: Record<string, string | null>
  /** The live switch (keyValue enableLive); off hides the live streams. */
  liveEnabled: boolean
  marketIndices: M4Answer['marketIndices']
  /** The hand-picked strategies (the schema's enums, which /m4's answer schema checks as text). */
  strategies: HomeStrategyFragment[]
  /** The first hand-picked funds: in the mini-programs' feed only (/m4), null on H5. */
  handPicked: HandPickedFund[] | null
  liveStreams: M4Answer['liveStreams']
  /** Every column with its newest article. */
  columns: M4Answer['columns']
}

/** The answer cache's key of the home page (services/answerCache.ts): offline, it shows what it showed last. */
export const HOME_KEY = 'home'

/** A config's elements as key → value. */
export function configValues(elements: ReadonlyArray<{ key: string; value: string | null }>): Record<string, string | null> {
  const values: Record<string, string | null> = {}
  for (const e of elements) values[e.key] = e.value
  return values
}
