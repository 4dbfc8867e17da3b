import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2'
import {
  checkRichTree,
  cleanAttrs,
  cleanUrl,
  isBlank,
  RICH_MAX_DEPTH,
  RICH_MAX_NODES,
  tagRule,
  type RichElement,
  type RichNode,
  type TagRule,
} from '@alfa/common/richText'

/**
 * The one sanitiser of article HTML (issue #21): HTML in, the tree of common/richText.ts out,
 * every tag and attribute through its allow-list table. Used by the content import (which
 * stores the result, serialised by richToHtml) and again on every read of an article (defence
 * in depth: a row written by other means is cleaned just the same).
 *
 * Linear in the input: htmlparser2's Tokenizer (a one-pass state machine) reads the text, and
 * the tree is built here with a stack that only grows and shrinks at its end, a count of open
 * elements by name (an end tag with no open element is ignored at once, without a search) and
 * a depth cap: elements nested deeper than RICH_MAX_DEPTH are left out and their text joins the
 * deepest kept element. htmlparser2's own Parser is not used: its open-element stack shifts at
 * the front and searches it on every end tag, quadratic on deep nesting.
 */

/** Elements dropped together with everything inside them: code, styles, embedded documents, forms, metadata. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'noframes',
  'noembed',
  'object',
  'embed',
  'applet',
  'param',
  'form',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'datalist',
  'textarea',
  'output',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'map',
  'area',
  'xmp',
  'plaintext',
  'dialog',
  'portal',
  'slot',
])

/** Elements shown as a listed one (the content stays, the presentation is the listed tag's). */
const RENAMED: Record<string, string> = {
  s: 'del',
  strike: 'del',
  u: 'ins',
  section: 'div',
  article: 'div',
  header: 'div',
  footer: 'div',
  main: 'div',
  aside: 'div',
  nav: 'div',
  figure: 'div',
  center: 'div',
  address: 'div',
  figcaption: 'p',
  small: 'span',
  big: 'span',
  font: 'span',
  mark: 'span',
  abbr: 'span',
  cite: 'span',
  label: 'span',
  tt: 'code',
  kbd: 'code',
  samp: 'code',
  var: 'code',
}

/** HTML's void elements: never open, so never on the stack. */
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])

/** Opening one of these closes an open `p` right above it (HTML's most common implied end tag). */
const CLOSES_P = new Set([
  'p',
  'div',
  'ul',
  'ol',
  'dl',
  'table',
  'blockquote',
  'pre',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'figcaption',
  'aside',
  'nav',
  'main',
  'address',
])

/** Opening the key closes an open element of these names right above it (li after li, td after td…). */
const CLOSES_SIBLING: Record<string, readonly string[]> = {
  li: ['li'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  tr: ['td', 'th', 'tr'],
  td: ['td', 'th'],
  th: ['td', 'th'],
  thead: ['tbody', 'tfoot'],
  tbody: ['thead', 'tbody', 'tfoot'],
  tfoot: ['thead', 'tbody'],
}

interface Open {
  /** The tag name as written (lower case), to match its end tag. */
  name: string
  /** Where content inside it goes: its own children, or (left out, unwrapped) its parent's. */
  target: RichNode[]
  /** Depth of `target`'s element (0: the root). */
  depth: number
  /** Inside an element dropped with its content: nothing is kept. */
  dropping: boolean
  /** The rule of the element whose children `target` is (whitespace-only text in tables and lists is dropped). */
  rule: TagRule | null
}

/** How much work a sanitising took (tests check it grows linearly with the input). */
export interface SanitizeStats {
  /** Tokenizer events, stack pushes and pops, text appends: every step of the tree building. */
  steps: number
  /** What was taken out that a writer may want to know of: `<script>`, `onclick`, `href="javascript:…"` (each once). */
  removed?: Set<string>
}

/** A removed value as the import's note shows it: short, on one line. */
const shown = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)

/**
 * Sanitises HTML into a RichNode tree: only RICH_TAGS with their checked attributes, links and
 * images through cleanUrl, at most RICH_MAX_DEPTH levels and RICH_MAX_NODES nodes. Never throws
 * on any input.
 */
export function sanitizeHtml(html: string, stats?: SanitizeStats): RichNode[] {
  const root: RichNode[] = []
  const stack: Open[] = []
  const openByName = new Map<string, number>()
  let nodes = 0
  let steps = 0
  // The open tag being read, and its attributes so far (only those its rule lists are kept).
  let tagName = ''
  let attrRule: TagRule | null = null
  let attrs: Record<string, string> = Object.create(null)
  let attrName = ''
  let attrValue = ''

  /** Whether the open tag's rule keeps the attribute being read. */
  const wanted = () => !!attrRule?.attrs && Object.prototype.hasOwnProperty.call(attrRule.attrs, attrName)
  const top = (): Open | null => (stack.length ? stack[stack.length - 1] : null)
  const pop = () => {
    const open = stack.pop()!
    openByName.set(open.name, openByName.get(open.name)! - 1)
    steps++
  }
  const push = (open: Open) => {
    stack.push(open)
    openByName.set(open.name, (openByName.get(open.name) ?? 0) + 1)
    steps++
  }

  const addText = (text: string) => {
    steps++
    const at = top()
    if (at?.dropping || !text) return
    const target = at ? at.target : root
    if (at?.rule?.noText && isBlank(text)) return
    const last = target.length ? target[target.length - 1] : null
    if (last && last.type === 'text') last.text += text
    else if (nodes < RICH_MAX_NODES) {
      target.push({ type: 'text', text })
      nodes++
    }
  }

  const openTag = (written: string, raw: Record<string, string>) => {
    steps++
    const parent = top()
    const parentDepth = parent ? parent.depth : 0
    const parentTarget = parent ? parent.target : root
    const isVoid = VOID.has(written)
    const keep = (open: Omit<Open, 'name'>) => {
      if (!isVoid) push({ name: written, ...open })
    }
    if (parent?.dropping || DROP_WITH_CONTENT.has(written)) {
      if (!parent?.dropping) stats?.removed?.add(`<${written}>`)
      return keep({ target: parentTarget, depth: parentDepth, dropping: true, rule: null })
    }
    const name = RENAMED[written] ?? written
    const rule = tagRule(name)
    if (rule?.attrs && stats?.removed) {
      for (const attr in raw) {
        const kind = rule.attrs[attr]
        if ((kind === 'link' || kind === 'image') && cleanUrl(raw[attr], kind) === null) stats.removed.add(`${attr}=${shown(raw[attr])}`)
      }
    }
    const transparent = () => keep({ target: parentTarget, depth: parentDepth, dropping: false, rule: parent?.rule ?? null })
    // Unknown elements, and elements past the depth cap or the node cap, are left out; their content stays.
    if (!rule || parentDepth >= RICH_MAX_DEPTH || nodes >= RICH_MAX_NODES) return transparent()
    const clean = cleanAttrs(name, raw)
    if (clean === 'unwrap') return transparent()
    if (clean === 'drop') return keep({ target: parentTarget, depth: parentDepth, dropping: true, rule: null })
    const element: RichElement = { type: 'node', name }
    if (Object.keys(clean).length) element.attrs = clean
    parentTarget.push(element)
    nodes++
    if (rule.empty) return keep({ target: parentTarget, depth: parentDepth, dropping: true, rule: null })
    element.children = []
    keep({ target: element.children, depth: parentDepth + 1, dropping: false, rule })
  }

  const closeTag = (name: string) => {
    steps++
    if (VOID.has(name)) {
      // `</br>` is a line break in HTML; other void end tags mean nothing.
      if (name === 'br') openTag('br', {})
      return
    }
    if (!openByName.get(name)) return
    // Every element opened inside it ends with it (each element is popped once: linear overall).
    while (stack.length) {
      const closing = top()!.name
      pop()
      if (closing === name) break
    }
  }

  const slice = (start: number, end: number) => html.slice(start, end)
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tagName = slice(start, end).toLowerCase()
      attrRule = tagRule(RENAMED[tagName] ?? tagName)
      attrs = Object.create(null)
    },
    onattribname(start, end) {
      attrName = slice(start, end).toLowerCase()
      attrValue = ''
    },
    onattribdata(start, end) {
      // Values of attributes no rule keeps are not even collected.
      if (wanted()) attrValue += slice(start, end)
    },
    onattribentity(codepoint) {
      if (wanted()) attrValue += String.fromCodePoint(codepoint)
    },
    onattribend() {
      steps++
      if (attrName.startsWith('on')) stats?.removed?.add(attrName)
      // The first of two same-named attributes counts, as in browsers.
      if (wanted() && !(attrName in attrs)) attrs[attrName] = attrValue
      attrValue = ''
    },
    onopentagend() {
      const name = tagName
      tagName = ''
      if (!name) return
      const at = top()
      if (at && at.name === 'p' && CLOSES_P.has(name)) pop()
      const siblings = CLOSES_SIBLING[name]
      const above = top()
      if (siblings && above && siblings.includes(above.name)) {
        pop()
        // A new row also ends the row of the cell it closed.
        const row = top()
        if (name === 'tr' && row?.name === 'tr') pop()
      }
      openTag(name, attrs)
    },
    onselfclosingtag() {
      // HTML ignores the slash of `<div/>`: the element opens (void ones never do).
      callbacks.onopentagend(0)
    },
    onclosetag(start, end) {
      closeTag(slice(start, end).toLowerCase())
    },
    ontext(start, end) {
      addText(slice(start, end).replaceAll('\u0000', ''))
    },
    ontextentity(codepoint) {
      addText(codepoint === 0 ? '' : String.fromCodePoint(codepoint))
    },
    oncdata() {
      steps++
    },
    oncomment() {
      steps++
    },
    ondeclaration() {
      steps++
    },
    onprocessinginstruction() {
      steps++
    },
    onend() {
      steps++
    },
  }
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks)
  tokenizer.write(typeof html === 'string' ? html : '')
  tokenizer.end()
  // The same check the app runs: what leaves the server has passed the table twice.
  const tree = checkRichTree(root)
  if (stats) stats.steps += steps
  return tree
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
}

function escapeAttr(value: string): string {
  return value.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
}

/**
 * A sanitised tree as HTML (for `Article.content` and the stored column): every text and
 * attribute escaped, so reading it again with sanitizeHtml gives the same tree.
 */
export function richToHtml(nodes: readonly RichNode[]): string {
  const out: string[] = []
  // Either a node to write or the end tag to write after its children.
  const work: Array<RichNode | string> = [...nodes].reverse()
  while (work.length) {
    const item = work.pop()!
    if (typeof item === 'string') {
      out.push(item)
      continue
    }
    if (item.type === 'text') {
      out.push(escapeText(item.text))
      continue
    }
    const attrs = item.attrs ? Object.entries(item.attrs).map(([k, v]) => ` ${k}="${escapeAttr(v)}"`) : []
    out.push(`<${item.name}${attrs.join('')}>`)
    if (tagRule(item.name)?.empty) continue
    work.push(`</${item.name}>`)
    const children = item.children ?? []
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i])
  }
  return out.join('')
}

/** The body of an article as served: the stored HTML sanitised again, as a tree and as HTML. */
export interface ServedBody {
  body: RichNode[]
  html: string
}

const SERVED_CACHE_SIZE = 64
/** Longer bodies are sanitised on each read rather than kept (64 of them could hold much memory). */
const SERVED_CACHE_MAX_LENGTH = 256 * 1024
const served = new Map<string, ServedBody>()

/**
 * What a read of an article answers (defence in depth: the stored HTML, written by the import
 * already sanitised, goes through the sanitiser again). The last few results are kept, so an
 * article read often is not sanitised on every read.
 */
export function servedBody(stored: string): ServedBody {
  const kept = served.get(stored)
  if (kept) {
    served.delete(stored)
    served.set(stored, kept)
    return kept
  }
  const body = sanitizeHtml(stored)
  const result = { body, html: richToHtml(body) }
  if (stored.length > SERVED_CACHE_MAX_LENGTH) return result
  served.set(stored, result)
  if (served.size > SERVED_CACHE_SIZE) served.delete(served.keys().next().value as string)
  return result
}
