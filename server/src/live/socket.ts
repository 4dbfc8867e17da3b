import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { WebSocketServer, type WebSocket } from 'ws'
import { verifySign } from '@alfa/common/sign'
import { apiRoot } from '@alfa/common/apiPaths'
import type { ConnectionLimiter } from './connections'
import type { LiveHub } from './hub'

export const LIVE_SOCKET_PATH = /^\/alfa\/v1\/live\/([^/?]{1,64})\/ws$/
export const SOCKET_HEARTBEAT_MS = 25_000

const REASONS: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 429: 'Too Many Requests', 503: 'Service Unavailable' }

function refuse(socket: Duplex, status: number, msg: string) {
  if (socket.destroyed) return
  const body = JSON.stringify({ code: status, msg })
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}

/** The live id of an upgrade's request target, or the status and message to refuse it with. */
export function socketTarget(target: string | undefined): { liveId: string; query: URLSearchParams } | { status: number; msg: string } {
  let url: URL
  try {
    // Origin-form targets only (/alfa/v1/live/…); an absolute or malformed target is refused.
    if (!target?.startsWith('/')) return { status: 400, msg: 'Bad request target' }
    url = new URL(target, 'http://localhost')
  } catch {
    return { status: 400, msg: 'Bad request target' }
  }
  const match = LIVE_SOCKET_PATH.exec(url.pathname)
  if (!match || !url.pathname.startsWith(apiRoot())) return { status: 404, msg: 'Route not found' }
  try {
    return { liveId: decodeURIComponent(match[1]), query: url.searchParams }
  } catch {
    return { status: 400, msg: 'liveId is not valid percent-encoding' }
  }
}

/**
 * New live comments over WebSocket, for mini-programs (Taro.connectSocket, which can set headers)
 * and browsers (which cannot: x-sign and x-broker may come as query parameters).
 * GET /alfa/v1/live/{liveId}/ws → messages {"type":"comment","comment":{...}}. Receive-only:
 * comments are posted with GraphQL postLiveComment or POST /live/{liveId}/comments. Nothing a
 * client sends can throw out of here: bad targets are refused, socket errors close the socket.
 */
export function attachLiveSocket(app: FastifyInstance, live: LiveHub, signRequired: boolean, limiter: ConnectionLimiter) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 })
  const clients = new Set<WebSocket>()

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    try {
      const target = socketTarget(req.url)
      if ('status' in target) return refuse(socket, target.status, target.msg)
      const { liveId, query } = target
      const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined)
      const broker = header('x-broker') ?? query.get('x-broker')
      if (signRequired) {
        if (broker !== '0008' && broker !== '0009') return refuse(socket, 400, '请求缺少有效的渠道标识（x-broker 应为 0008 或 0009）')
        const sign = verifySign(header('x-sign') ?? query.get('x-sign') ?? undefined)
        if (!sign.ok) return refuse(socket, 400, sign.reason)
      }
      live.streamExists(liveId).then(
        (exists) => {
          if (!exists) return refuse(socket, 404, '直播不存在')
          if (socket.destroyed) return
          const release = limiter.acquire(req.socket.remoteAddress ?? '')
          if (typeof release !== 'function') return refuse(socket, 429, release.refused)
          try {
            wss.handleUpgrade(req, socket, head, (ws) => serve(ws, liveId, release))
          } catch (err) {
            release()
            app.log.warn({ err: (err as Error).message }, 'live socket upgrade failed')
            socket.destroy()
          }
        },
        () => refuse(socket, 503, '直播暂时不可用，请稍后再试'),
      )
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'live socket upgrade refused')
      refuse(socket, 400, 'Bad request')
    }
  })

  function serve(ws: WebSocket, liveId: string, release: () => void) {
    clients.add(ws)
    let alive = true
    ws.on('pong', () => (alive = true))
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate()
      alive = false
      ws.ping()
    }, SOCKET_HEARTBEAT_MS)
    const lifetime = setTimeout(() => ws.close(1001, 'reconnect'), limiter.caps.maxLifetimeMs)
    const unsubscribe = live.subscribe(liveId, (comment) => ws.send(JSON.stringify({ type: 'comment', comment })))
    ws.on('message', () => {}) // receive-only
    // A message over maxPayload, a bad frame or a reset connection: close this socket, nothing else.
    ws.on('error', () => ws.terminate())
    ws.on('close', () => {
      clearInterval(heartbeat)
      clearTimeout(lifetime)
      unsubscribe()
      clients.delete(ws)
      release()
    })
    ws.send(JSON.stringify({ type: 'ready', liveId }))
  }

  app.addHook('preClose', async () => {
    for (const ws of clients) ws.close(1001, 'server shutting down')
    wss.close()
  })
}
