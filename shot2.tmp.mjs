import { chromium } from 'playwright-core'
const [url, out, scheme = 'light', scrolls = '3'] = process.argv.slice(2)
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', chromiumSandbox: false, args: ['--disable-gpu', '--no-first-run'] })
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: scheme })
const p = await ctx.newPage()
const errs = []
p.on('console', (m) => m.type() === 'error' && errs.push(m.text()))
p.on('pageerror', (e) => errs.push(String(e)))
await p.goto('http://127.0.0.1:3000' + url, { waitUntil: 'networkidle' })
await p.waitForTimeout(1200)
for (let i = 0; i < Number(scrolls); i++) {
  await p.screenshot({ path: out.replace('.png', `-${i}.png`) })
  await p.evaluate(() => { const els = [...document.querySelectorAll('*')].filter((e) => e.scrollHeight > e.clientHeight + 10 && getComputedStyle(e).overflowY !== 'visible'); (els[0] ?? document.scrollingElement).scrollBy(0, 700); window.scrollBy(0, 700) })
  await p.waitForTimeout(400)
}
console.log('errors:', JSON.stringify(errs).slice(0, 800))
await b.close()
