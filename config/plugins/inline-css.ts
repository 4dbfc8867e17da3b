// H5: the entry's own stylesheet (the page frame, and Taro's component styles since they are extracted
// from the JS: about 22 KB) written into index.html as a <style> instead of a <link>. Lighthouse counted
// the <link> as the one render-blocking request before the first paint (an extra round trip, about
// 120 ms of FCP on every page). The server sends pages compressed (server/src/h5.ts: about 5 KB for
// these styles). Larger sheets stay links: inlined, they would be downloaded again with every page's HTML
// instead of once into the cache.
import type { Compiler } from 'webpack'

/** Sheets up to this many bytes are inlined. */
export const INLINE_CSS_MAX_BYTES = 32 * 1024

/** A stylesheet <link> of the built HTML: its whole tag and its href. */
const LINK = /<link\s+href="\/?(css\/[\w.-]+\.css)"\s+rel="stylesheet"\s*\/?>/g

/**
 * index.html with each stylesheet <link> whose file `read` gives (at most `maxBytes`) replaced by
 * a <style> of its text; the rest unchanged. `</style` in a sheet would end the element: such a
 * sheet keeps its link.
 */
export function inlineStylesheets(html: string, read: (file: string) => string | null, maxBytes = INLINE_CSS_MAX_BYTES): string {
  return html.replace(LINK, (tag, file: string) => {
    const css = read(file)
    if (css === null || Buffer.byteLength(css) > maxBytes || /<\/style/i.test(css)) return tag
    return `<style data-href="/${file}">${css}</style>`
  })
}

export class InlineCssPlugin {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('InlineCssPlugin', (compilation) => {
      // After html-webpack-plugin has written index.html (OPTIMIZE_INLINE).
      compilation.hooks.processAssets.tap({ name: 'InlineCssPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const html = compilation.getAsset('index.html')
        if (!html) return
        const read = (file: string) => {
          const asset = compilation.getAsset(file)
          return asset ? asset.source.source().toString() : null
        }
        const next = inlineStylesheets(html.source.source().toString(), read)
        compilation.updateAsset('index.html', new sources.RawSource(next))
      })
    })
  }
}
