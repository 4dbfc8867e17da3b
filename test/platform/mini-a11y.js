// @ts-check
'use strict'
// Accessibility of the WeChat and Baidu builds (issue #24; config/plugins/mini-a11y.js):
// - names and roles: in base.wxml / base.swan every view, text, button and image element that
//   renders props (each variant, at every level, and Baidu's inlined views) binds aria-role and
//   aria-label; and on the home page
//   rendered in miniprogram-simulate (dist/weapp, and dist/swan translated to WXML), the search box
//   (role button) and the entry tiles (role link) carry aria-role, and the loading feed its aria-label,
//   which shows Taro's runtime numbers the two attributes as the build does;
// - text size, WeChat: every page's template starts with <page-meta root-font-size="system"> and no
//   stylesheet sets a font size in rpx or px (rem only, which page-meta ties to the user's setting);
// - text size, Baidu: neither app.json nor any page's json turns the host's font-size setting off
//   (window.textSizeAdjust "none").
// What a device would show (the size a WeChat or Baidu font setting gives, what a screen reader
// reads) is not seen here: README.md's mini-program section says what QA checks in the devtools.
const fs = require('node:fs')
const path = require('node:path')
const { requireDist, readJson, listFiles, runCheck, failure } = require('./lib/common')
const { simulatedDist } = require('./lib/swan-to-wxml')
const { withLiveApp } = require('./lib/live-screens')

const TARGET = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
const PAGE = 'pages/home/index'
const TIMEOUT_MS = 8000

/**
 * The view, text, button and image elements of a base template that render any prop besides
 * class/style/id (Taro's pure and click views render none) and lack aria-role or aria-label: each
 * template's element, and on Baidu the views its base inlines into their parent (`item.` bindings).
 * @param {string} text
 */
function templatesWithoutAria(text) {
  const missing = []
  let checked = 0
  for (const m of text.matchAll(/<(view|text|button|image)(\s[^>]*)?>/g)) {
    const [tag, name, attrs = ''] = m
    const props = attrs
      .replace(/\s(style|class|id|data-sid)="[^"]*"/g, '')
      .replace(/\s(s-if|s-elif|wx:if|wx:elif)="[^"]*"/g, '')
      .replace(/\sbind\w+="eh"/g, '')
      .trim()
    if (!props) continue
    checked++
    if (!/\saria-role="\{\{(i|item)\.p\d+\}\}"/.test(attrs) || !/\saria-label="\{\{(i|item)\.p\d+\}\}"/.test(attrs))
      missing.push(`<${name}> at ${m.index}: ${tag.slice(0, 80)}`)
  }
  return { checked, missing }
}

/** @param {string} platform */
function checkTemplates(platform) {
  const dir = requireDist(platform)
  const file = path.join(dir, platform === 'swan' ? 'base.swan' : 'base.wxml')
  const { checked, missing } = templatesWithoutAria(fs.readFileSync(file, 'utf8'))
  if (checked === 0) throw failure(`no view/text/button/image template found in ${file}`)
  if (missing.length) throw failure(`${missing.length} of ${checked} elements lack aria-role/aria-label: ${missing.slice(0, 3).join('; ')}`)
  return `${checked} view/text/button/image elements bind aria-role and aria-label`
}

function checkWeappTextSize() {
  const dir = requireDist('weapp')
  const files = listFiles(dir)
  const pages = files.filter((f) => f.endsWith('.wxml') && fs.readFileSync(path.join(dir, f), 'utf8').includes('<template is="taro_tmpl"'))
  const noMeta = pages.filter(
    (f) => !/^(<import [^>]*\/>)*<page-meta root-font-size="system"\s*\/>/.test(fs.readFileSync(path.join(dir, f), 'utf8')),
  )
  if (pages.length < 2) throw failure(`only ${pages.length} page templates found`)
  if (noMeta.length)
    throw failure(
      `${noMeta.length} of ${pages.length} pages do not start with page-meta root-font-size="system": ${noMeta.slice(0, 5).join(', ')}`,
    )
  let rem = 0
  const fixed = []
  for (const f of files.filter((x) => x.endsWith('.wxss'))) {
    for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/font-size\s*:\s*([^;}]+)/g)) {
      if (/^-?\d*\.?\d+rem$/.test(m[1].trim())) rem++
      else if (/\d(rpx|px)\b/i.test(m[1])) fixed.push(`${f}: ${m[1]}`)
    }
  }
  if (fixed.length) throw failure(`${fixed.length} font sizes not in rem: ${fixed.slice(0, 5).join('; ')}`)
  if (rem === 0) throw failure('no font size in rem in any .wxss')
  return `${pages.length} pages start with page-meta root-font-size="system"; ${rem} font sizes in rem, none in rpx/px`
}

function checkSwanTextSize() {
  const dir = requireDist('swan')
  const offs = listFiles(dir)
    .filter((f) => f.endsWith('.json') && !f.includes('node_modules'))
    .filter((f) => {
      const json = readJson(path.join(dir, f))
      return json && (json.textSizeAdjust === 'none' || json.window?.textSizeAdjust === 'none')
    })
  if (offs.length) throw failure(`the host's font-size setting is turned off in ${offs.join(', ')}`)
  return "no app.json or page json sets textSizeAdjust none: Baidu's font-size setting applies"
}

/**
 * The aria-role / aria-label bindings of each template number in a base template ({{i.pN}} → pN):
 * j-component renders only the attributes it knows, so the check resolves the binding of a node's
 * template against the node's own data, as WeChat's renderer does.
 * @param {string} text
 * @returns {Map<string, { role?: string, label?: string }>} by Taro's node number (`nn`)
 */
function ariaBindings(text) {
  const byNumber = new Map()
  for (const m of text.matchAll(/<template name="tmpl_0_(\w+)">\s*<[a-z-]+(\s[^>]*)?>/g)) {
    const attrs = m[2] ?? ''
    byNumber.set(m[1], {
      role: /\saria-role="\{\{i\.(p\d+)\}\}"/.exec(attrs)?.[1],
      label: /\saria-label="\{\{i\.(p\d+)\}\}"/.exec(attrs)?.[1],
    })
  }
  return byNumber
}

/**
 * Taro's data nodes under `root` whose class list has `cls`.
 * @param {any} node
 * @param {string} cls
 * @returns {any[]}
 */
function nodesOf(node, cls) {
  const own = typeof node.cl === 'string' && node.cl.split(/\s+/).includes(cls) ? [node] : []
  return [...own, ...(node.cn ?? []).flatMap((/** @type {any} */ c) => nodesOf(c, cls))]
}

async function checkRendered() {
  const { dir } = simulatedDist(requireDist)
  const bindings = ariaBindings(fs.readFileSync(path.join(dir, 'base.wxml'), 'utf8'))
  /** What the renderer gives a data node for aria-role and aria-label. */
  const aria = (/** @type {any} */ node) => {
    const b = bindings.get(String(node.nn)) ?? {}
    return { role: b.role && node[b.role], label: b.label && node[b.label] }
  }
  return withLiveApp({ dir, parts: ['home'] }, async ({ host }) => {
    const h = host.open(PAGE, {}, TIMEOUT_MS)
    /** The data nodes with class `cls`, or null while there are none. */
    const found = (/** @type {string} */ cls) => {
      const nodes = nodesOf(/** @type {any} */ (h.page).instance.data.root, cls)
      return nodes.length ? nodes : null
    }
    // The picks' loading placeholder is their first render (aria-label, no role).
    const [loading] = await h.waitFor('the loading feed', () => found('alfa-home__loading'))
    if (aria(loading).label !== '正在加载')
      throw failure(`the loading feed renders aria-label ${JSON.stringify(aria(loading).label)}, not "正在加载"`)
    const [search] = await h.waitFor('the search box', () => found('alfa-home__search'))
    if (aria(search).role !== 'button') throw failure(`the search box renders aria-role ${JSON.stringify(aria(search).role)}, not "button"`)
    const tiles = await h.waitFor('entry tiles', () => found('alfa-home__entry'))
    const unnamed = tiles.filter((t) => aria(t).role !== 'link')
    if (unnamed.length)
      throw failure(`${unnamed.length} of ${tiles.length} entry tiles render no aria-role="link" (${JSON.stringify(aria(unnamed[0]))})`)
    return `${PAGE} rendered: search box aria-role="button", ${tiles.length} entry tiles aria-role="link", loading feed aria-label="正在加载"`
  })
}

async function main() {
  if (TARGET === 'weapp') {
    await runCheck('weapp ARIA in templates', async () => checkTemplates('weapp'))
    await runCheck('weapp text size', async () => checkWeappTextSize())
  } else {
    await runCheck('swan ARIA in templates', async () => checkTemplates('swan'))
    await runCheck('swan text size', async () => checkSwanTextSize())
  }
  await runCheck(`${TARGET} ARIA on a rendered page`, checkRendered)
}

void main().then(() => process.exit())
