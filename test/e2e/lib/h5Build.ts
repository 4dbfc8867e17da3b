import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './paths'

/**
 * The H5 build the browser tests run against.
 *
 * `dist/h5` is rebuilt only when it is missing or older than a source file, under a lock file so
 * that two test runs (or a test run and another engineer using the same lock) do not build at
 * once. The tests then serve a private copy, so a rebuild started elsewhere mid-run cannot pull
 * files out from under the browser.
 *
 * Environment:
 *   E2E_H5_DIR=<dir>   serve this build as it is (no staleness check, no build)
 *   E2E_SKIP_BUILD=1   never build; use dist/h5 even when it looks stale
 */
export const DIST_H5 = path.join(ROOT, 'dist', 'h5')
// The same lock every engineer's manual builds take (flock /tmp/build.lock npm run build:…).
export const BUILD_LOCK = path.join(os.tmpdir(), 'build.lock')

/** Everything that goes into the H5 build. */
// package-lock.json rather than package.json: a new npm script must not force a rebuild.
const INPUTS = ['src', 'config', 'types', 'package-lock.json', 'babel.config.js', 'tsconfig.json', 'project.config.json']

function newestMtime(p: string): number {
  let st: fs.Stats
  try {
    st = fs.statSync(p)
  } catch {
    return 0
  }
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)))
  return newest
}

/** Why dist/h5 must be rebuilt, or null when it is up to date. */
export function staleReason(dir = DIST_H5): string | null {
  const index = path.join(dir, 'index.html')
  if (!fs.existsSync(index)) return `${path.relative(ROOT, index)} is missing`
  const built = fs.statSync(index).mtimeMs
  for (const input of INPUTS) {
    const t = newestMtime(path.join(ROOT, input))
    if (t > built) return `${input} changed after the last build`
  }
  return null
}

/** Builds dist/h5 when stale (this module run directly, under the lock, does the building). */
export function ensureH5Build(log: (line: string) => void = () => undefined): string {
  if (process.env.E2E_H5_DIR) return path.resolve(process.env.E2E_H5_DIR)
  if (process.env.E2E_SKIP_BUILD === '1') return DIST_H5
  const reason = staleReason()
  if (!reason) return DIST_H5
  log(`building H5 (${reason}); waiting for ${BUILD_LOCK}`)
  // Re-checked inside the lock: whoever held it may just have built.
  const res = spawnSync('flock', [BUILD_LOCK, process.execPath, '--import', 'tsx', __filename, '--build'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (res.status !== 0) {
    throw new Error(`H5 build failed (exit ${res.status}):\n${(res.stdout ?? '').slice(-4000)}\n${(res.stderr ?? '').slice(-4000)}`)
  }
  log(res.stdout.trim().split('\n').slice(-1)[0] ?? 'built')
  return DIST_H5
}

/** Copies a build to a private folder; checks that every asset index.html names is there. */
export function snapshotBuild(dir: string, into: string): string {
  fs.cpSync(dir, into, { recursive: true })
  const html = fs.readFileSync(path.join(into, 'index.html'), 'utf8')
  const assets = [...html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)].map((m) => m[1])
  const missing = assets.filter((a) => !fs.existsSync(path.join(into, a)))
  if (missing.length) throw new Error(`the H5 build in ${dir} is incomplete (a build is running?): missing ${missing.join(', ')}`)
  return into
}

// `node --import tsx test/e2e/lib/h5Build.ts --build`: build now if still stale (run under the lock).
if (require.main === module && process.argv.includes('--build')) {
  const reason = staleReason()
  if (!reason) {
    console.log('dist/h5 was built meanwhile')
  } else {
    const res = spawnSync('npx', ['taro', 'build', '--type', 'h5'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (res.status !== 0) process.exit(res.status ?? 1)
    console.log('dist/h5 built')
  }
}
