import { execute } from '@/services/graphql'
import { WatchlistDeviceFundsDocument, WatchlistPicksDocument, type WatchlistPicksQuery } from '@/services/generated/graphql'
import { groupStore } from './groups/groupStore'
import { pickStore } from './pick/pickStore'

export type PickedFund = WatchlistPicksQuery['myPicks'][number]

/** The watchlist and its manage screen keep the same answer (an order saved there is seen here on a revisit). */
export const PICKS_KEY = 'favourites'

/** The key of the device's own list (before login): its codes, so that a pick there asks again. */
export const devicePicksKey = (codes: readonly string[]) => `favourites:device:${codes.join(',')}`

/** The signed-in user's picks in their order, after a merge of the device's list under way; the pick buttons and the groups learn them too. */
export async function loadPicks(): Promise<PickedFund[]> {
  await groupStore.settled()
  const data = await execute(WatchlistPicksDocument)
  const codes = data.myPicks.map((p) => p.fund.fundCode)
  pickStore.replaceAll(codes)
  groupStore.replaceAccount(data.myWatchlistGroups, codes)
  return data.myPicks
}

/** The device's own list (before login): its funds' figures, in its order (none asked for an empty list). */
export async function loadDevicePicks(codes: readonly string[]): Promise<PickedFund[]> {
  if (!codes.length) return []
  return (await execute(WatchlistDeviceFundsDocument, { fundCodes: [...codes] })).watchlistFunds
}
