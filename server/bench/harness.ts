// What the API and scale benchmarks share: the bench server in its own process, a keep-alive
// client sending exactly the app's headers, multipart (@defer) answers merged back into one JSON,
// and a closed-loop load with req/s, p50 and p99.
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createSign } from '@alfa/common/sign'
import { GRAPHQL_ACCEPT } from '@alfa/common/apiPaths'

export const DOCUMENTS = path.join(__dirname, '..', '..', 'src', 'services', 'generated', 'documents')

/** The app's document text for an operation, as codegen wrote it (fragments included), as statements.test.ts reads it. */
export function appDocument(name: string): string {
  const text = fs.readFileSync(path.join(DOCUMENTS, `${name}Document.ts`), 'utf8')
  const m = /new TypedDocumentString\(`([\s\S]*?)`/.exec(text)
  if (!m) throw new Error(`no document in ${name}Document.ts`)
  return m[1]
}

export interface Target {
  name: string
  method: 'GET' | 'POST'
  path: string | (() => string)
  body?: string | (() => string)
  headers?: Record<string, string> | (() => Record<string, string>)
}

const value = <T>(v: T | (() => T)): T => (typeof v === 'function' ? (v as () => T)() : v)

export function client(connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const request = (base: URL, t: Target): Promise<{ status: number; body: string; type: string }> =>
    new Promise((resolve, reject) => {
      const body = t.body === undefined ? undefined : value(t.body)
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: value(t.path),
          method: t.method,
          agent,
          headers: {
            'x-sign': createSign(),
            'x-broker': '0008',
            // Exactly the app's header (services/graphql.ts): multipart/mixed first, then JSON.
            accept: GRAPHQL_ACCEPT,
            ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
            ...(t.headers ? value(t.headers) : {}),
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (c) => (text += c))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, type: String(res.headers['content-type'] ?? '') }))
        },
      )
      req.on('error', reject)
      req.end(body)
    })

  /** Closed loop: `connections` clients each sending the next request when the last one is answered. */
  async function load(base: URL, t: Target, seconds: number) {
    const latencies: number[] = []
    const end = Date.now() + seconds * 1000
    let errors = 0
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          const t0 = process.hrtime.bigint()
          const res = await request(base, t).catch(() => ({ status: 0 }))
          if (res.status !== 200) errors++
          latencies.push(Number(process.hrtime.bigint() - t0) / 1e6)
        }
      }),
    )
    return { latencies, seconds, errors }
  }
  return { request, load, close: () => agent.destroy() }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN

/** One JSON answer from a GraphQL response: a multipart (@defer) answer's increments merged into its first part. */
export function graphqlJson(res: { body: string; type: string }): { data?: Record<string, unknown>; errors?: unknown[] } {
  if (!res.type.startsWith('multipart/mixed')) return JSON.parse(res.body)
  const parts = res.body
    .split(/\r\n---/)
    .map((p) => p.slice(p.indexOf('\r\n\r\n') + 4).trim())
    .filter((p) => p.startsWith('{'))
    .map((p) => JSON.parse(p) as Record<string, unknown>)
  const [first, ...rest] = parts
  const result = { ...first } as { data?: Record<string, unknown>; errors?: unknown[]; hasNext?: boolean }
  delete result.hasNext
  for (const part of rest)
    for (const inc of (part.incremental as Array<{ data?: Record<string, unknown>; path: Array<string | number>; errors?: unknown[] }>) ??
      []) {
      let at: Record<string, unknown> = result.data!
      for (const key of inc.path) at = at[key] as Record<string, unknown>
      Object.assign(at, inc.data)
      if (inc.errors) result.errors = [...(result.errors ?? []), ...inc.errors]
    }
  return result
}

/** The bench server (server.ts) in its own process with `env` on top of ours; resolves with its address. */
export async function startBenchServer(env: Record<string, string>): Promise<{ address: URL; child: ChildProcess; stop(): Promise<void> }> {
  const child = fork(path.join(__dirname, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench: the server did not start within 10 minutes')), 600_000)
    child.once('message', (m: { address: string }) => (clearTimeout(timer), resolve(m.address)))
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`bench server exited with ${code}`))))
  })
  return {
    address: new URL(address),
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.send('stop')
      }),
  }
}
