import type { KeyValueBackend } from '@/utils/expiringStorage'
import { hostStorage } from './storage'

/** How much the answer cache keeps: entries, characters of JSON in all, and the age of an answer. */
export interface AnswerCacheLimits {
  entries: number
  /** An answer longer than a quarter of this is not kept. */
  chars: number
  maxAgeMs: number
}

export const ANSWER_CACHE_LIMITS: AnswerCacheLimits = { entries: 40, chars: 1000000, maxAgeMs: 7 * 24 * 3600 * 1000 }

/** Storage key of the index: the app's code version and [key, characters, saved at] rows, least recently used first. */
export const ANSWER_INDEX_KEY = 'alfa_answers'
/** Answers kept by another version of the app are dropped unread: their shape may differ (set by the build). */
export const ANSWER_CODE_VERSION = process.env.ALFA_CODE_VERSION || ''
export const ANSWER_KEY_PREFIX = 'alfa_answer:'

type Row = [key: string, chars: number, savedAt: number]
interface Index {
  v: string
  rows: Row[]
}

/**
 * The last good answer of each screen, so a revisit shows it at once (stale-while-revalidate).
 * It is also how screens hear of each other's edits: every key has a version that each change of
 * its answer raises, and a screen showing an older version reads the key again (hooks/remote.ts).
 */
export interface AnswerCache {
  /** The answer kept under `key` (it becomes the most recently used), or null. */
  get<T>(key: string): T | null
  /** How many times the answer under `key` changed in this run of the app (kept, replaced or dropped). */
  version(key: string): number
  /** How long ago (ms) the answer under `key` was kept, or null when none is. */
  age(key: string): number | null
  /** Keeps an answer; the least recently used ones go while over the limits. */
  set(key: string, data: unknown): void
  remove(key: string): void
  /** Forgets every user's answers (logout). */
  clearUsers(): void
  clear(): void
}

/** A user's answers are kept under their id, so no other user ever reads them. */
export function userAnswerKey(userId: string, key: string): string {
  return `@${userId}:${key}`
}

const isUserKey = (key: string) => key.charAt(0) === '@'

/** An answer cache on a key-value store: one storage key per answer, plus the index. */
export function createAnswerCache(
  backend: KeyValueBackend,
  limits: AnswerCacheLimits = ANSWER_CACHE_LIMITS,
  now: () => number = Date.now,
  version: string = ANSWER_CODE_VERSION,
): AnswerCache {
  // In memory: a version says what this run of the app changed, not what is on disk.
  const versions = new Map<string, number>()
  const changed = (key: string) => void versions.set(key, (versions.get(key) ?? 0) + 1)
  const write = (rows: Row[]) => {
    const index: Index = { v: version, rows }
    backend.set(ANSWER_INDEX_KEY, JSON.stringify(index))
  }
  const read = (): Row[] => {
    const raw = backend.get(ANSWER_INDEX_KEY)
    let index: Partial<Index> | null = null
    try {
      index = (typeof raw === 'string' ? (raw ? JSON.parse(raw) : null) : raw) as Partial<Index> | null
    } catch {
      // A damaged index keeps nothing.
    }
    const rows = index && Array.isArray(index.rows) ? index.rows : []
    if (index && index.v === version) return rows
    // Another version's answers (or a damaged index): dropped unread.
    for (const r of rows) if (Array.isArray(r)) backend.remove(ANSWER_KEY_PREFIX + r[0])
    if (index) write([])
    return []
  }
  const removeWhere = (drop: (key: string) => boolean) => {
    write(
      read().filter((r) => {
        if (!drop(r[0])) return true
        backend.remove(ANSWER_KEY_PREFIX + r[0])
        changed(r[0])
        return false
      }),
    )
  }

  return {
    get<T>(key: string): T | null {
      const rows = read()
      const i = rows.findIndex((r) => r[0] === key)
      if (i < 0) return null
      const row = rows.splice(i, 1)[0]
      const raw = row[2] + limits.maxAgeMs > now() ? backend.get(ANSWER_KEY_PREFIX + key) : null
      let data: T | null = null
      try {
        data = typeof raw === 'string' && raw ? (JSON.parse(raw) as T) : null
      } catch {
        // A damaged entry is dropped below.
      }
      if (data === null) backend.remove(ANSWER_KEY_PREFIX + key)
      else rows.push(row)
      write(rows)
      return data
    },
    version(key) {
      return versions.get(key) ?? 0
    },
    age(key) {
      const row = read().find((r) => r[0] === key)
      return row ? now() - row[2] : null
    },
    set(key, data) {
      const text = JSON.stringify(data)
      const rows = read().filter((r) => r[0] !== key)
      changed(key)
      if (text === undefined || text.length > limits.chars / 4) {
        backend.remove(ANSWER_KEY_PREFIX + key)
        write(rows)
        return
      }
      rows.push([key, text.length, now()])
      let total = rows.reduce((n, r) => n + r[1], 0)
      while (rows.length > limits.entries || total > limits.chars) {
        const old = rows.shift() as Row
        total -= old[1]
        backend.remove(ANSWER_KEY_PREFIX + old[0])
      }
      backend.set(ANSWER_KEY_PREFIX + key, text)
      write(rows)
    },
    remove(key) {
      removeWhere((k) => k === key)
    },
    clearUsers() {
      removeWhere(isUserKey)
    },
    clear() {
      removeWhere(() => true)
    },
  }
}

/** The app's answer cache on the host's storage (localStorage on H5, the mini-program's storage). */
export const answerCache = createAnswerCache(hostStorage)
