// H5: which files each browser path needs before its screen can show, written beside the build as
// route-chunks.json. The server names them in that path's HTML (<link rel="preload">, server/src/h5.ts),
// so the browser fetches the page's chunk while app.js is still loading instead of after app.js
// has run and asked for it (one round trip and app.js's start-up less before the first screen).
// The rows of the 页面不存在 page are marked `notFound`: the server answers their addresses with 404.
import type { ChunkGroup, Compiler } from 'webpack'

export const ROUTE_CHUNKS_FILE = 'route-chunks.json'
/** The page modules the app entry imports lazily: ./<page path>, as src/app.config.ts lists them. */
const PAGE_REQUEST = /^\.\/((?:pages|subPkg)\/.+\/index)(?:\.[jt]sx?)?(?:\?.*)?$/
/** Named lazy chunks every page asks for at start (src/services/launch.h5.ts). */
const SHARED_CHUNKS = ['startup']

/** The rows of route-chunks.json: each browser path with its page's files, the 页面不存在 page's marked. */
export function routeChunkRows(
  paths: ReadonlyArray<[string, string]>,
  pages: ReadonlyMap<string, string[]>,
  notFoundPage?: string,
): Array<{ path: string; files: string[]; notFound?: true }> {
  return paths
    .filter(([, page]) => pages.has(page))
    .map(([path, page]) => ({ path, files: pages.get(page) ?? [], ...(page === notFoundPage ? { notFound: true as const } : {}) }))
}

export class RouteChunksPlugin {
  /** Rows of [browser path, page path], in the order the router tries them. */
  private readonly paths: Array<[string, string]>
  /** The page path of the app's 页面不存在 page. */
  private readonly notFoundPage: string | undefined

  constructor(options: { paths: Array<[string, string]>; notFoundPage?: string }) {
    this.paths = options.paths
    this.notFoundPage = options.notFoundPage
  }

  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RouteChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const filesOf = (group: ChunkGroup) => {
          const files = new Set<string>()
          for (const chunk of group.chunks) for (const f of chunk.files) if (/\.(js|css)$/.test(f)) files.add(f)
          return [...files].sort()
        }
        const pages = new Map<string, string[]>()
        const shared: string[] = []
        for (const group of compilation.chunkGroups) {
          if (group.isInitial()) continue
          if (group.name && SHARED_CHUNKS.includes(group.name)) shared.push(...filesOf(group))
          for (const origin of group.origins) {
            const m = PAGE_REQUEST.exec(origin.request ?? '')
            if (m) pages.set(m[1], filesOf(group))
          }
        }
        const missing = this.paths.filter(([, page]) => !pages.has(page))
        if (missing.length) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(`route-chunks: no lazy chunk for ${[...new Set(missing.map(([, p]) => p))].join(', ')}`),
          )
        }
        const routes = routeChunkRows(this.paths, pages, this.notFoundPage)
        compilation.emitAsset(
          ROUTE_CHUNKS_FILE,
          new sources.RawSource(JSON.stringify({ shared: [...new Set(shared)].sort(), routes }, null, 1)),
        )
      })
    })
  }
}
