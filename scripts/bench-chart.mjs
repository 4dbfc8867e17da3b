// @ts-check
// npm run bench:chart: how long the H5 chart takes to draw a 10-year daily NAV with its benchmark
// (issue #24), in Debian's Chromium on the phone viewport, against a 16 ms frame. A figure, not a test.
// The fund 000001 of the demo data has about 2,500 trading days since 2016 and its comparison index
// as many: its 成立以来 tab draws both. The baseline, measured in the same run, is the 近1年 tab
// (about 245 points each). The chart records its work on the performance timeline
// (src/components/Chart/timing.ts): the model (alignment, downsampling to the canvas width, scales),
// F2's draw call, the canvas render of the frame that shows it, and draw-start to the end of that frame
// (waiting for the frame included).
//
// Environment: BENCH_RUNS=<n> switches per tab (default 9; the median and the worst are printed);
// E2E_H5_DIR / E2E_SKIP_BUILD as for the browser tests; CHROME_PATH (default /usr/bin/chromium).
import { chromium } from 'playwright-core'
import { createSign } from '../common/sign.ts'
import { ensureH5Build } from '../test/e2e/lib/h5Build.ts'
import { startServer } from '../test/e2e/lib/server.ts'

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 9))
const FRAME_MS = 16
const URL_PATH = '/alfa/fund/000001'
const MEASURES = ['alfa-chart-model', 'alfa-chart-draw', 'alfa-chart-paint', 'alfa-chart-frame']

const median = (/** @type {number[]} */ xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const dir = ensureH5Build()
const server = await startServer({ h5Dir: dir })
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(server.origin + URL_PATH)
  const tabs = page.locator('.alfa-period-tabs').first()
  await tabs.waitFor()
  /** Switches to the tab `label` and returns the chart's measures of that switch (ms) and the points it drew. */
  const drawTab = async (/** @type {string} */ label) => {
    await page.evaluate(() => performance.clearMeasures())
    await tabs.getByRole('tab', { name: label, exact: true }).click()
    await page.waitForFunction(() => performance.getEntriesByName('alfa-chart-frame').length > 0, undefined, { timeout: 30_000 })
    return page.evaluate((names) => {
      const last = (/** @type {string} */ n) => performance.getEntriesByName(n).at(-1)?.duration ?? NaN
      return Object.fromEntries(names.map((n) => [n, last(n)]))
    }, MEASURES)
  }
  // Warm up: the engine chunk loaded and evaluated, the series of both tabs asked once.
  await drawTab('成立以来')
  await drawTab('近1年')
  /** @type {Record<string, Record<string, number[]>>} */
  const results = { 成立以来: {}, 近1年: {} }
  for (let i = 0; i < RUNS; i++) {
    for (const label of ['成立以来', '近1年']) {
      const m = await drawTab(label)
      for (const [k, v] of Object.entries(m)) (results[label][k] ??= []).push(v)
    }
  }
  const answer = await fetch(`${server.origin}/alfa/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-sign': createSign(), 'x-broker': '0008' },
    body: JSON.stringify({
      query: '{fund(fundCode:"000001"){navHistory(range:"SETUP"){date} comparisonBenchmark(range:"SETUP"){history{date}}}}',
    }),
  }).then((r) => r.json())
  const fund = answer?.data?.fund
  const points = fund ? `${fund.navHistory.length} + ${fund.comparisonBenchmark?.history.length ?? 0}` : '?'
  const fmt = (/** @type {number[]} */ xs) =>
    `median ${median(xs).toFixed(1)} ms, worst ${Math.max(...xs.filter(Number.isFinite)).toFixed(1)} ms`
  console.log(
    `H5 chart draw, fund ${URL_PATH.slice(-6)} on a 390×844 @3x phone viewport, ${RUNS} switches per tab (Chromium, no throttling):`,
  )
  for (const label of ['成立以来', '近1年']) {
    const r = results[label]
    console.log(
      `  ${label === '成立以来' ? `成立以来 (10 years daily, ${points} points, downsampled)` : '近1年 (baseline)'}: model ${fmt(r['alfa-chart-model'])}; F2 draw ${fmt(r['alfa-chart-draw'])}; frame render ${fmt(r['alfa-chart-paint'])}; to the frame ${fmt(r['alfa-chart-frame'])}`,
    )
  }
  const total = (/** @type {Record<string, number[]>} */ r) =>
    median(r['alfa-chart-model']) + median(r['alfa-chart-draw']) + median(r['alfa-chart-paint'])
  const work = total(results['成立以来'])
  const base = total(results['近1年'])
  console.log(
    `10-year chart: model + draw + frame render ${work.toFixed(1)} ms against a ${FRAME_MS} ms frame (${work <= FRAME_MS ? 'within' : 'OVER'}); ${(work / base).toFixed(2)}× the 1-year chart's ${base.toFixed(1)} ms`,
  )
  await context.close()
} finally {
  await browser.close()
  await server.stop()
}
