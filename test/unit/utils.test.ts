import { addRecent, RECENT_MAX } from '@/utils/recent'
import { createExpiringStorage, type KeyValueBackend } from '@/utils/expiringStorage'

describe('recent-items list: an item with the same id (whitespace removed) moves to the front', () => {
  it('moves an existing id instead of duplicating it', () => {
    const list = [{ id: 'A' }, { id: '000001' }, { id: 'B' }]
    expect(addRecent(list, { id: ' 000 001 ' }).map((x) => x.id)).toEqual(['000001', 'A', 'B'])
  })
  it('puts a new id first', () => {
    expect(addRecent([{ id: 'A' }], { id: 'B' }).map((x) => x.id)).toEqual(['B', 'A'])
  })
  it('does not change the list it was given', () => {
    const list = [{ id: 'A' }]
    addRecent(list, { id: 'B' })
    expect(list).toEqual([{ id: 'A' }])
  })
})

describe('recent-items list is cut to a maximum length (default 10)', () => {
  it('keeps 10 by default', () => {
    let list: { id: string }[] = []
    for (let i = 0; i < 15; i += 1) list = addRecent(list, { id: String(i) })
    expect(RECENT_MAX).toBe(10)
    expect(list).toHaveLength(10)
    expect(list[0].id).toBe('14')
    expect(list[9].id).toBe('5')
  })
  it('takes another maximum', () => {
    expect(addRecent([{ id: 'A' }, { id: 'B' }], { id: 'C' }, 2).map((x) => x.id)).toEqual(['C', 'A'])
  })
})

function memoryBackend(): KeyValueBackend & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return { data, get: (k) => data.get(k) ?? '', set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) }
}

describe('stored auto-expiring values are dropped on read when past their deadline', () => {
  it('stores the {expired, data} envelope', () => {
    const backend = memoryBackend()
    createExpiringStorage(backend, () => 1000).set('k', 'v', 500)
    expect(JSON.parse(backend.data.get('k') as string)).toEqual({ expired: 1500, data: 'v' })
  })
  it('returns the value before its deadline', () => {
    let now = 1000
    const storage = createExpiringStorage(memoryBackend(), () => now)
    storage.set('k', { a: 1 }, 500)
    now = 1499
    expect(storage.get('k')).toEqual({ a: 1 })
  })
  it('drops it at and after the deadline', () => {
    let now = 1000
    const backend = memoryBackend()
    const storage = createExpiringStorage(backend, () => now)
    storage.set('k', 'v', 500)
    now = 1500
    expect(storage.get('k')).toBeNull()
    expect(backend.data.has('k')).toBe(false)
  })
  it('drops malformed entries', () => {
    const backend = memoryBackend()
    backend.data.set('k', 'not json')
    expect(createExpiringStorage(backend).get('k')).toBeNull()
    expect(backend.data.has('k')).toBe(false)
  })
})

describe('UTF-8 without TextEncoder', () => {
  it('matches Node for ASCII, CJK and astral characters', () => {
    const { utf8Bytes } = jest.requireActual<typeof import('@/utils/utf8')>('@/utils/utf8')
    for (const s of ['abc', '基金 /alfa?x=1', '😀é']) expect(Array.from(utf8Bytes(s))).toEqual(Array.from(Buffer.from(s, 'utf8')))
  })
})
