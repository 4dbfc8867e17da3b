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
  let pending: Map<string, Array<(f: Fund | undefined) => void>> | null = null
  const fund = (code: string) =>
    memo(`fund:${code}`, () => new Promise<Fund | undefined>((resolve, reject) => {
      if (!pending) {
        const batch = (pending = new Map())
        Promise.resolve().then(() => process.nextTick(() => {
          pending = null
          loadFunds(database, [...batch.keys()]).then((found) => {
            for (const [k, waiters] of batch) waiters.forEach((w: (f: Fund | undefined) => void) => w(found.get(k)))
          }, reject)
        }))
      }
      const list = pending.get(code) ?? []
      list.push(resolve)
      pending.set(code, list)
    }))
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
