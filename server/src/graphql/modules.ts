import { fundDetailResolvers } from '../fund/resolvers'
import { filterResolvers } from '../filter/resolvers'
import { watchlistResolvers } from '../watchlist/resolvers'
import { diagnosisResolvers } from '../diagnosis/resolvers'
import { glossaryResolvers } from '../glossary/resolvers'
import { managerResolvers } from '../manager/resolvers'
import { marketResolvers } from '../market/resolvers'
import { searchResolvers } from '../search/resolvers'
/**
 * Resolvers of the domain modules. A domain adds its types in server/src/<domain>/schema.graphql
 * (`extend type Query`, `extend type Fund`, …; picked up by sdl.cjs) and its resolvers here.
 */
export const domainResolvers: object[] = [
  filterResolvers,
  watchlistResolvers,
  managerResolvers,
  marketResolvers,
  searchResolvers,
  diagnosisResolvers,
  glossaryResolvers,
  fundDetailResolvers,
]
