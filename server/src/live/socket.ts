import { ServerResponse, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { WebSocketServer, type WebSocket } from 'ws'
import { apiRoot } from '@alfa/common/apiPaths'
import { httpError } from '../http'
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
export function socketTarget(target: string | undefined): { liveId: string } | { status: number; msg: string } {
  // Origin-form targets only (/alfa/v1/live/…); an absolute or malformed target is refused.
  if (!target?.startsWith('/')) return { status: 400, msg: 'Bad request target' }
  // The path as the router will see it (not normalised), so no other route is reached.
  const path = target.split('?', 1)[0]
  const match = LIVE_SOCKET_PATH.exec(path)
  if (!match || !path.startsWith(apiRoot())) return { status: 404, msg: 'Route not found' }
  try {
    return { liveId: decodeURIComponent(match[1]) }
  } catch {
    return { status: 400, msg: 'liveId is not valid percent-encoding' }
  }
}

/** What is wrong with an upgrade's WebSocket handshake headers (checked before any other work), if anything. */
export function handshakeProblem(req: IncomingMessage): string | undefined {
  const upgrade = req.headers.upgrade
  if (typeof upgrade !== 'string' || upgrade.toLowerCase() !== 'websocket') return '请求头 Upgrade 应为 websocket'
  const key = req.headers['sec-websocket-key']
  if (typeof key !== 'string' || !/^[+/0-9A-Za-z]{22}==$/.test(key)) return '请求头 Sec-WebSocket-Key 无效'
  const version = req.headers['sec-websocket-version']
  if (version !== '13' && version !== '8') return '请求头 Sec-WebSocket-Version 应为 13'
  return undefined
}

/** An upgrade on its way through the router to the live socket route, the only one that takes it over. */
interface PendingUpgrade {
  socket: Duplex
  head: Buffer
  res: ServerResponse
}
const pending = new WeakMap<IncomingMessage, PendingUpgrade>()

/**
 * New live comments over WebSocket, for mini-programs (Taro.connectSocket, which can set headers)
 * and browsers (which cannot: x-sign and x-broker may come as query parameters).
 * GET /alfa/v1/live/{liveId}/ws[?lastEventId=] → {"type":"ready"}, the comments after lastEventId if
 * given, then {"type":"comment","comment":{...}} as they come, and {"type":"removed","commentId"}
 * when an operator removes one. Receive-only: comments are posted with
 * GraphQL postLiveComment or POST /live/{liveId}/comments.
 *
 * An upgrade goes through the router like any request, so the same hooks check it as the event
 * stream (x-sign, control characters, the liveId's schema) and the same client address (`req.ip`,
 * TRUST_PROXY) is counted against the caps. Nothing a client sends can throw out of here.
 */
export function attachLiveSocket(app: FastifyInstance, live: LiveHub, limiter: ConnectionLimiter) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 })
  const clients = new Set<WebSocket>()

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    try {
      const target = socketTarget(req.url)
      if ('status' in target) return refuse(socket, target.status, target.msg)
      const problem = handshakeProblem(req)
      if (problem) return refuse(socket, 400, problem)
      // Whatever the route answers instead of taking the socket over is written as an HTTP answer that closes it.
      const res = new ServerResponse(req)
      res.shouldKeepAlive = false
      res.assignSocket(socket as Socket)
      res.on('finish', () => socket.end())
      pending.set(req, { socket, head, res })
      app.routing(req, res)
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, 'live socket upgrade refused')
      refuse(socket, 400, 'Bad request')
    }
  })

  /** The route's handler: takes a checked upgrade over (or answers why not). */
  async function accept(req: FastifyRequest<{ Params: { liveId: string }; Querystring: { lastEventId?: unknown } }>, reply: FastifyReply) {
    const upgrade = pending.get(req.raw)
    if (!upgrade) throw httpError.upgradeRequired('请使用 WebSocket 连接')
    const { liveId } = req.params
    let exists: boolean
    try {
      exists = await live.streamExists(liveId)
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'live socket: stream lookup failed')
      throw httpError.serviceUnavailable('直播暂时不可用，请稍后再试')
    }
    if (!exists) throw httpError.notFound('直播不存在')
    const release = limiter.acquire(req.ip)
    if (typeof release !== 'function') throw httpError.tooManyRequests(release.refused)
    reply.hijack()
    const { socket, head, res } = upgrade
    res.detachSocket(socket as Socket)
    // However the handshake ends (ws refusing it, the client gone), the slot comes back with the socket.
    socket.once('close', release)
    if (socket.destroyed) return release()
    const lastId = typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined
    try {
      wss.handleUpgrade(req.raw, socket, head, (ws) => serve(ws, liveId, lastId, release))
    } catch (err) {
      release()
      req.log.warn({ err: (err as Error).message }, 'live socket upgrade failed')
      socket.destroy()
    }
  }

  function serve(ws: WebSocket, liveId: string, lastId: string | undefined, release: () => void) {
    clients.add(ws)
    let alive = true
    ws.on('pong', () => (alive = true))
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate()
      alive = false
      ws.ping()
    }, SOCKET_HEARTBEAT_MS)
    const lifetime = setTimeout(() => ws.close(1001, 'reconnect'), limiter.caps.maxLifetimeMs)
    ws.send(JSON.stringify({ type: 'ready', liveId }))
    const { unsubscribe } = live.follow(
      liveId,
      lastId,
      (comment) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'comment', comment }))
      },
      (commentId) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'removed', liveId, commentId }))
      },
    )
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
  }

  app.addHook('preClose', async () => {
    for (const ws of clients) ws.close(1001, 'server shutting down')
    wss.close()
  })

  return accept
}
