import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isApiPath } from '../../src/utils/apiPaths'

/** The body of every 404 that is not an H5 page. */
export const ROUTE_NOT_FOUND = { code: 404, msg: 'Route not found' }

/** A request the H5 app answers: a page address (no file extension) fetched as a document. */
function isPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const pathname = req.url.split('?')[0]
  if (isApiPath(pathname)) return false
  const last = pathname.slice(pathname.lastIndexOf('/') + 1)
  return !/\.[a-z0-9]+$/i.test(last) || last.endsWith('.html')
}

/**
 * Serves the H5 build with browser-style routes: files by their path (hashed assets cached for
 * a year), and every other page address answered with the app, which routes it itself (its own
 * 404 page included). Anything else, API paths first, is a JSON 404 'Route not found'.
 */
export async function h5Plugin(app: FastifyInstance, opts: { dir: string }) {
  const indexFile = path.join(opts.dir, 'index.html')
  const built = fs.existsSync(indexFile)
  if (built) {
    await app.register(fastifyStatic, {
      root: opts.dir,
      index: 'index.html',
      cacheControl: false,
      wildcard: true,
      // The build writes .br and .gz beside its JS and CSS (compression-webpack-plugin in config/index.ts); they go to
      // browsers that accept them (Lighthouse: uncompressed JS cost the home page about 1.6 s of LCP).
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = /[.-][0-9a-f]{8}\.(js|css)(\.br|\.gz)?$/.test(file)
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
        if (/\.(js|css)(\.br|\.gz)?$/.test(file)) res.setHeader('vary', 'accept-encoding')
      },
    })
  } else {
    app.log.warn({ dir: opts.dir }, 'H5 build not found: run `npm run build:h5`')
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isPageRequest(req)) return reply.code(404).send(ROUTE_NOT_FOUND)
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send('H5 前端尚未构建：请先运行 npm run build:h5')
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile))
  })
}
