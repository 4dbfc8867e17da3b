import Taro from '@tarojs/taro'
import { apiRoot } from '@alfa/common/apiPaths'
import { createSign } from '@alfa/common/sign'
import { brokerOf } from './brand'
import { serverNow } from './clock'
import { parseFeedEvent, type FeedTransport } from './liveFeedEvents'
import { API_ORIGIN } from './request'

/** The stream's WebSocket on the API server (ws:// or wss:// as the API origin is http:// or https://). */
export function socketUrl(liveId: string, lastEventId: string | null): string {
  const origin = API_ORIGIN.replace(/^http/i, 'ws')
  return `${origin}${apiRoot()}/live/${encodeURIComponent(liveId)}/ws${lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : ''}`
}

/** The headers of the socket's handshake: signed like every API call. */
export function socketHeader(now: number = serverNow()): Record<string, string> {
  return { 'x-sign': createSign(now), 'x-broker': brokerOf() }
}

/**
 * Mini-programs: a socket per connection (Taro.connectSocket: wx.connectSocket, swan.connectSocket),
 * which can set headers. A close or an error is one drop; services/liveFeed.ts reconnects.
 */
export const defaultFeedTransport: FeedTransport = ({ liveId, lastEventId }, handlers) => {
  let task: Taro.SocketTask | null = null
  let closed = false
  let dropped = false
  const drop = (reason: string) => {
    if (dropped || closed) return
    dropped = true
    handlers.onDrop(reason)
  }
  const end = (socket: Taro.SocketTask) => {
    try {
      void socket.close({ code: 1000 })
    } catch {
      // Closed already.
    }
  }
  Taro.connectSocket({ url: socketUrl(liveId, lastEventId), header: socketHeader() }).then(
    (socket) => {
      task = socket
      if (closed) return end(socket)
      socket.onOpen(() => {
        if (!closed) handlers.onOpen()
      })
      socket.onMessage((message) => {
        const event = parseFeedEvent(message.data)
        if (event && !closed) handlers.onEvent(event)
      })
      socket.onClose((res) => drop(`socket closed ${String((res as { code?: number })?.code ?? '')}`))
      socket.onError((res) => drop(`socket error ${String((res as { errMsg?: string })?.errMsg ?? '')}`))
    },
    (err: unknown) => drop(`connectSocket failed ${String((err as { errMsg?: string })?.errMsg ?? err)}`),
  )
  return {
    close() {
      closed = true
      if (task) end(task)
    },
  }
}
