import { loadColumnArticles, loadSiteContent } from './content/data'
import { loadFunds } from './fund/data'
import type { ContextOf } from './graphql/context'

/**
 * The domains' batch look-ups, handed to the GraphQL core by app.ts: each becomes a per-request
 * context field batched per tick (`ctx.fund(code)`). A domain adds its loader here.
 */
export const loaders = { fund: loadFunds, siteContent: loadSiteContent, columnArticles: loadColumnArticles }

/** What every resolver gets: the core's context (graphql/context.ts) and the loaders above. */
export type GraphQLContext = ContextOf<typeof loaders>
