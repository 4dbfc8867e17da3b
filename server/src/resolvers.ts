import { accountResolvers } from './account/resolvers'
import { alertResolvers } from './alerts/resolvers'
import { compareResolvers } from './compare/resolvers'
import { aipResolvers } from './aip/resolvers'
import { contentResolvers } from './content/resolvers'
import { courseResolvers } from './course/resolvers'
import { diagnosisResolvers } from './diagnosis/resolvers'
import { filterResolvers } from './filter/resolvers'
import { fundResolvers } from './fund/resolvers'
import { glossaryResolvers } from './glossary/resolvers'
import { liveResolvers } from './live/resolvers'
import { managerResolvers } from './manager/resolvers'
import { marketResolvers } from './market/resolvers'
import { advisorContentResolvers } from './portfolio/advisorContent'
import { portfolioResolvers } from './portfolio/resolvers'
import { searchResolvers } from './search/resolvers'
import { watchlistResolvers } from './watchlist/resolvers'

/**
 * Every domain's resolvers, one object per domain, handed to the GraphQL core by app.ts (the core
 * adds its scalars). A domain adds its types in server/src/<domain>/schema.graphql (`extend type
 * Query`, …; collected by graphql/sdl.cjs) and its resolvers in server/src/<domain>/resolvers.ts,
 * listed here.
 */
export const domainResolvers: object[] = [
  accountResolvers,
  alertResolvers,
  compareResolvers,
  aipResolvers,
  contentResolvers,
  courseResolvers,
  diagnosisResolvers,
  filterResolvers,
  fundResolvers,
  glossaryResolvers,
  liveResolvers,
  managerResolvers,
  marketResolvers,
  portfolioResolvers,
  advisorContentResolvers,
  searchResolvers,
  watchlistResolvers,
]
