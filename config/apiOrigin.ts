/** The API server's default port (server/src/config.ts PORT), for local builds. */
export const LOCAL_API_ORIGIN = 'http://127.0.0.1:3000'

/**
 * The origin a build calls the API at. H5 calls its own origin (''). A mini-program needs an
 * absolute origin: a development build (NODE_ENV=development) defaults to the local server so
 * that QA can open dist/weapp in WeChat devtools against `npm start`; a production build without
 * ALFA_API_ORIGIN fails here, with what to set, rather than produce a package whose every call
 * goes to a relative path that the real hosts refuse.
 */
export function apiOriginFor(target: string, env: { NODE_ENV?: string; ALFA_API_ORIGIN?: string }): string {
  if (target === 'h5') return ''
  const given = env.ALFA_API_ORIGIN?.trim()
  if (!given) {
    if (env.NODE_ENV !== 'production') return LOCAL_API_ORIGIN
    throw new Error(
      `ALFA_API_ORIGIN is not set: the ${target} build must know the API server's origin, e.g.\n` +
        `  ALFA_API_ORIGIN=https://api.example.com npm run build:${target}\n` +
        `For WeChat or Baidu devtools against a local server (npm start) use npm run build:${target}:local (${LOCAL_API_ORIGIN}).`,
    )
  }
  let url: URL
  try {
    url = new URL(given)
  } catch {
    throw new Error(`ALFA_API_ORIGIN=${given} is not an absolute URL (e.g. https://api.example.com)`)
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost'
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(`ALFA_API_ORIGIN=${given}: mini-programs may only call https origins (http only on this machine for devtools)`)
  if (url.pathname !== '/' || url.search || url.hash) throw new Error(`ALFA_API_ORIGIN=${given} must be an origin only, without a path`)
  return url.origin
}
