import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { ROUTE_NOT_FOUND } from './h5'

/** URL prefix of the server's own static files (not an API path: no x-sign, no x-broker). */
export const STATIC_PREFIX = '/alfa/static'
/** The committed demo images and lesson videos (server/static/demo/v1/**, made by server/static/generate-demo-*.mjs). */
export const DEMO_STATIC_DIR = path.resolve(__dirname, '..', 'static', 'demo')

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
}

interface StaticFile {
  body: Buffer
  type: string
  etag: string
}

/** Every image and video under `dir`, keyed by its path relative to `dir` with `/` separators. */
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
 * The byte range a `Range` header asks of a file of `size` bytes: null to send it whole (no header,
 * another unit, several ranges, or a malformed one, which RFC 9110 lets a server ignore),
 * 'unsatisfiable' when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header?.trim() ?? '')
  if (!m || (!m[1] && !m[2])) return null
  // "bytes=-N": the last N bytes.
  if (!m[1]) return Number(m[2]) === 0 ? 'unsatisfiable' : { start: Math.max(0, size - Number(m[2])), end: size - 1 }
  const start = Number(m[1])
  if (start >= size) return 'unsatisfiable'
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1
  return end < start ? null : { start, end }
}

/**
 * GET/HEAD /alfa/static/demo/<version>/<file>: the demo images and lesson videos, from memory
 * (under 1 MB in all). A `Range` request is answered 206 with that part (a video player seeks by
 * asking for byte ranges; without them it cannot jump to where a lesson stopped), 416 past the end.
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
    reply.header('accept-ranges', 'bytes')
    const range = byteRange(req.headers.range, file.body.length)
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.body.length}`).send()
    if (range) {
      reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.body.length}`)
      return reply.send(file.body.subarray(range.start, range.end + 1))
    }
    return reply.send(file.body)
  })
}
