// @ts-check
'use strict'
// Baidu build (dist/swan): every page of app.json (main package and subpackages) has its
// files, and every .swan template parses.
//
// Files: .swan, .js and .json for every page. A .css is emitted only for a page that has
// styles of its own (the app's styles live in app.css/common.css), so a page's .css is
// required exactly when the WeChat build has a .wxss for that page (if dist/weapp is there):
// the Baidu build must not lose a style the WeChat build keeps.
//
// Templates: Baidu's templates are XML-like with {{ }} data bindings. Each .swan file goes
// through fast-xml-parser's strict validator (balanced and properly nested tags, valid tag and
// attribute names, quoted attribute values, no repeated attribute, no stray '&'; valueless
// attributes such as s-else are allowed, as in swan) after every {{ }} binding has been cut out and
// checked on its own (balanced braces and strings, and a JavaScript expression, as bindings
// are; {{{ a:b }}} is an object literal). Then every <import>, <include> and <import-sjs> src
// must exist, and every static <template is="..."> must name a template that the file or its
// imports define.
const fs = require('node:fs')
const path = require('node:path')
const { XMLParser, XMLValidator } = require('fast-xml-parser')
const { requireDist, distDir, readJson, listFiles, packagesOf, runCheck, failure } = require('./lib/common')

const babelParser = require(require.resolve('@babel/parser', { paths: [path.dirname(require.resolve('@babel/core'))] }))

const REQUIRED = ['.swan', '.js', '.json']
// Stands in for each character of a {{ }} binding: valid in XML text and attribute values.
const MARK = '\u2980'

/**
 * @typedef {(offset: number, message: string) => unknown} Report
 * @typedef {{ parsed: boolean; templatesDefined: Set<string>; templatesUsed: Array<{ is: string }>; imports: Array<{ tag: string; target: string }> }} TemplateResult
 * @typedef {Array<Record<string, unknown> & { ':@'?: Record<string, unknown> }>} XmlNodes fast-xml-parser's preserveOrder tree
 */

/**
 * Cuts the {{ }} bindings out of a template: returns the masked text and the bindings.
 * @param {string} text
 * @param {Report} report
 */
function maskBindings(text, report) {
  let out = ''
  /** @type {Array<{ at: number; expr: string }>} */
  const bindings = []
  let i = 0
  while (i < text.length) {
    const open = text.indexOf('{{', i)
    if (open < 0) {
      out += text.slice(i)
      break
    }
    out += text.slice(i, open)
    let j = open + 2
    let depth = 0
    /** @type {string | null} */
    let quote = null
    let end = -1
    for (; j < text.length; j++) {
      const c = text[j]
      if (quote) {
        if (c === '\\') j++
        else if (c === quote) quote = null
      } else if (c === '"' || c === "'" || c === '`') quote = c
      else if (c === '{') depth++
      else if (c === '}') {
        if (depth > 0) depth--
        else if (text[j + 1] === '}') {
          end = j
          break
        } else {
          report(open, `unbalanced '}' in binding ${JSON.stringify(text.slice(open, j + 1))}`)
          end = j
          break
        }
      }
    }
    if (end < 0) {
      report(open, `binding not closed: ${JSON.stringify(text.slice(open, open + 60))}`)
      out += ' '.repeat(text.length - open)
      break
    }
    const expr = text.slice(open + 2, end)
    bindings.push({ at: open, expr })
    // Keep offsets and line breaks so that parser positions still point into the file.
    out += `${MARK}${MARK}${expr.replace(/[^\n]/g, MARK)}${MARK}${MARK}`
    i = end + 2
  }
  return { masked: out, bindings }
}

/**
 * @param {string} text
 * @param {number} offset
 */
function lineCol(text, offset) {
  const before = text.slice(0, offset).split('\n')
  return `${before.length}:${before[before.length - 1].length + 1}`
}

/**
 * @param {string} dir
 * @param {string} rel
 * @param {string[]} problems
 * @returns {TemplateResult}
 */
function checkTemplate(dir, rel, problems) {
  const text = fs.readFileSync(path.join(dir, rel), 'utf8')
  /** @type {Report} */
  const report = (offset, message) => problems.push(`${rel}:${lineCol(text, offset)}: ${message}`)
  const { masked, bindings } = maskBindings(text, report)
  for (const { at, expr } of bindings) {
    if (!expr.trim()) {
      report(at, 'empty binding {{}}')
      continue
    }
    try {
      babelParser.parseExpression(expr, { sourceType: 'script' })
    } catch (err) {
      report(at, `binding {{${expr}}} is not an expression: ${/** @type {Error} */ (err).message.replace(/ \(\d+:\d+\)$/, '')}`)
    }
  }

  // One synthetic root: a template has many top-level elements. It sits on the first line so
  // that reported lines stay right.
  const xml = `<swan-template-root>${masked}</swan-template-root>`
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true })
  if (valid !== true) {
    problems.push(`${rel}:${valid.err.line}:${valid.err.col}: ${valid.err.msg}`)
    return { parsed: false, templatesDefined: new Set(), templatesUsed: [], imports: [] }
  }

  /** @type {Array<{ tag: string; src: string }>} */
  const imports = []
  /** @type {Set<string>} */
  const templatesDefined = new Set()
  /** @type {Array<{ is: string }>} */
  const templatesUsed = []
  /** @type {XmlNodes} */
  const tree = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    allowBooleanAttributes: true,
    preserveOrder: true,
    processEntities: false,
    parseAttributeValue: false,
  }).parse(xml)
  /** @param {XmlNodes} nodes */
  const walk = (nodes) => {
    for (const node of nodes) {
      const name = Object.keys(node).find((k) => k !== ':@')
      if (!name || name === '#text') continue
      const attrs = node[':@'] || {}
      const attr = (/** @type {string} */ n) => (Object.hasOwn(attrs, n) ? String(attrs[n]) : null)
      if (['import', 'include', 'import-sjs'].includes(name)) {
        const src = attr('src')
        if (!src) problems.push(`${rel}: <${name}> without src`)
        else imports.push({ tag: name, src })
      }
      if (name === 'template') {
        const defined = attr('name')
        if (defined) templatesDefined.add(defined)
        const is = attr('is')
        if (is && !is.includes(MARK)) templatesUsed.push({ is })
      }
      walk(/** @type {XmlNodes | undefined} */ (node[name]) || [])
    }
  }
  walk(tree)

  /** @type {Array<{ tag: string; target: string }>} */
  const resolved = []
  for (const imp of imports) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), imp.src))
    if (!fs.existsSync(path.join(dir, target))) problems.push(`${rel}: <${imp.tag} src="${imp.src}"> not found (${target})`)
    else resolved.push({ tag: imp.tag, target })
  }
  return { parsed: true, templatesDefined, templatesUsed, imports: resolved }
}

function main() {
  const dir = requireDist('swan')
  const app = readJson(path.join(dir, 'app.json'))
  const pages = packagesOf(app).allPages
  const weapp = distDir('weapp')
  const hasWeapp = fs.existsSync(path.join(weapp, 'app.json'))
  /** @type {string[]} */
  const problems = []

  let withCss = 0
  for (const page of pages) {
    for (const ext of REQUIRED) {
      const file = path.join(dir, `${page}${ext}`)
      if (!fs.existsSync(file)) problems.push(`${page}${ext}: missing`)
      else if (ext !== '.json' && fs.statSync(file).size === 0) problems.push(`${page}${ext}: empty`)
    }
    const json = path.join(dir, `${page}.json`)
    if (fs.existsSync(json)) readJson(json)
    const hasCss = fs.existsSync(path.join(dir, `${page}.css`))
    if (hasCss) withCss++
    if (hasWeapp && !hasCss && fs.existsSync(path.join(weapp, `${page}.wxss`))) {
      problems.push(`${page}.css: missing (dist/weapp has ${page}.wxss)`)
    }
  }

  const templates = listFiles(dir).filter((f) => f.endsWith('.swan'))
  const results = new Map(templates.map((rel) => [rel, checkTemplate(dir, rel, problems)]))
  // Static <template is> names: defined in the file or in a file it imports (not transitively,
  // as in WXML).
  for (const [rel, r] of results) {
    const visible = new Set(r.templatesDefined)
    const imported = r.imports.flatMap((imp) => {
      const found = imp.tag === 'import' ? results.get(imp.target) : undefined
      return found ? [found] : []
    })
    if (imported.some((t) => !t.parsed)) continue // already reported: an imported template does not parse
    for (const t of imported) for (const n of t.templatesDefined) visible.add(n)
    for (const use of r.templatesUsed) if (!visible.has(use.is)) problems.push(`${rel}: <template is="${use.is}"> is not defined`)
  }
  for (const page of pages)
    if (!results.has(`${page}.swan`) && fs.existsSync(path.join(dir, `${page}.swan`))) problems.push(`${page}.swan not checked`)

  if (problems.length) {
    const shown = problems.slice(0, 40).join('\n')
    throw failure(`${problems.length} problem(s):\n${shown}${problems.length > 40 ? `\n... and ${problems.length - 40} more` : ''}`)
  }
  return `${pages.length} pages have .swan/.js/.json (${withCss} with their own .css${hasWeapp ? ', as in dist/weapp' : ''}); ${templates.length} .swan templates parse`
}

void runCheck('swan pages and templates', main)
