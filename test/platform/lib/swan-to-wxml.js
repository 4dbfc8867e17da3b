// @ts-check
'use strict'
// Baidu has no simulator here: dist/swan is translated into the WXML form miniprogram-simulate
// renders, then rendered as the WeChat build is (swan-simulate-home.js). Taro writes both targets'
// templates from one base template, so the translation is syntax only:
//   s-if / s-elif / s-else            → wx:if / wx:elif / wx:else (a bare expression gets {{ }})
//   s-for="item, index in list trackBy item.key" (and "item in list", "list", "list trackBy item.key",
//   with s-for-item / s-for-index)    → wx:for="{{list}}" wx:for-item wx:for-index wx:key="key"
//   {{{ a: b }}} (template data)      → {{ a: b }};   {= x =} (two-way binding) → {{ x }}
//   attr={{x}} (an unquoted binding)  → attr="{{x}}"
//   <import-sjs module src=".sjs">    → <wxs module src=".wxs">; .swan → .wxml, .css → .wxss
//   setData keys with dotted indexes (root.cn.0.cn) → root.cn[0].cn (wxDataKey, applied by the host)
//   base.swan's self-calling templates (Baidu renders recursion) → 12 levels (unrollBase), as
//   Taro's WeChat base does; a tree deeper than that is not rendered (none of our pages is)
// On one element swan applies s-for before s-if, as WeChat applies wx:for before wx:if, so the
// translated element means the same. Not faithful (not used by our build, refused loudly when met):
// swan-only filters (`| filter` in bindings), s-show, and trackBy on anything but an item field.
const fs = require('node:fs')
const path = require('node:path')

/**
 * The wx:for attributes of one s-for value (and its s-for-item / s-for-index, when given).
 * @param {string} value
 * @param {string} [item]
 * @param {string} [index]
 */
function forAttributes(value, item, index) {
  let expr = value
    .trim()
    .replace(/^\{\{([\s\S]*)\}\}$/, '$1')
    .trim()
  let key = null
  const track = /^([\s\S]*?)\s+trackBy\s+([\s\S]+)$/.exec(expr)
  if (track) {
    expr = track[1].trim()
    key = track[2].trim()
  }
  const named = /^([A-Za-z_$][\w$]*)(?:\s*,\s*([A-Za-z_$][\w$]*))?\s+in\s+([\s\S]+)$/.exec(expr)
  let list = expr
  if (named) {
    item = named[1]
    index = named[2] || index
    list = named[3].trim()
  }
  const attrs = [`wx:for="{{${list}}}"`]
  if (item) attrs.push(`wx:for-item="${item}"`)
  if (index) attrs.push(`wx:for-index="${index}"`)
  if (key) {
    const k = new RegExp(`^${item || 'item'}\\.([A-Za-z_$][\\w$]*)$`).exec(key)
    if (!k) throw new Error(`trackBy ${key}: only a field of the item can be a wx:key`)
    attrs.push(`wx:key="${k[1]}"`)
  }
  return attrs.join(' ')
}

/**
 * One .swan template's text as WXML.
 * @param {string} swan
 */
function translate(swan) {
  if (/\bs-show=/.test(swan)) throw new Error('s-show has no WXML form')
  let out = swan
    .replace(
      /<import-sjs\b([^>]*?)\/?>(\s*<\/import-sjs>)?/g,
      (_, /** @type {string} */ attrs) => `<wxs${attrs.replace(/\.sjs"/, '.wxs"').replace(/\s*$/, '')} />`,
    )
    .replace(/(<(?:import|include)\b[^>]*\bsrc="[^"]*?)\.swan"/g, '$1.wxml"')
    .replace(/\{\{\{([\s\S]*?)\}\}\}/g, '{{$1}}')
    .replace(/\{=([\s\S]*?)=\}/g, '{{$1}}')
    // An unquoted binding as an attribute's value (Taro's Video template: s-if={{item.nn==='10'}}), quoted.
    .replace(/(\s[\w:-]+)=(\{\{[^"{}]*\}\})(?=[\s/>])/g, '$1="$2"')
  // Elements with an s-for: read its s-for-item / s-for-index in the same tag.
  out = out.replace(
    /<([A-Za-z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g,
    (/** @type {string} */ tag, /** @type {string} */ name, /** @type {string} */ attrs, /** @type {string} */ selfClosing) => {
      if (!/\ss-(?:for|if|elif|else)\b/.test(attrs)) return tag
      const item = /\ss-for-item="([^"]*)"/.exec(attrs)?.[1]
      const index = /\ss-for-index="([^"]*)"/.exec(attrs)?.[1]
      const rest = attrs
        .replace(/\ss-for-(?:item|index)="[^"]*"/g, '')
        .replace(/\ss-for="([^"]*)"/, (_, /** @type {string} */ v) => ` ${forAttributes(v, item, index)}`)
        .replace(
          /\ss-(if|elif)="([^"]*)"/g,
          (_, /** @type {string} */ d, /** @type {string} */ v) =>
            ` wx:${d}="${/^\s*\{\{[\s\S]*\}\}\s*$/.test(v) ? v.trim() : `{{${v.trim()}}}`}"`,
        )
        .replace(/\ss-else(?:="[^"]*")?(?=\s|$)/g, ' wx:else')
      return `<${name}${rest}${selfClosing ? ' /' : ''}>`
    },
  )
  if (/\ss-(?:for|if|elif|else)\b/.test(out)) throw new Error('an s- directive was left untranslated')
  if (/\{\{[^}]*\|\s*[A-Za-z_]/.test(out.replace(/\|\|/g, ''))) throw new Error('a swan filter (`| name`) has no WXML form')
  return out
}

/** Template levels of the unrolled base template (each level nests up to eight elements itself). */
const BASE_LEVELS = 12

/**
 * Taro's swan base template is one level of templates that call themselves (`xs.a(0, item.nn)`):
 * Baidu renders recursive templates, WeChat stops a template that calls itself. The same tree is
 * rendered in WXML by levels, as Taro's WeChat base does: the templates of level k call level k+1.
 * @param {string} wxml
 */
function unrollBase(wxml) {
  const first = wxml.search(/<template name="tmpl_0_/)
  if (first < 0) throw new Error('base template: no tmpl_0_ templates')
  const head = wxml.slice(0, first)
  const level0 = wxml.slice(first)
  if (/<template name="(?!tmpl_0_)/.test(level0)) throw new Error('base template: a template after the tmpl_0_ ones')
  const level = (/** @type {number} */ k) => level0.replace(/xs\.a\(0,/g, `xs.a(${k + 1},`).replace(/tmpl_0_/g, `tmpl_${k}_`)
  return head + Array.from({ length: BASE_LEVELS }, (_, k) => level(k)).join('\n')
}

/**
 * Copies dist/swan into `to` as a WeChat-shaped folder: templates translated, files renamed.
 * @param {string} from
 * @param {string} to
 */
function translateDist(from, to) {
  fs.rmSync(to, { recursive: true, force: true })
  /** @param {string} rel */
  const walk = (rel) => {
    for (const e of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name)
      if (e.isDirectory()) {
        fs.mkdirSync(path.join(to, r), { recursive: true })
        walk(r)
      } else if (e.name.endsWith('.swan')) {
        const wxml = translate(fs.readFileSync(path.join(from, r), 'utf8'))
        fs.writeFileSync(path.join(to, r.replace(/\.swan$/, '.wxml')), r === 'base.swan' ? unrollBase(wxml) : wxml)
      } else if (e.name.endsWith('.sjs')) {
        fs.copyFileSync(path.join(from, r), path.join(to, r.replace(/\.sjs$/, '.wxs')))
      } else if (e.name.endsWith('.css')) {
        fs.copyFileSync(path.join(from, r), path.join(to, r.replace(/\.css$/, '.wxss')))
      } else {
        fs.copyFileSync(path.join(from, r), path.join(to, r))
      }
    }
  }
  fs.mkdirSync(to, { recursive: true })
  walk('')
}

/**
 * A setData key as WeChat reads it. Taro's swan runtime writes array indexes as dotted segments
 * (`root.cn.0.cn`), which Baidu's setData accepts; WeChat's (and miniprogram-simulate's) reads a
 * dotted number as an object key, so the same update must be `root.cn[0].cn`.
 * @param {string} key
 */
function wxDataKey(key) {
  return key.replace(/\.(\d+)(?=\.|\[|$)/g, '[$1]')
}

let translating = false
/** True once simulatedDist has translated dist/swan: the host then translates setData keys too. */
const translatingSwan = () => translating

/**
 * The build a simulator check renders: dist/weapp, or with ALFA_SIMULATE_TARGET=swan dist/swan
 * translated into a temporary folder (removed on exit), the `swan` global being the stubbed `wx`.
 * @param {(target: string) => string} requireDist lib/common.js's
 */
function simulatedDist(requireDist) {
  const target = process.env.ALFA_SIMULATE_TARGET === 'swan' ? 'swan' : 'weapp'
  const dir = requireDist(target)
  if (target === 'weapp') return { target, dir }
  const translated = path.join(require('node:os').tmpdir(), `alfa-swan-as-wxml-${process.pid}`)
  translateDist(dir, translated)
  process.on('exit', () => fs.rmSync(translated, { recursive: true, force: true }))
  Object.defineProperty(global, 'swan', { configurable: true, get: () => /** @type {{ wx?: unknown }} */ (global).wx })
  translating = true
  return { target, dir: translated }
}

module.exports = { translate, translateDist, forAttributes, simulatedDist, wxDataKey, translatingSwan, unrollBase }
