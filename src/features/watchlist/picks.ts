import { execute } from '@/services/graphql'
import { WatchlistPicksDocument, type WatchlistPicksQuery } from '@/services/generated/graphql'
import { pickStore } from './pick/pickStore'

export type PickedFund = WatchlistPicksQuery['myPicks'][number]

/** The watchlist and its manage screen keep the same answer (an order saved there is seen here on a revisit). */
export const PICKS_KEY = 'favourites'

/** The signed-in user's picks in their order; the pick buttons learn them too. */
export function loadPicks(): Promise<PickedFund[]> {
  return execute(WatchlistPicksDocument).then((data) => {
    pickStore.replaceAll(data.myPicks.map((p) => p.fund.fundCode))
    return data.myPicks
  })
}
