import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { WebSocketServer, type WebSocket } from 'ws'
import { verifySign } from '../../../src/utils/sign'
import { apiRoot } from '../../../src/utils/apiPaths'
import type { LiveHub } from './hub'

export const LIVE_SOCKET_PATH = /^\/alfa\/v1\/live\/([^/?]{1,64})\/ws$/
export const SOCKET_HEARTBEAT_MS = 25_000

function refuse(socket: Duplex, status: number, msg: string) {
  const body = JSON.stringify({ code: status, msg })
  const reason = status === 404 ? 'Not Found' : 'Bad Request'
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`)
}

/**
 * New live comments over WebSocket, for mini-programs (Taro.connectSocket, which can set headers)
 * and browsers (which cannot: x-sign and x-broker may come as query parameters).
 * GET /alfa/v1/live/{liveId}/ws → messages {"type":"comment","comment":{...}}. Receive-only:
 * comments are posted with GraphQL postLiveComment or POST /live/{liveId}/comments.
 */
export function attachLiveSocket(app: FastifyInstance, live: LiveHub, signRequired: boolean) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 })
  const clients = new Set<WebSocket>()

  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const match = LIVE_SOCKET_PATH.exec(url.pathname)
    if (!match || !url.pathname.startsWith(apiRoot())) return refuse(socket, 404, 'Route not found')
    const liveId = decodeURIComponent(match[1])
    const broker = (req.headers['x-broker'] as string | undefined) ?? url.searchParams.get('x-broker')
    if (signRequired) {
      if (broker !== '0008' && broker !== '0009') return refuse(socket, 400, 'x-broker header must be 0008 or 0009')
      const sign = verifySign((req.headers['x-sign'] as string | undefined) ?? url.searchParams.get('x-sign'))
      if (!sign.ok) return refuse(socket, 400, sign.reason)
    }
    live.streamExists(liveId).then((exists) => {
      if (!exists) return refuse(socket, 404, '直播不存在')
      wss.handleUpgrade(req, socket, head, (ws) => {
        clients.add(ws)
        let alive = true
        ws.on('pong', () => (alive = true))
        const heartbeat = setInterval(() => {
          if (!alive) return ws.terminate()
          alive = false
          ws.ping()
        }, SOCKET_HEARTBEAT_MS)
        const unsubscribe = live.subscribe(liveId, (comment) => ws.send(JSON.stringify({ type: 'comment', comment })))
        ws.on('message', () => {}) // receive-only
        ws.on('close', () => {
          clearInterval(heartbeat)
          unsubscribe()
          clients.delete(ws)
        })
        ws.send(JSON.stringify({ type: 'ready', liveId }))
      })
    }, () => refuse(socket, 400, 'live stream lookup failed'))
  })

  app.addHook('preClose', async () => {
    for (const ws of clients) ws.close(1001, 'server shutting down')
    wss.close()
  })
}
