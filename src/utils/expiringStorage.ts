/** A stored value with its deadline: `expired` is an epoch-millisecond deadline (spec section 3). */
export interface Envelope<T> {
  expired: number
  data: T
}

/** The key-value store underneath (Taro storage, localStorage or a fake). */
export interface KeyValueBackend {
  get(key: string): unknown
  set(key: string, value: unknown): void
  remove(key: string): void
}

export interface ExpiringStorage {
  set<T>(key: string, data: T, ttlMs: number): void
  /** The value, or null when missing, malformed or past its deadline (then it is also removed). */
  get<T>(key: string): T | null
  remove(key: string): void
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Envelope<unknown>).expired === 'number' && 'data' in value
}

/** Auto-expiring values: dropped on read when past their deadline (spec section 4). */
export function createExpiringStorage(backend: KeyValueBackend, now: () => number = Date.now): ExpiringStorage {
  return {
    set(key, data, ttlMs) {
      backend.set(key, JSON.stringify({ expired: now() + ttlMs, data }))
    },
    get<T>(key: string): T | null {
      const raw = backend.get(key)
      if (raw === null || raw === undefined || raw === '') return null
      let value: unknown = raw
      if (typeof raw === 'string') {
        try {
          value = JSON.parse(raw)
        } catch {
          value = null
        }
      }
      if (!isEnvelope(value) || value.expired <= now()) {
        backend.remove(key)
        return null
      }
      return value.data as T
    },
    remove(key) {
      backend.remove(key)
    },
  }
}
