// The type alone, so that h5.ts (and the browser tests that read it) need not load the GraphQL plugin.
/**
 * Runs a public query as an anonymous visitor of the main brand (the request path's guard and fast
 * path): its result, or null when it cannot run it so. The H5 pages' first answers (server/src/h5.ts).
 */
export type PublicAnswerer = (
  query: string,
  variables: Record<string, unknown>,
  operationName: string,
  signal: AbortSignal,
) => Promise<{ data?: unknown; errors?: readonly unknown[] } | null>
