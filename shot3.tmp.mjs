import { chromium } from 'playwright-core'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', chromiumSandbox: false, args: ['--disable-gpu', '--no-first-run'] })
const list = process.argv.slice(2)
for (const spec of list) {
  const [url, name, scheme = 'light'] = spec.split('|')
  const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, colorScheme: scheme })
  const p = await ctx.newPage()
  const errs = []
  p.on('console', (m) => m.type() === 'error' && errs.push(m.text()))
  await p.goto('http://127.0.0.1:3000' + url, { waitUntil: 'networkidle' })
  await p.waitForTimeout(1200)
  await p.screenshot({ path: `/tmp/s-${name}.png` })
  console.log(name, 'errors:', errs.length)
  await ctx.close()
}
await b.close()
