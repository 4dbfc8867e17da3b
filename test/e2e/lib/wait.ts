import assert from 'node:assert/strict'
import type { Locator, Page } from 'playwright-core'

/** Waits until fn() returns a truthy value (polling), then returns it. */
export async function until<T>(what: string, fn: () => Promise<T>, timeout = 20_000): Promise<T> {
  const end = Date.now() + timeout
  let last: T
  for (;;) {
    last = await fn()
    if (last) return last
    if (Date.now() > end) assert.fail(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The displayed page root of a route (pages stay mounted in the H5 router's stack). */
export const pageOf = (page: Page, route: string) => page.locator(`.alfa-page[data-route="${route}"]:visible`)

/** A locator's text with its white space folded. */
export const text = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim()

/** Counts the opaque pixels of the first canvas under root (0 when nothing is drawn or there is no canvas). */
export const drawnPixels = (root: Locator) =>
  root
    .locator('.alfa-chart__host canvas, canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      if (!c.width || !c.height) return 0
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
      let n = 0
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++
      return n
    })

/**
 * Counts the page's API requests in flight: `quiet()` waits until none has been running for
 * `ms`, so that a test leaves a screen only after its answers (deferred parts included) are in;
 * leaving earlier aborts them, which the tab's problem log reports as failed requests.
 */
export function apiTraffic(page: Page, pathPart = '/alfa/v1/') {
  let running = 0
  let lastChange = Date.now()
  const track = (delta: number) => (req: { url(): string }) => {
    if (!req.url().includes(pathPart)) return
    running += delta
    lastChange = Date.now()
  }
  page.on('request', track(1))
  page.on('requestfinished', track(-1))
  page.on('requestfailed', track(-1))
  return {
    quiet: (ms = 300) => until('the API requests to finish', async () => running <= 0 && Date.now() - lastChange >= ms),
  }
}
