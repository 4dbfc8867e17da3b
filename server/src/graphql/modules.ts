import { accountResolvers } from '../account/resolvers'
import { contentResolvers } from '../content/resolvers'
import { courseResolvers } from '../course/resolvers'
import { diagnosisResolvers } from '../diagnosis/resolvers'
import { filterResolvers } from '../filter/resolvers'
import { fundResolvers } from '../fund/resolvers'
import { glossaryResolvers } from '../glossary/resolvers'
import { liveResolvers } from '../live/resolvers'
import { managerResolvers } from '../manager/resolvers'
import { marketResolvers } from '../market/resolvers'
import { advisorContentResolvers } from '../portfolio/advisorContent'
import { portfolioResolvers } from '../portfolio/resolvers'
import { searchResolvers } from '../search/resolvers'
import { watchlistResolvers } from '../watchlist/resolvers'
import { scalarResolvers } from './scalars'

/**
 * Every resolver of the schema: the core's scalars, then one object per domain. A domain adds its
 * types in server/src/<domain>/schema.graphql (`extend type Query`, …; collected by sdl.cjs) and
 * its resolvers in server/src/<domain>/resolvers.ts, listed here.
 */
export const resolvers: object[] = [
  scalarResolvers,
  accountResolvers,
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
