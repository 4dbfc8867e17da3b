import type { Database } from '../db'
import type { TokenCheck } from '../account/tokens'
import type { LiveHub } from '../live/hub'
import { unauthenticated } from '../paging'
import { loadFunds, type Fund } from '../fund/data'

export type Broker = '0008' | '0009'

/** Per-request state handed to every resolver. */
export interface GraphQLContext {
  database: Database
  broker: Broker
  auth: TokenCheck
  live: LiveHub
  /** Per-request memo: the same query is run once per request. */
  memo<T>(key: string, run: () => Promise<T>): Promise<T>
  fund(code: string): Promise<Fund | undefined>
}

export function createContext(database: Database, broker: Broker, auth: TokenCheck, live: LiveHub): GraphQLContext {
  const cache = new Map<string, Promise<unknown>>()
  const memo = <T>(key: string, run: () => Promise<T>) => {
    let p = cache.get(key) as Promise<T> | undefined
    if (!p) cache.set(key, (p = run()))
    return p
  }
  // Fund look-ups of one tick are batched into one query.
  type Waiter = { resolve: (f: Fund | undefined) => void; reject: (err: unknown) => void }
  let pending: Map<string, Waiter[]> | null = null
  const fund = (code: string) =>
    memo(
      `fund:${code}`,
      () =>
        new Promise<Fund | undefined>((resolve, reject) => {
          if (!pending) {
            const batch = (pending = new Map<string, Waiter[]>())
            Promise.resolve().then(() =>
              process.nextTick(() => {
                pending = null
                loadFunds(database, [...batch.keys()]).then(
                  (found) => batch.forEach((waiters, k) => waiters.forEach((w) => w.resolve(found.get(k)))),
                  (err) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(err))),
                )
              }),
            )
          }
          const list = pending.get(code) ?? []
          list.push({ resolve, reject })
          pending.set(code, list)
        }),
    )
  return { database, broker, auth, live, memo, fund }
}

/** The user id, or UNAUTHENTICATED. */
export function requireUser(ctx: GraphQLContext): string {
  if (ctx.auth.status !== 'valid') throw unauthenticated()
  return ctx.auth.userId
}

/** The user id, null when anonymous, UNAUTHENTICATED when a token is present but bad. */
export function optionalUser(ctx: GraphQLContext): string | null {
  if (ctx.auth.status === 'none') return null
  if (ctx.auth.status === 'invalid') throw unauthenticated()
  return ctx.auth.userId
}
