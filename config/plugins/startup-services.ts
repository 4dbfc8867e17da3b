/**
 * H5: the modules of the start-up chunk (src/services/startup.ts: request, token, tracking, answer
 * cache, navigation...) in one chunk of their own, `services`, that the start-up chunk and every page
 * chunk needing one of them load. Taro splits only the entry's chunks (splitChunks.chunks 'initial'),
 * so each page's chunk carried its own copy of them and a page loaded them twice: once in its chunk
 * and once in the start-up chunk, which every page loads (6 to 7 KB of gzipped JS per page).
 */

/** The part of webpack-chain's optimization API used here. */
interface OptimizationChain {
  optimization: { get(key: 'splitChunks'): unknown; splitChunks(value: object): unknown }
}

/** What webpack's cache-group test is given (webpack 5). */
interface ModuleLike {
  resource?: string
}
interface ChunkLike {
  name?: string | null
}
interface TestContext {
  chunkGraph: { getModuleChunks(module: ModuleLike): ChunkLike[] }
}

export const STARTUP_CHUNK = 'startup'
export const SERVICES_CHUNK = 'services'

/** A module the start-up chunk takes (other than its entry, services/startup.ts itself). */
export function inStartupChunk(module: ModuleLike, { chunkGraph }: TestContext): boolean {
  if (!module.resource || /[\\/]services[\\/]startup\.ts$/.test(module.resource)) return false
  return chunkGraph.getModuleChunks(module).some((chunk) => chunk.name === STARTUP_CHUNK)
}

export function shareStartupModules(chain: OptimizationChain): void {
  const current = (chain.optimization.get('splitChunks') ?? {}) as { cacheGroups?: Record<string, unknown> }
  chain.optimization.splitChunks({
    ...current,
    cacheGroups: {
      ...current.cacheGroups,
      [SERVICES_CHUNK]: {
        name: SERVICES_CHUNK,
        chunks: 'async',
        test: inStartupChunk,
        minChunks: 2,
        priority: 50,
        enforce: true,
        reuseExistingChunk: true,
      },
    },
  })
}
