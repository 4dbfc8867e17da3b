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
  managerResolvers,
  marketResolvers,
  searchResolvers,
  diagnosisResolvers,
  glossaryResolvers,
]
