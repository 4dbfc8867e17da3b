/**
 * Article bodies as a sanitised node tree, shared by both halves: the server's sanitiser
 * (server/src/content/sanitize.ts) builds the tree from HTML and delivers it, and the app checks
 * every node again with checkRichTree before rendering it (React elements on H5, `rich-text`
 * nodes on mini-programs). One allow-list table decides, for both: the tags, their attributes
 * and how each attribute's value is checked. No HTML is parsed in the app.
 *
 * The tree has the mini-programs' `rich-text` nodes shape: `{ type: 'node', name, attrs,
 * children }` and `{ type: 'text', text }` (text is plain text, never markup).
 */

export interface RichTextNode {
  type: 'text'
  text: string
}

export interface RichElement {
  type: 'node'
  name: string
  attrs?: Record<string, string>
  children?: RichNode[]
}

export type RichNode = RichElement | RichTextNode

/**
 * How an attribute's value is checked: `link` and `image` are urls (cleanUrl), `text` any
 * short text, `count` a small whole number, `list` an ordered list's marker kind.
 */
export type AttrRule = 'link' | 'image' | 'text' | 'count' | 'list'

export interface TagRule {
  /** Allowed attributes and how each is checked; any other attribute is dropped. */
  attrs?: Readonly<Record<string, AttrRule>>
  /** Attributes every such element carries with exactly these values (set, or replaced, by the check). */
  fixed?: Readonly<Record<string, string>>
  /** An element without this attribute (or with a refused value) is dropped with its content. */
  requires?: string
  /** An element without this attribute is unwrapped: its content stays, the element goes (a link without a usable href). */
  unwrapWithout?: string
  /** A void element: never has children. */
  empty?: boolean
  /** Holds other elements only: whitespace-only text directly inside it is dropped (tables, lists). */
  noText?: boolean
}

/** Images are lazy and never wider than the screen (the renderers apply these as they are). */
export const IMAGE_STYLE = 'max-width:100%;height:auto'

/**
 * The allow-list: tags that both mini-programs' `rich-text` trust (WeChat's and Baidu's lists
 * meet here, plus `pre`, which mini-programs render as a div: MINI_PROGRAM_TAG) and the
 * attributes each keeps. Nothing else passes: no script, style, iframe, object or form, no
 * `style`, `class`, `id` or event handler attributes.
 */
export const RICH_TAGS: Readonly<Record<string, TagRule>> = {
  p: {},
  div: {},
  span: {},
  br: { empty: true },
  hr: { empty: true },
  h1: {},
  h2: {},
  h3: {},
  h4: {},
  h5: {},
  h6: {},
  strong: {},
  b: {},
  em: {},
  i: {},
  ins: {},
  del: {},
  sub: {},
  sup: {},
  q: {},
  code: {},
  pre: {},
  blockquote: {},
  ul: { noText: true },
  ol: { attrs: { start: 'count', type: 'list' }, noText: true },
  li: {},
  dl: { noText: true },
  dt: {},
  dd: {},
  table: { noText: true },
  thead: { noText: true },
  tbody: { noText: true },
  tfoot: { noText: true },
  tr: { noText: true },
  th: { attrs: { colspan: 'count', rowspan: 'count' } },
  td: { attrs: { colspan: 'count', rowspan: 'count' } },
  a: { attrs: { href: 'link' }, unwrapWithout: 'href' },
  img: {
    attrs: { src: 'image', alt: 'text', width: 'count', height: 'count' },
    fixed: { loading: 'lazy', style: IMAGE_STYLE },
    requires: 'src',
    empty: true,
  },
}

/** Tags a mini-program's rich-text does not know, by the trusted tag that shows them. */
export const MINI_PROGRAM_TAG: Readonly<Record<string, string>> = { pre: 'div' }

/** Elements nested deeper than this are not kept (their text is, in the sanitiser; the app drops them). */
export const RICH_MAX_DEPTH = 24
/** At most this many nodes in one body; the app shows no more. */
export const RICH_MAX_NODES = 50_000
/** Longest url kept in href or src. */
export const RICH_MAX_URL = 2048
/** Longest alt text kept. */
export const RICH_MAX_TEXT_ATTR = 300

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k)

/** The rule of a tag, or null when the tag is not on the list (also for names like `__proto__`). */
export function tagRule(name: string): TagRule | null {
  return typeof name === 'string' && hasOwn(RICH_TAGS, name) ? RICH_TAGS[name] : null
}

/**
 * A url as an href (`link`) or an image src (`image`) may carry it, or null when it may not.
 * Browsers drop ASCII tab and newlines anywhere in a url and C0 controls and spaces around it, so
 * the same is done before the scheme is read (`java\tscript:`, ` javascript:`); the value is
 * then accepted only by an allow-list of prefixes, compared in lower case: `https://` (and
 * `http://` for links), or a path on the product's own origin (`/…`, but not `//host` or `/\host`).
 * Entity-encoded schemes (`&#106;avascript:`) arrive here decoded by the parser. Everything else
 * (javascript:, data:, vbscript:, file:, relative paths, protocol-relative urls) is refused.
 * Spaces inside are percent-encoded; any other control character refuses the url.
 */
export function cleanUrl(value: unknown, kind: 'link' | 'image'): string | null {
  if (typeof value !== 'string' || value.length > RICH_MAX_URL * 2) return null
  let start = 0
  let end = value.length
  while (start < end && value.charCodeAt(start) <= 0x20) start++
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--
  let out = ''
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i)
    if (c === 0x09 || c === 0x0a || c === 0x0d) continue
    if (c === 0x20) out += '%20'
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return null
    else out += value[i]
  }
  if (!out || out.length > RICH_MAX_URL) return null
  const head = out.slice(0, 8).toLowerCase()
  if (head === 'https://') return `https://${out.slice(8)}`
  if (kind === 'link' && head.slice(0, 7) === 'http://') return `http://${out.slice(7)}`
  if (out[0] === '/' && out[1] !== '/' && out[1] !== '\\') return out
  return null
}

function cleanAttr(rule: AttrRule, value: string): string | null {
  switch (rule) {
    case 'link':
      return cleanUrl(value, 'link')
    case 'image':
      return cleanUrl(value, 'image')
    case 'text': {
      let out = ''
      for (let i = 0; i < value.length && out.length < RICH_MAX_TEXT_ATTR; i++) {
        const c = value.charCodeAt(i)
        out += c < 0x20 || c === 0x7f ? ' ' : value[i]
      }
      return out.trim() || null
    }
    case 'count': {
      const v = value.trim()
      if (!v || v.length > 4) return null
      for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) < 0x30 || v.charCodeAt(i) > 0x39) return null
      const n = Number(v)
      return n >= 1 && n <= 4000 ? String(n) : null
    }
    case 'list':
      return value === '1' || value === 'a' || value === 'A' || value === 'i' || value === 'I' ? value : null
  }
}

/**
 * The attributes an element of `name` keeps from `raw`: only those its rule lists, each value
 * checked, plus its fixed ones. `drop` when the element may not be kept at all (an image
 * without a usable src), `unwrap` when only its content may (a link without a usable href).
 */
export function cleanAttrs(
  name: string,
  raw: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, string> | 'drop' | 'unwrap' {
  const rule = tagRule(name)
  if (!rule) return 'drop'
  const out: Record<string, string> = {}
  if (rule.attrs && raw) {
    for (const attr in rule.attrs) {
      if (!hasOwn(rule.attrs, attr) || !hasOwn(raw, attr)) continue
      const value = raw[attr]
      if (typeof value !== 'string') continue
      const clean = cleanAttr(rule.attrs[attr], value)
      if (clean !== null) out[attr] = clean
    }
  }
  if (rule.requires && !hasOwn(out, rule.requires)) return 'drop'
  if (rule.unwrapWithout && !hasOwn(out, rule.unwrapWithout)) return 'unwrap'
  if (rule.fixed) for (const attr in rule.fixed) if (hasOwn(rule.fixed, attr)) out[attr] = rule.fixed[attr]
  return out
}

/** Whether a string is only spaces, tabs and line breaks. */
export function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) return false
  }
  return true
}

/**
 * The tree as it may be shown: every node checked against RICH_TAGS again, by a walk with an
 * explicit stack (no recursion, so any depth is safe). Anything that is not a text node or an
 * element on the list is dropped with its content; attributes are cleaned by cleanAttrs (a link
 * without a usable href keeps its content); elements deeper than RICH_MAX_DEPTH and nodes past
 * RICH_MAX_NODES are dropped; text is always text. Input of any shape (JSON from the network)
 * gives a valid tree.
 */
export function checkRichTree(input: unknown): RichNode[] {
  const root: RichNode[] = []
  if (!Array.isArray(input)) return root
  let count = 0
  // Each frame: the input children still to read, where they go, their depth and their parent's rule.
  const stack: Array<{ items: unknown[]; index: number; out: RichNode[]; depth: number; parent: TagRule | null }> = [
    { items: input, index: 0, out: root, depth: 1, parent: null },
  ]
  while (stack.length) {
    const frame = stack[stack.length - 1]
    if (frame.index >= frame.items.length || count >= RICH_MAX_NODES) {
      stack.pop()
      continue
    }
    const item = frame.items[frame.index++] as Partial<RichElement> & Partial<RichTextNode>
    if (!item || typeof item !== 'object') continue
    if (item.type === 'text') {
      if (typeof item.text !== 'string' || item.text === '') continue
      if (frame.parent?.noText && isBlank(item.text)) continue
      frame.out.push({ type: 'text', text: item.text })
      count++
      continue
    }
    if (item.type !== 'node' || typeof item.name !== 'string') continue
    const rule = tagRule(item.name)
    if (!rule || frame.depth > RICH_MAX_DEPTH) continue
    const attrs = cleanAttrs(item.name, item.attrs && typeof item.attrs === 'object' ? item.attrs : null)
    if (attrs === 'drop') continue
    const children = !rule.empty && Array.isArray(item.children) ? item.children : []
    if (attrs === 'unwrap') {
      // The content takes the element's place, at the same depth.
      if (children.length) stack.push({ items: children, index: 0, out: frame.out, depth: frame.depth, parent: frame.parent })
      continue
    }
    const node: RichElement = { type: 'node', name: item.name }
    if (Object.keys(attrs).length) node.attrs = attrs
    frame.out.push(node)
    count++
    if (children.length) {
      node.children = []
      stack.push({ items: children, index: 0, out: node.children, depth: frame.depth + 1, parent: rule })
    }
  }
  return root
}

/** The text of a tree, in reading order (for a title, a summary, a link's words). */
export function richPlainText(nodes: readonly RichNode[]): string {
  let out = ''
  const stack: RichNode[] = [...nodes].reverse()
  while (stack.length) {
    const node = stack.pop()!
    if (node.type === 'text') out += node.text
    else if (node.children) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i])
  }
  return out
}
