/**
 * Accessibility smoke check with axe-core on the home page and the 404 page, light and dark.
 * Every violation is printed as a test diagnostic; only serious and critical ones fail.
 * Registered by h5.test.ts so that it shares that file's server and browser.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AxeBuilder } from '@axe-core/playwright'
import { newMobileContext, ProblemLog } from './lib/browser'
import { open, type Harness } from './lib/harness'
import { HOME_PATH, routes } from './lib/routeUrls'
import { settle } from './lib/screen'

const FAILING = new Set(['serious', 'critical'])

const pages = [
  { name: 'home', url: HOME_PATH, route: 'home', title: routes.home.title },
  { name: '404', url: '/no/such/page', route: 'notFound', title: routes.notFound.title },
]

export function axeSmokeCheck(h: Harness) {
  describe('axe-core accessibility smoke check', () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const p of pages) {
        it(`${p.name} page (${scheme})`, { timeout: 120_000 }, async (t) => {
          const context = await newMobileContext(h.browser!, h.origin, { scheme })
          try {
            const page = await context.newPage()
            const tab = { page, log: new ProblemLog(page, h.origin) }
            await open(tab, h.origin, p.url, p.route === 'notFound' ? 404 : 200)
            await settle(page, { route: p.route, documentTitle: p.title, scheme })
            const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
            const lines: string[] = []
            for (const v of result.violations) {
              for (const node of v.nodes) {
                const line = `[${v.impact}] ${v.id}: ${v.help} — ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`
                lines.push(line)
                t.diagnostic(line)
              }
            }
            if (!lines.length) t.diagnostic('axe: no violations')
            const failing = lines.filter((l) => FAILING.has(l.slice(1, l.indexOf(']'))))
            assert.deepEqual(failing, [], `serious/critical axe violations on ${p.url} (${scheme})`)
          } finally {
            await context.close()
          }
        })
      }
    }
  })
}
