import zlib from 'node:zlib'

/**
 * What the server compresses itself (issue #24): H5 pages that carry a first answer and the GraphQL
 * fast path's JSON answers. Brotli at a quick level, since both are compressed per request.
 */
export type Encoding = 'br' | 'gzip'

/** The encoding an answer goes out in: br, else gzip, when the request's Accept-Encoding takes it (a q of 0 refuses), else none. */
export function acceptedEncoding(acceptEncoding: string | undefined): Encoding | null {
  const taken = new Set<string>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name)
  }
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : null
}

/** A text compressed for the wire (about 0.3 ms for a 26 KB answer at these levels). */
export function compressText(text: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(text, { level: 6 })
}
