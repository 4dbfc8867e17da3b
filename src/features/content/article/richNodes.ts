import { checkRichTree, MINI_PROGRAM_TAG, type RichElement, type RichNode } from '@alfa/common/richText'

/** A node of a mini-program `rich-text` (the same shape; `class` added for the page's styles). */
export interface MiniProgramNode {
  type?: 'node' | 'text'
  name?: string
  attrs?: Record<string, string>
  children?: MiniProgramNode[]
  text?: string
}

/**
 * What the mini-programs show, piece by piece: `rich-text` runs for everything without a link (its
 * nodes ignore taps), and each link as a tappable piece of its own; an element that holds a
 * link becomes a box of such pieces.
 */
export type BodyPiece =
  | { kind: 'rich'; nodes: MiniProgramNode[] }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'box'; name: string; pieces: BodyPiece[] }

/** rich-text reads entities in text: a text's own `&` and `<` must stay text. */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
}

function hasLink(node: RichNode): boolean {
  const stack: RichNode[] = [node]
  while (stack.length) {
    const n = stack.pop()!
    if (n.type === 'node') {
      if (n.name === 'a') return true
      if (n.children) stack.push(...n.children)
    }
  }
  return false
}

function textOf(node: RichNode): string {
  if (node.type === 'text') return node.text
  return (node.children ?? []).map(textOf).join('')
}

/**
 * One checked node as rich-text nodes: tags a mini-program does not know shown by one it does,
 * images through `resolveImage` (the app's image rules; an image it refuses is left out), text
 * escaped, and a class per tag for the page's styles. A link's href is not carried: rich-text
 * cannot open it (links are pieces of their own).
 */
export function toMiniProgramNode(node: RichNode, resolveImage: (src: string) => string | null): MiniProgramNode | null {
  if (node.type === 'text') return { type: 'text', text: escapeText(node.text) }
  const attrs: Record<string, string> = { class: `alfa-rich__${node.name}` }
  for (const [k, v] of Object.entries(node.attrs ?? {})) if (k !== 'href') attrs[k] = v
  if (node.name === 'img') {
    const src = resolveImage(node.attrs?.src ?? '')
    if (!src) return null
    attrs.src = src
  }
  const out: MiniProgramNode = { name: MINI_PROGRAM_TAG[node.name] ?? node.name, attrs }
  if (node.children)
    out.children = node.children.map((c) => toMiniProgramNode(c, resolveImage)).filter((c): c is MiniProgramNode => c !== null)
  return out
}

/**
 * The body as mini-program pieces: the server's tree checked again against the allow-list
 * (checkRichTree), then cut into rich-text runs and tappable links.
 */
export function bodyPieces(body: unknown, resolveImage: (src: string) => string | null): BodyPiece[] {
  return piecesOf(checkRichTree(body), resolveImage)
}

function piecesOf(nodes: RichNode[], resolveImage: (src: string) => string | null): BodyPiece[] {
  const pieces: BodyPiece[] = []
  let run: MiniProgramNode[] = []
  const flush = () => {
    if (run.length) pieces.push({ kind: 'rich', nodes: run })
    run = []
  }
  for (const node of nodes) {
    if (!hasLink(node)) {
      const converted = toMiniProgramNode(node, resolveImage)
      if (converted) run.push(converted)
      continue
    }
    flush()
    const element = node as RichElement
    if (element.name === 'a') pieces.push({ kind: 'link', href: element.attrs?.href ?? '', text: textOf(element) })
    else pieces.push({ kind: 'box', name: element.name, pieces: piecesOf(element.children ?? [], resolveImage) })
  }
  flush()
  return pieces
}
