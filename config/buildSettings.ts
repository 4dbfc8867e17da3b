/**
 * Build-time settings that decide where a build talks to and which hosts are the main brand.
 * Pure functions of the environment, so they are unit-tested (test/unit/buildSettings.test.ts)
 * and config/index.ts only passes process.env in.
 */

/** The API server's default port (server/src/config.ts PORT), which `npm start` listens on. */
export const DEFAULT_SERVER_PORT = 3000
/** Main-brand hosts of development builds. */
export const DEV_MAIN_HOSTS: readonly string[] = ['localhost', '127.0.0.1']

export type BuildTarget = 'weapp' | 'swan' | 'h5'

export interface ApiOriginInput {
  target: BuildTarget
  /** NODE_ENV of the build: 'production' for npm run build:*, 'development' for dev:*. */
  nodeEnv: string | undefined
  /** ALFA_API_ORIGIN as given. */
  apiOrigin: string | undefined
  /** PORT, when the local server runs on another one. */
  port?: string | undefined
}

export class BuildSettingError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BuildSettingError'
  }
}

/**
 * The API origin a build calls. H5 calls its own origin (''). A mini-program needs an absolute
 * origin: ALFA_API_ORIGIN (http or https, no path); a production build without it fails, since
 * relative paths fail in the real hosts; a development build defaults to the local server.
 */
export function apiOriginFor({ target, nodeEnv, apiOrigin, port }: ApiOriginInput): string {
  if (target === 'h5') return ''
  const given = apiOrigin?.trim()
  if (given) {
    let url: URL
    try {
      url = new URL(given)
    } catch {
      throw new BuildSettingError(`ALFA_API_ORIGIN must be an absolute http(s) origin such as https://api.example.com, not "${given}"`)
    }
    if (!/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
      throw new BuildSettingError(`ALFA_API_ORIGIN must be an origin only (scheme, host and port, no path), not "${given}"`)
    return url.origin
  }
  if (nodeEnv === 'production')
    throw new BuildSettingError(
      `ALFA_API_ORIGIN is not set: a production ${target} build needs the API server's origin, ` +
        `e.g. ALFA_API_ORIGIN=https://api.example.com npm run build:${target}. ` +
        `For a build against the local server use npm run dev:${target} (http://127.0.0.1:${DEFAULT_SERVER_PORT}).`,
    )
  const p = port?.trim() || String(DEFAULT_SERVER_PORT)
  if (!/^\d{1,5}$/.test(p)) throw new BuildSettingError(`PORT must be a number, not "${p}"`)
  return `http://127.0.0.1:${p}`
}

/**
 * The main-brand hosts (ALFA_MAIN_HOSTS, comma-separated; `host` or `host:port`), lower-case;
 * the development default is localhost and 127.0.0.1.
 */
export function mainHostsFor(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
  for (const h of hosts) {
    if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(h))
      throw new BuildSettingError(`ALFA_MAIN_HOSTS holds host names (optionally with :port), comma-separated; "${h}" is not one`)
  }
  return hosts.length ? hosts : [...DEV_MAIN_HOSTS]
}

/**
 * Hosts the demo data links to: `alfa.example` (a reserved name that never resolves, so nothing
 * real is opened) and the App Store (the download pages' iOS link).
 */
export const DEMO_EXTERNAL_HOSTS: readonly string[] = ['alfa.example', 'apps.apple.com']

/**
 * The hosts besides the product's own that links may open (ALFA_EXTERNAL_HOSTS, comma-separated
 * host names; each allows its subdomains too), lower-case; by default the demo data's.
 */
export function externalHostsFor(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/^\.+/, ''))
    .filter(Boolean)
  for (const h of hosts) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h))
      throw new BuildSettingError(`ALFA_EXTERNAL_HOSTS holds host names such as partner.example, comma-separated; "${h}" is not one`)
  }
  return hosts.length ? hosts : [...DEMO_EXTERNAL_HOSTS]
}
