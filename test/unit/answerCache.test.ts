import Taro from '@tarojs/taro'
import {
  ANSWER_INDEX_KEY,
  ANSWER_KEY_PREFIX,
  answerCache,
  createAnswerCache,
  userAnswerKey,
  type AnswerCacheLimits,
} from '@/services/answerCache'
import { user } from '@/services/user'
import type { KeyValueBackend } from '@/utils/expiringStorage'
import { liveToken } from '../support/services'

/** A key-value store in a Map, as the host's storage holds strings. */
function memoryBackend() {
  const map = new Map<string, unknown>()
  const backend: KeyValueBackend = {
    get: (k) => (map.has(k) ? map.get(k) : ''),
    set: (k, v) => void map.set(k, v),
    remove: (k) => void map.delete(k),
  }
  return { map, backend, answers: () => [...map.keys()].filter((k) => k.startsWith(ANSWER_KEY_PREFIX)).sort() }
}

const LIMITS: AnswerCacheLimits = { entries: 3, chars: 400, maxAgeMs: 1000 }

function setup(limits = LIMITS) {
  let now = 0
  const mem = memoryBackend()
  const cache = createAnswerCache(mem.backend, limits, () => now)
  return { ...mem, cache, tick: (ms: number) => (now += ms) }
}

describe('the answer cache is bounded', () => {
  it('keeps at most N answers; the least recently used goes first (a read counts as a use)', () => {
    const { cache, answers } = setup()
    cache.set('a', 'A')
    cache.set('b', 'B')
    cache.set('c', 'C')
    expect(cache.get('a')).toBe('A')
    cache.set('d', 'D')
    expect([cache.get('b'), cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([null, 'A', 'C', 'D'])
    expect(answers()).toEqual(['a', 'c', 'd'].map((k) => ANSWER_KEY_PREFIX + k))
  })

  it('keeps at most the character cap in all, dropping the oldest; an answer over a quarter of it is not kept', () => {
    const { cache, answers } = setup({ ...LIMITS, entries: 10 })
    const answer = 'x'.repeat(90) // 92 characters of JSON
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, answer)
    cache.set('e', answer) // 5 x 92 > 400
    expect(answers()).toEqual(['b', 'c', 'd', 'e'].map((k) => ANSWER_KEY_PREFIX + k))
    cache.set('b', 'x'.repeat(101)) // 103 > 400 / 4: not kept, and the older answer of b goes too
    expect(cache.get('b')).toBeNull()
    expect(answers()).toEqual(['c', 'd', 'e'].map((k) => ANSWER_KEY_PREFIX + k))
  })

  it('says how long ago an answer was kept (a replacement starts again), null for none', () => {
    const { cache, tick } = setup()
    expect(cache.age('a')).toBeNull()
    cache.set('a', [1])
    tick(300)
    expect(cache.age('a')).toBe(300)
    cache.set('a', [2])
    tick(20)
    expect(cache.age('a')).toBe(20)
    cache.remove('a')
    expect(cache.age('a')).toBeNull()
  })

  it('forgets an answer older than the age limit', () => {
    const { cache, tick, answers } = setup()
    cache.set('a', [1])
    tick(999)
    expect(cache.get('a')).toEqual([1])
    tick(2)
    expect(cache.get('a')).toBeNull()
    expect(answers()).toEqual([])
  })

  it('answers kept by another version of the app are dropped unread (their shape may differ)', () => {
    const mem = memoryBackend()
    createAnswerCache(mem.backend, LIMITS, () => 0, 'v1').set('fundDetail:000001', { fundName: '甲' })
    const next = createAnswerCache(mem.backend, LIMITS, () => 0, 'v2')
    expect(next.get('fundDetail:000001')).toBeNull()
    expect(mem.answers()).toEqual([])
    next.set('fundDetail:000001', { fundName: '甲', nav: '1.0000' })
    expect(next.get('fundDetail:000001')).toEqual({ fundName: '甲', nav: '1.0000' })
  })

  it('a damaged entry or index reads as nothing kept', () => {
    const { cache, map } = setup()
    cache.set('a', { v: 1 })
    map.set(ANSWER_KEY_PREFIX + 'a', '{not json')
    expect(cache.get('a')).toBeNull()
    map.set(ANSWER_INDEX_KEY, 'garbage')
    expect(cache.get('a')).toBeNull()
    cache.set('b', 2)
    expect(cache.get('b')).toBe(2)
  })
})

describe('the answer cache is per user and forgets users on logout', () => {
  it('a user answer lives under the user id; clearUsers drops every user answer and keeps public ones', () => {
    const { cache, answers } = setup({ ...LIMITS, entries: 10 })
    cache.set(userAnswerKey('u1', 'favourites'), ['A'])
    cache.set(userAnswerKey('u2', 'favourites'), ['B'])
    cache.set('fundDetail:000001', { fundName: '甲' })
    expect(cache.get(userAnswerKey('u2', 'favourites'))).toEqual(['B'])
    expect(cache.get(userAnswerKey('u3', 'favourites'))).toBeNull()
    cache.clearUsers()
    expect(answers()).toEqual([`${ANSWER_KEY_PREFIX}fundDetail:000001`])
  })

  it('logout (or a 401) removes user answers from the host storage', () => {
    user.restore(liveToken('u1'))
    answerCache.set(userAnswerKey('u1', 'favourites'), ['A'])
    answerCache.set('glossary', ['term'])
    expect(Taro.getStorageSync(`${ANSWER_KEY_PREFIX}@u1:favourites`)).toBeTruthy()
    user.logout()
    expect(Taro.getStorageSync(`${ANSWER_KEY_PREFIX}@u1:favourites`)).toBeFalsy()
    expect(answerCache.get(userAnswerKey('u1', 'favourites'))).toBeNull()
    expect(answerCache.get('glossary')).toEqual(['term'])
  })
})

describe('every key has a version that each change of its answer raises (how screens hear of each other’s edits)', () => {
  it('keeping, replacing and dropping an answer raise it; reading does not', () => {
    const { cache } = setup()
    expect(cache.version('a')).toBe(0)
    cache.set('a', ['x'])
    cache.set('a', ['y'])
    expect(cache.version('a')).toBe(2)
    cache.get('a')
    expect(cache.version('a')).toBe(2)
    cache.remove('a')
    expect(cache.version('a')).toBe(3)
    cache.remove('a')
    expect([cache.version('a'), cache.version('b')]).toEqual([3, 0])
  })

  it('an answer too long to keep still counts as a change; clear and clearUsers raise what they drop', () => {
    const { cache } = setup({ ...LIMITS, entries: 10 })
    cache.set('big', 'x'.repeat(200))
    expect([cache.get('big'), cache.version('big')]).toEqual([null, 1])
    cache.set(userAnswerKey('u1', 'favourites'), ['A'])
    cache.set('glossary', ['term'])
    cache.clearUsers()
    expect([cache.version(userAnswerKey('u1', 'favourites')), cache.version('glossary')]).toEqual([2, 1])
    cache.clear()
    expect(cache.version('glossary')).toBe(2)
  })
})
