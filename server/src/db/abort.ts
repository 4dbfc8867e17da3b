import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The request a query is made for (carried through every await by AsyncLocalStorage, so resolvers
 * and Kysely need not pass it on): once its signal aborts (the GraphQL time budget ran out, or the
 * client went away) no new query of that request starts, so the resolvers still to run fail fast
 * instead of holding the database for an answer nobody will read.
 */
export interface QueryScope {
  signal: AbortSignal
  /** PostgreSQL's statement_timeout for this request's queries (a query already running is cancelled by the server). */
  statementTimeoutMs: number
  /**
   * Counts the SQL statements the work sends (session settings aside), when given: a measurement
   * (server/test/statements.test.ts, the bench) passes one in and a request's scope inherits it.
   */
  statements?: { count: number; rows?: number }
  /** Answers memoised for this request only (memoInRequest): a look-up several resolvers need runs once. */
  memo?: Map<string, Promise<unknown>>
}

const scope = new AsyncLocalStorage<QueryScope>()

/** A query refused because its request was cancelled. */
export class QueryAborted extends Error {
  constructor() {
    super('query not started: its request was cancelled (time budget or client gone)')
    this.name = 'QueryAborted'
  }
}

/** Runs `work` with every query it makes bound to `s`. */
export function runInQueryScope<T>(s: QueryScope, work: () => T): T {
  return scope.run(s, work)
}

/** The scope of the running work, if it is a request's. */
export function currentQueryScope(): QueryScope | undefined {
  return scope.getStore()
}

/**
 * Runs `work` bound to no request: for work shared by several requests (a per-process cache being
 * built), which must not fail for all of them because the request that happened to start it ended.
 */
export function outsideQueryScope<T>(work: () => T): T {
  return scope.exit(work)
}

/**
 * `run` once per request for `key` (the request's query scope holds the answer; never shared between
 * requests, so nothing goes stale); outside a request it simply runs.
 */
export function memoInRequest<T>(key: string, run: () => Promise<T>): Promise<T> {
  const memo = scope.getStore()?.memo
  if (!memo) return run()
  let p = memo.get(key) as Promise<T> | undefined
  if (!p) memo.set(key, (p = run()))
  return p
}

/** Gives `key` its answer for the rest of this request when a statement read it with something else (no-op outside a request). */
export function primeInRequest<T>(key: string, value: T): void {
  const memo = scope.getStore()?.memo
  if (memo && !memo.has(key)) memo.set(key, Promise.resolve(value))
}

/** Throws QueryAborted when the running request was cancelled; a rollback always runs (it ends a transaction already begun). */
export function checkQueryScope(sql: string): void {
  const s = scope.getStore()
  if (!s) return
  if (s.signal.aborted && !/^\s*rollback\b/i.test(sql)) throw new QueryAborted()
  if (s.statements && sql && !/^\s*set\s/i.test(sql)) s.statements.count++
}

/** Adds the rows a statement answered to the running measurement's count (statements.rows), if any. */
export function countRows(rows: number): void {
  const counter = scope.getStore()?.statements
  if (counter) counter.rows = (counter.rows ?? 0) + rows
}
