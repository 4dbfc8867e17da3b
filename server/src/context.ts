import type { Config } from './config'
import { loadColumnArticles, loadSiteContent } from './content/data'
import { loadFunds } from './fund/data'
import type { ContextOf } from './graphql/context'

/**
 * The domains' batch look-ups, handed to the GraphQL core by app.ts: each becomes a per-request
 * context field batched per tick (`ctx.fund(code)`). A domain adds its loader here.
 */
export const loaders = { fund: loadFunds, siteContent: loadSiteContent, columnArticles: loadColumnArticles }

/** What the resolvers read from the configuration (validated by config.ts at start-up), handed over once by app.ts. */
export interface Settings {
  /** The Sharpe ratio's risk-free rate, yearly (RISK_FREE_RATE): the fund page's and 基金对比's. */
  riskFreeRate: number
}

export const settingsOf = (config: Config): Settings => ({ riskFreeRate: config.RISK_FREE_RATE })

/** What every resolver gets: the core's context (graphql/context.ts), the loaders above and `settings`. */
export type GraphQLContext = ContextOf<typeof loaders, Settings>
