import { IMAGE_STYLE } from '@alfa/common/richText'
import { bodyPieces, toMiniProgramNode, type BodyPiece, type MiniProgramNode } from '@/features/content/article/richNodes'
import { DEVICE_READS_KEY, MAX_DEVICE_READS, ReadMarks } from '@/features/content/readMarks'

/**
 * The article body on the mini-programs (rich-text nodes, links as tappable pieces), the
 * addresses that are articles, and the read marks' merge of server, session and device.
 */

const resolveImage = (src: string) => (src.startsWith('/') ? `https://api.example.com${src}` : src.startsWith('https://') ? src : null)

function names(nodes: MiniProgramNode[]): string[] {
  const out: string[] = []
  const stack = [...nodes]
  while (stack.length) {
    const n = stack.shift()!
    if (n.name) out.push(n.name)
    if (n.children) stack.push(...n.children)
  }
  return out
}

describe('mini-program body: rich-text nodes from the checked tree', () => {
  const body = [
    { type: 'node', name: 'h2', children: [{ type: 'text', text: 'A & B <b>' }] },
    { type: 'node', name: 'script', children: [{ type: 'text', text: 'alert(1)' }] },
    { type: 'node', name: 'p', attrs: { onclick: 'x()', class: 'evil' }, children: [{ type: 'text', text: '段落' }] },
    { type: 'node', name: 'pre', children: [{ type: 'text', text: 'code' }] },
    { type: 'node', name: 'img', attrs: { src: '/alfa/static/a.png', alt: '图' } },
    { type: 'node', name: 'img', attrs: { src: 'data:image/png;base64,AAAA' } },
    {
      type: 'node',
      name: 'p',
      children: [
        { type: 'text', text: '见 ' },
        { type: 'node', name: 'a', attrs: { href: 'https://www.alfa.example/learn' }, children: [{ type: 'text', text: '学堂' }] },
        { type: 'node', name: 'a', attrs: { href: 'javascript:alert(1)' }, children: [{ type: 'text', text: '坏' }] },
      ],
    },
  ]

  it('runs without links are rich-text nodes: known tags, a class per tag, text escaped, images resolved', () => {
    const pieces = bodyPieces(body, resolveImage)
    const first = pieces[0] as Extract<BodyPiece, { kind: 'rich' }>
    expect(first.kind).toBe('rich')
    expect(names(first.nodes)).toEqual(['h2', 'p', 'div', 'img'])
    expect(first.nodes[0]).toEqual({
      name: 'h2',
      attrs: { class: 'alfa-rich__h2' },
      children: [{ type: 'text', text: 'A &amp; B &lt;b&gt;' }],
    })
    expect(first.nodes[1].attrs).toEqual({ class: 'alfa-rich__p' })
    expect(first.nodes[2].attrs).toEqual({ class: 'alfa-rich__pre' })
    expect(first.nodes[3].attrs).toEqual({
      class: 'alfa-rich__img',
      src: 'https://api.example.com/alfa/static/a.png',
      alt: '图',
      loading: 'lazy',
      style: IMAGE_STYLE,
    })
  })

  it('an element holding a link is a box of runs and tappable links; a refused link keeps only its words', () => {
    const pieces = bodyPieces(body, resolveImage)
    expect(pieces[1]).toEqual({
      kind: 'box',
      name: 'p',
      pieces: [
        { kind: 'rich', nodes: [{ type: 'text', text: '见 ' }] },
        { kind: 'link', href: 'https://www.alfa.example/learn', text: '学堂' },
        { kind: 'rich', nodes: [{ type: 'text', text: '坏' }] },
      ],
    })
    expect(pieces).toHaveLength(2)
  })

  it('a link’s href never goes into rich-text nodes', () => {
    expect(toMiniProgramNode({ type: 'node', name: 'a', attrs: { href: 'https://x.example' }, children: [] }, resolveImage)).toEqual({
      name: 'a',
      attrs: { class: 'alfa-rich__a' },
      children: [],
    })
  })

  it('anything that is not a tree gives nothing', () => {
    expect(bodyPieces(null, resolveImage)).toEqual([])
    expect(bodyPieces('<script>alert(1)</script>', resolveImage)).toEqual([])
  })
})

describe('read marks: server, session and device merged', () => {
  const storage = () => {
    const kept = new Map<string, unknown>()
    return {
      kept,
      backend: {
        get: (k: string) => kept.get(k) ?? null,
        set: (k: string, v: unknown) => void kept.set(k, v),
        remove: (k: string) => void kept.delete(k),
      },
    }
  }

  it('anonymous: kept on the device, and read again by a new start', async () => {
    const { kept, backend } = storage()
    const marks = new ReadMarks({ storage: backend, isLogin: () => false, markOnServer: jest.fn() })
    await marks.markRead('A1')
    expect(kept.get(DEVICE_READS_KEY)).toEqual(['A1'])
    expect(new ReadMarks({ storage: backend, isLogin: () => false, markOnServer: jest.fn() }).isRead('A1')).toBe(true)
    expect(marks.isRead('A2')).toBe(false)
    expect(marks.isRead('A2', true)).toBe(true)
  })

  it('signed in: told to the server, shown at once; kept on the device only when the server could not be told', async () => {
    const { kept, backend } = storage()
    const markOnServer = jest.fn().mockResolvedValueOnce({}).mockRejectedValueOnce(new Error('offline'))
    const marks = new ReadMarks({ storage: backend, isLogin: () => true, markOnServer })
    await marks.markRead('A1')
    expect(markOnServer).toHaveBeenCalledWith('A1')
    expect(marks.isRead('A1')).toBe(true)
    expect(kept.get(DEVICE_READS_KEY)).toBeUndefined()
    await marks.markRead('A2')
    expect(kept.get(DEVICE_READS_KEY)).toEqual(['A2'])
    marks.forgetSession()
    expect(marks.isRead('A1')).toBe(false)
    expect(marks.isRead('A2')).toBe(true)
  })

  it('the device keeps the latest marks only, each once', () => {
    const { kept, backend } = storage()
    const marks = new ReadMarks({ storage: backend, isLogin: () => false, markOnServer: jest.fn() })
    for (let i = 0; i < MAX_DEVICE_READS + 5; i++) marks.remember(`A${i}`)
    marks.remember('A10')
    const stored = kept.get(DEVICE_READS_KEY) as string[]
    expect(stored).toHaveLength(MAX_DEVICE_READS)
    expect(stored[stored.length - 1]).toBe('A10')
    expect(stored.filter((id) => id === 'A10')).toHaveLength(1)
    expect(marks.isRead('A0')).toBe(false)
    // Whatever else the storage holds is not taken for marks.
    kept.set(DEVICE_READS_KEY, { not: 'a list' })
    expect(new ReadMarks({ storage: backend, isLogin: () => false, markOnServer: jest.fn() }).device).toEqual([])
  })
})
