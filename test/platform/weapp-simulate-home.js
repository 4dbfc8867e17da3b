'use strict'
// The WeChat build's home page (dist/weapp/pages/home/index) renders in miniprogram-simulate
// and a tap on each entry tile reaches wx.navigateTo with an in-mini-program url carrying `ts`.
// The host (lib/weapp-host.js) runs dist/weapp/app.js and turns Page() into a component;
// wx.request here records and never answers: the tiles must not depend on a server.
const fs = require('node:fs')
const path = require('node:path')
const { requireDist, readJson, packagesOf, runCheck, failure } = require('./lib/common')
const { createHost, captureProblems } = require('./lib/weapp-host')

const PAGE = 'pages/home/index'
const ENTRY = '.alfa-home__entry'
const TITLE = '[class*="alfa-navbar__title"]'
const TIMEOUT_MS = 5000

const problems = []
const requests = []

async function main() {
  const dir = requireDist('weapp')
  if (!fs.existsSync(path.join(dir, `${PAGE}.js`))) throw failure(`${PAGE}.js is missing from the build`)
  const allPages = new Set(packagesOf(readJson(path.join(dir, 'app.json'))).allPages)

  captureProblems(problems)

  const request = (opts = {}) => {
    requests.push(String(opts.url))
    return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {}, onChunkReceived() {}, offChunkReceived() {} }
  }
  const host = createHost(dir, { problems, request })
  const { page, navigations, waitFor } = host.open(PAGE, {}, TIMEOUT_MS)

  // Render: Taro fills the page through setData once React has rendered.
  const entries = await waitFor(`${ENTRY} tiles`, () => {
    const found = page.querySelectorAll(ENTRY)
    return found.length ? found : null
  })
  const text = page.dom.textContent.trim()
  if (!text) throw failure('the page rendered no text')
  // The page uses the custom navigation bar (navigationStyle custom), so it renders its title.
  const titleNode = page.dom.querySelector(TITLE)
  const title = titleNode ? titleNode.textContent.trim() : ''
  if (!title) throw failure(`no navigation bar title (${TITLE}) rendered`)
  const labels = entries.map((e) => (e.dom.querySelector('[class*="alfa-home__label"]') || e.dom).textContent.trim())
  if (labels.some((l) => !l)) throw failure(`an entry tile has no label: ${JSON.stringify(labels)}`)

  // Tap: each tile navigates with exactly one wx.navigateTo to a page of app.json, with ts.
  const targets = []
  for (const [i, entry] of entries.entries()) {
    const before = navigations.length
    const tappedAt = Date.now()
    entry.dispatchEvent('tap')
    await waitFor(`the navigation of tile ${i + 1} (${labels[i]})`, () => navigations.length > before)
    await host.sleep(20)
    const calls = navigations.slice(before)
    if (calls.length !== 1 || calls[0].api !== 'navigateTo') {
      throw failure(`tile "${labels[i]}": expected one wx.navigateTo, got ${JSON.stringify(calls)}`)
    }
    const { url } = calls[0]
    const m = /^\/((?:pages|subPkg\/pages)\/[^?#]+)\?(.*)$/.exec(String(url))
    if (!m) throw failure(`tile "${labels[i]}": url ${url} is not /pages/... or /subPkg/pages/... with a query`)
    if (!allPages.has(m[1])) throw failure(`tile "${labels[i]}": ${m[1]} is not a page of app.json`)
    const ts = new URLSearchParams(m[2]).get('ts')
    if (!/^\d+$/.test(ts || '') || Math.abs(Number(ts) - tappedAt) > 60000) {
      throw failure(`tile "${labels[i]}": url ${url} lacks a current ts parameter`)
    }
    targets.push(m[1])
  }
  if (problems.length) throw failure(problems.join('\n'))
  return `${PAGE} rendered title "${title}" and ${entries.length} entry tiles (${labels.join(' ')}); each tap -> wx.navigateTo with ts (${targets.map((t) => `/${t}`).join(', ')})${requests.length ? `; ${requests.length} data request(s) left pending` : ''}`
}

runCheck('weapp home page in miniprogram-simulate', main).then(() => process.exit())
