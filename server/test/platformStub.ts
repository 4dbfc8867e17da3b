import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * WeChat's and Baidu's message APIs on a local port, for the tests of subscription messages
 * (live start reminders, NAV alerts): every call is kept and counted.
 */
export interface Call {
  path: string
  query: URLSearchParams
  body: string
}

/** WeChat's cgi-bin and Baidu's openapi on a local port: `answer` decides each answer; every call is kept. */
export async function platformStub(answer: (call: Call) => unknown = () => ({})) {
  const calls: Call[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub')
      const call = { path: url.pathname, query: url.searchParams, body }
      calls.push(call)
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(answer(call)))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (path: string) => calls.filter((c) => c.path === path).length,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  }
}
export type Stub = Awaited<ReturnType<typeof platformStub>>

export const WECHAT_TOKEN = '/cgi-bin/token'
export const WECHAT_SEND = '/cgi-bin/message/subscribe/send'
export const BAIDU_TOKEN = '/oauth/2.0/token'
export const BAIDU_SEND = '/rest/2.0/smartapp/template/message/subscribe/send'

/** The platforms answering as they do when all is well (a token, then each send accepted). */
export const fine = (call: Call) => {
  if (call.path === WECHAT_TOKEN) return { access_token: `wx-token-${call.query.get('appid')}`, expires_in: 7200 }
  if (call.path === BAIDU_TOKEN) return { access_token: 'bd-token', expires_in: 2592000 }
  if (call.path === WECHAT_SEND) return { errcode: 0, errmsg: 'ok' }
  if (call.path === BAIDU_SEND) return { errno: 0, msg: 'success', data: { msg_key: 1 } }
  return { errcode: 404 }
}
