import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ROUTE_NOT_FOUND } from './h5'

/** URL prefix of the server's own static files (not an API path: no x-sign, no x-broker). */
export const STATIC_PREFIX = '/alfa/static'
/** The committed demo images (server/static/demo/v1/**, made by server/static/generate-demo-images.mjs). */
export const DEMO_STATIC_DIR = path.resolve(__dirname, '..', 'static', 'demo')

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
}

interface StaticFile {
  body: Buffer
  type: string
  etag: string
}

/** Every image under `dir`, keyed by its path relative to `dir` with `/` separators. */
export function loadStaticFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  if (!fs.existsSync(dir)) return files
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const type = TYPES[path.extname(entry.name).toLowerCase()]
    if (!type) continue
    const full = path.join(entry.parentPath, entry.name)
    const body = fs.readFileSync(full)
    const key = path.relative(dir, full).split(path.sep).join('/')
    files.set(key, { body, type, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"` })
  }
  return files
}

/**
 * GET/HEAD /alfa/static/demo/<version>/<file>: the demo images, from memory (under 1 MB in all).
 * Only names found when the server started are answered (a map lookup, so `..`, encoded dots and
 * absolute paths cannot reach another file); anything else under /alfa/static is 404 'Route not
 * found'. Files live in versioned folders and never change, so they are cached for a year, immutable.
 */
export async function staticPlugin(app: FastifyInstance, opts: { dir?: string } = {}) {
  const files = loadStaticFiles(opts.dir ?? DEMO_STATIC_DIR)
  app.get(`${STATIC_PREFIX}/demo/*`, async (req, reply) => {
    const name = (req.params as { '*': string })['*']
    const file = files.get(name)
    if (!file) return reply.code(404).send(ROUTE_NOT_FOUND)
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', file.etag)
      .header('x-content-type-options', 'nosniff')
      .header('access-control-allow-origin', '*')
      .type(file.type)
    if (req.headers['if-none-match'] === file.etag) return reply.code(304).send()
    return reply.send(file.body)
  })
}
