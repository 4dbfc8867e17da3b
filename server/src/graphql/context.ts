import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../db'
import { memoInRequest } from '../db/abort'
import { unauthenticated } from './errors'

// The core knows the login check and the live hub as the request and the instance are decorated with them (security.ts, plugins.ts), not their domains.
type TokenCheck = Awaited<ReturnType<FastifyRequest['auth']>>
type LiveHub = FastifyInstance['live']

export type Broker = '0008' | '0009'

/** Per-request state the core hands to every resolver (the domains' loaders and settings come on top: server/src/context.ts). */
export interface CoreContext {
  database: Database
  broker: Broker
  auth: TokenCheck
  live: LiveHub
  /** Per-request memo: the same query is run once per request (the request's query scope holds it: memoInRequest). */
  memo<T>(key: string, run: () => Promise<T>): Promise<T>
}

/** A domain's batch look-up: the keys asked for in one tick → what was found, by key. */
export type BatchLoad<V> = (database: Database, keys: string[]) => Promise<Map<string, V>>

/** The batch look-ups a composition root gives the core, by the context field they become. */
export type Loaders = Record<string, BatchLoad<unknown>>

/** The context of a set of loaders (each a per-request `field(key)`, batched and memoised) and of the composition root's settings. */
export type ContextOf<L extends Loaders, S extends object = object> = CoreContext & { settings: S } & {
  [K in keyof L]: L[K] extends BatchLoad<infer V> ? (key: string) => Promise<V | undefined> : never
}

/** Look-ups of one tick are batched into one call of `load`; each key once per request (through memo). */
function batched<V>(memo: CoreContext['memo'], name: string, load: (keys: string[]) => Promise<Map<string, V>>) {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (err: unknown) => void }
  let pending: Map<string, Waiter[]> | null = null
  return (key: string) =>
    memo(
      `${name}:${key}`,
      () =>
        new Promise<V | undefined>((resolve, reject) => {
          if (!pending) {
            const batch = (pending = new Map<string, Waiter[]>())
            void Promise.resolve().then(() =>
              process.nextTick(() => {
                pending = null
                load([...batch.keys()]).then(
                  (found) => batch.forEach((waiters, k) => waiters.forEach((w) => w.resolve(found.get(k)))),
                  (err: unknown) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(err))),
                )
              }),
            )
          }
          const list = pending.get(key) ?? []
          list.push({ resolve, reject })
          pending.set(key, list)
        }),
    )
}

export function createContext<L extends Loaders, S extends object>(
  loaders: L,
  settings: S,
  database: Database,
  broker: Broker,
  auth: TokenCheck,
  live: LiveHub,
): ContextOf<L, S> {
  // The request's own memo (db/abort.ts), which the data layer uses too: one per-request memo, not two.
  const core: CoreContext = { database, broker, auth, live, memo: memoInRequest }
  const fields = Object.fromEntries(
    Object.entries(loaders).map(([name, load]) => [name, batched(memoInRequest, name, (keys) => load(database, keys))]),
  )
  return { ...core, settings, ...fields } as ContextOf<L, S>
}

/** The user id, or UNAUTHENTICATED. */
export function requireUser(ctx: CoreContext): string {
  if (ctx.auth.status !== 'valid') throw unauthenticated()
  return ctx.auth.userId
}

/** The user id, null when anonymous, UNAUTHENTICATED when a token is present but bad. */
export function optionalUser(ctx: CoreContext): string | null {
  if (ctx.auth.status === 'none') return null
  if (ctx.auth.status === 'invalid') throw unauthenticated()
  return ctx.auth.userId
}
