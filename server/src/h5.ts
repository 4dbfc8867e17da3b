import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { match } from 'path-to-regexp'
import { isApiPath } from '@alfa/common/apiPaths'
import type { PublicAnswerer } from './graphql/publicAnswer'
import { acceptedEncoding, compressText } from './graphql/compress'
import { FIRST_ANSWER_ELEMENT_ID, FIRST_ANSWERS_FILE, type FirstAnswer, type FirstAnswerRow } from '@alfa/common/firstAnswer'

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
 * The Content-Security-Policy of the H5 pages. Scripts: the build's own files and the inline
 * scripts of its index.html by hash (nothing else may run), plus WeChat's JS-SDK host for sharing
 * inside WeChat. Styles may be inline (React style attributes). Images may come from any https
 * host (the app itself only uses its API origin and the allow-list: src/services/imageUrl.ts).
 * Frames: the web-iframe page shows allow-listed https pages; the pages themselves may be framed
 * by the product's own origin only (no clickjacking).
 */
export function h5ContentSecurityPolicy(indexHtml: string): string {
  const hashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1])
    .filter((body) => body.trim())
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')} https://res.wx.qq.com https://b.bdstatic.com`.replace(/\s+/g, ' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob: https:",
    "frame-src 'self' https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

/** What the H5 build says each browser path needs (config/plugins/route-chunks.ts writes it). */
export interface RouteChunks {
  /** Files every page asks for at start. */
  shared: string[]
  /**
   * Browser paths (exact ones first, then `:param` patterns) with their page's files; `notFound`
   * marks the app's 页面不存在 page (its catch-all and its own path).
   */
  routes: Array<{ path: string; files: string[]; notFound?: boolean }>
}

export const ROUTE_CHUNKS_FILE = 'route-chunks.json'

const SAFE_FILE = /^(js|css)\/[\w.-]+\.(js|css)$/

/** A page address's answer: the app's HTML, and 404 where the app shows its 页面不存在 page. */
export interface PageAnswer {
  status: 200 | 404
  html: string
}

/**
 * The app's answer for each page address. Its status: 404 for an address the build's route table
 * (route-chunks.json) gives to no screen but the 页面不存在 page (no route, the catch-all, or a
 * malformed one), 200 otherwise, the site root (the home page) always; a build without the table
 * answers 200 (the app still shows its 404 page). Its HTML: index.html with <link rel="preload"> for the files that address's screen
 * needs, so the browser fetches them beside app.js rather than after it has run (Lighthouse: one
 * round trip and app.js's start-up less before the first screen).
 */
export function h5PageAnswers(indexHtml: string, manifest: RouteChunks | null): (pathname: string) => PageAnswer {
  if (!manifest) return () => ({ status: 200, html: indexHtml })
  const canPreload = indexHtml.includes('</head>')
  // Low priority: app.js and the first paint's stylesheet go first (a high-priority preload would
  // take their bandwidth and delay the first paint: Lighthouse FCP 1.3 s → 1.9 s).
  const tag = (file: string) =>
    `<link rel="preload" href="/${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" fetchpriority="low">`
  const rows = manifest.routes.map((r) => ({
    matches: match(r.path, { decode: decodeURIComponent }),
    files: [...r.files, ...manifest.shared].filter((f) => SAFE_FILE.test(f)),
    status: r.notFound === true ? (404 as const) : (200 as const),
  }))
  const pages = new Map<number, string>()
  return (pathname) => {
    let i = -1
    try {
      i = rows.findIndex((r) => r.matches(pathname) !== false)
      // The site root is the home page even in a table without its row (the catch-all matches it).
      if (pathname === '/' && (i < 0 || rows[i].status === 404)) return { status: 200, html: indexHtml }
    } catch {
      // A malformed %-escape in the address: no preloads, the app shows its own 404 page.
    }
    if (i < 0) return { status: 404, html: indexHtml }
    let html = pages.get(i)
    if (!html) {
      html = canPreload ? indexHtml.replace('</head>', `${[...new Set(rows[i].files)].map(tag).join('')}</head>`) : indexHtml
      pages.set(i, html)
    }
    return { status: rows[i].status, html }
  }
}

/** The HTML alone of h5PageAnswers: index.html with the address's preloads. */
export function routePreloads(indexHtml: string, manifest: RouteChunks | null): (pathname: string) => string {
  const answer = h5PageAnswers(indexHtml, manifest)
  return (pathname) => answer(pathname).html
}

/** The build's route-chunks.json, or null (an older build, or none). */
function readRouteChunks(dir: string): RouteChunks | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dir, ROUTE_CHUNKS_FILE), 'utf8')) as RouteChunks
    const valid =
      Array.isArray(parsed.routes) &&
      Array.isArray(parsed.shared) &&
      parsed.routes.every((r) => r && typeof r.path === 'string' && Array.isArray(r.files))
    return valid ? parsed : null
  } catch {
    return null
  }
}

/** How long a page's HTML waits for its first answer unless configured (H5_FIRST_ANSWER_MS); later, the page goes without it (the app asks itself). */
export const FIRST_ANSWER_BUDGET_MS = 300
/** First answers running at once, server-wide; a page asked beyond them goes without (the app asks itself). */
export const FIRST_ANSWERS_RUNNING = 16

/** The build's first-answers.json rows, or none (an older build, or a broken file). */
function readFirstAnswerRows(dir: string): FirstAnswerRow[] {
  try {
    const rows = JSON.parse(fs.readFileSync(path.join(dir, FIRST_ANSWERS_FILE), 'utf8')) as unknown
    if (!Array.isArray(rows)) return []
    return rows.filter(
      (r): r is FirstAnswerRow =>
        !!r &&
        Array.isArray(r.paths) &&
        r.paths.every((p: unknown) => typeof p === 'string') &&
        typeof r.query === 'string' &&
        typeof r.operationName === 'string' &&
        !!r.variables &&
        typeof r.variables === 'object' &&
        Object.values(r.variables).every((v) => typeof v === 'string'),
    )
  } catch {
    return []
  }
}

/** JSON inside <script>: no `<` (so no `</script>` or `<!--`), no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The first answer of a page address, as the element to put in its HTML, or '' when the address
 * has none (no row, a parameter missing, the query failed or took longer than the budget).
 * Variables come from the address's path parameters, else its query string, trimmed.
 */
export function firstAnswerFor(
  rows: FirstAnswerRow[],
  answer: PublicAnswerer,
  budgetMs = FIRST_ANSWER_BUDGET_MS,
  maxRunning = FIRST_ANSWERS_RUNNING,
): (pathname: string, search: URLSearchParams) => Promise<string> {
  const compiled = rows.map((r) => ({ row: r, matchers: r.paths.map((p) => match(p, { decode: decodeURIComponent })) }))
  let running = 0
  return async (pathname, search) => {
    let found: { row: FirstAnswerRow; params: Record<string, unknown> } | null = null
    try {
      for (const c of compiled) {
        for (const m of c.matchers) {
          const hit = m(pathname)
          if (hit) {
            found = { row: c.row, params: hit.params as Record<string, unknown> }
            break
          }
        }
        if (found) break
      }
    } catch {
      return '' // a malformed %-escape: the app shows its own answer
    }
    if (!found) return ''
    const variables: Record<string, string> = {}
    for (const [name, param] of Object.entries(found.row.variables)) {
      const raw = found.params[param] ?? search.get(param)
      const value = typeof raw === 'string' ? raw.trim() : ''
      if (!value) return ''
      variables[name] = value
    }
    // Page requests have no per-address GraphQL limit: a flood of them runs at most this many queries.
    if (running >= maxRunning) return ''
    running++
    const stop = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        stop.abort()
        resolve(null)
      }, budgetMs)
    })
    try {
      const asked = answer(found.row.query, variables, found.row.operationName, stop.signal)
      // Counted until the query itself stops (a late one is cancelled, and ends soon after).
      void asked.then(
        () => running--,
        () => running--,
      )
      const result = await Promise.race([asked, late])
      if (!result || result.errors?.length || result.data == null) return ''
      const payload: FirstAnswer = { query: found.row.query, variables, data: result.data }
      return `<script type="application/json" id="${FIRST_ANSWER_ELEMENT_ID}">${scriptJson(payload)}</script>`
    } catch {
      return ''
    } finally {
      clearTimeout(timer)
    }
  }
}

/** How long the start-up's warm-up may take per first answer. */
const FIRST_ANSWER_WARM_MS = 15_000

/**
 * Runs each row's query once with `sample` values for its route parameters (rows with a parameter
 * it lacks are skipped): a cold first query took over a second (graphql-jit compilation, the
 * database's first statements), longer than a page waits, so the first visitor went without.
 * Resolves with the number of rows that got an answer; never rejects.
 */
export async function warmFirstAnswers(
  rows: FirstAnswerRow[],
  answer: PublicAnswerer,
  sample: Record<string, string>,
  timeoutMs = FIRST_ANSWER_WARM_MS,
): Promise<number> {
  let warmed = 0
  for (const row of rows) {
    const variables: Record<string, string> = {}
    for (const [name, param] of Object.entries(row.variables)) if (sample[param]) variables[name] = sample[param]
    if (Object.keys(variables).length !== Object.keys(row.variables).length) continue
    try {
      const result = await answer(row.query, variables, row.operationName, AbortSignal.timeout(timeoutMs))
      if (result && !result.errors?.length && result.data != null) warmed++
    } catch {
      // A failed warm-up costs only the first visitor's answer.
    }
  }
  return warmed
}

/** Headers of every H5 page (and the index.html file itself). */
export function h5SecurityHeaders(indexHtml: string): Record<string, string> {
  return {
    'content-security-policy': h5ContentSecurityPolicy(indexHtml),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
    // frame-ancestors' counterpart for browsers without CSP level 2.
    'x-frame-options': 'SAMEORIGIN',
  }
}

/**
 * Serves the H5 build with browser-style routes: files by their path (hashed assets cached for
 * a year), and every other page address answered with the app, which routes it itself: 200 for
 * the addresses of its screens, 404 for those of its 页面不存在 page (h5PageAnswers). Anything
 * else, API paths first, is a JSON 404 'Route not found'.
 */
export async function h5Plugin(
  app: FastifyInstance,
  opts: {
    dir: string
    answer?: PublicAnswerer
    firstAnswerBudgetMs?: number
    /** Route parameter values (e.g. a fund code that exists) the first answers are warmed with as the server starts. */
    warmSample?: () => Promise<Record<string, string>>
  },
) {
  const indexFile = path.join(opts.dir, 'index.html')
  const built = fs.existsSync(indexFile)
  const indexHtml = built ? fs.readFileSync(indexFile, 'utf8') : ''
  const pageHeaders = built ? h5SecurityHeaders(indexHtml) : {}
  const pageAnswer = h5PageAnswers(indexHtml, built ? readRouteChunks(opts.dir) : null)
  const firstRows = built && opts.answer && opts.firstAnswerBudgetMs !== 0 ? readFirstAnswerRows(opts.dir) : []
  const firstAnswer = opts.answer && firstRows.length ? firstAnswerFor(firstRows, opts.answer, opts.firstAnswerBudgetMs) : null
  if (firstAnswer && opts.answer && opts.warmSample) {
    const { answer, warmSample } = opts
    // Before the server listens: the first visitor's page gets its answer within the budget too.
    app.addHook('onReady', async () => {
      const sample = await warmSample().catch(() => ({}))
      const warmed = await warmFirstAnswers(firstRows, answer, sample)
      app.log.info({ warmed, rows: firstRows.length }, 'H5 first answers warmed')
    })
  }
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
        res.setHeader('x-content-type-options', 'nosniff')
        if (/\.(js|css|html)(\.br|\.gz)?$/.test(file)) res.setHeader('vary', 'accept-encoding')
        if (file.endsWith('.html')) for (const [k, v] of Object.entries(pageHeaders)) res.setHeader(k, v)
      },
    })
  } else {
    app.log.warn({ dir: opts.dir }, 'H5 build not found: run `npm run build:h5`')
  }

  /** The pages without a first answer, compressed once per encoding (one HTML per route's preloads: a bounded set), by their hash. */
  const compressed = new Map<string, Buffer>()
  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isPageRequest(req)) return reply.code(404).send(ROUTE_NOT_FOUND)
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send('H5 前端尚未构建：请先运行 npm run build:h5')
    }
    const q = req.url.indexOf('?')
    const pathname = q < 0 ? req.url : req.url.slice(0, q)
    const search = q < 0 ? '' : req.url.slice(q + 1)
    const { status, html } = pageAnswer(pathname)
    // The screen's first answer in the page (a GET of a screen that has one): no second round trip before it renders.
    const first = status === 200 && req.method === 'GET' && firstAnswer ? await firstAnswer(pathname, new URLSearchParams(search)) : ''
    const body = first ? (html.includes('</body>') ? html.replace('</body>', `${first}</body>`) : html + first) : html
    reply
      .code(status)
      .headers(pageHeaders)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
    // Compressed: the page carries the entry's stylesheets (config/plugins/inline-css.ts) and maybe a first answer.
    const encoding = acceptedEncoding(req.headers['accept-encoding'])
    if (!encoding) return reply.send(body)
    const key = first ? '' : `${encoding} ${createHash('sha1').update(body).digest('base64')}`
    let packed = key ? compressed.get(key) : undefined
    if (!packed) {
      packed = compressText(body, encoding)
      if (key) compressed.set(key, packed)
    }
    return reply.header('content-encoding', encoding).send(packed)
  })
}
