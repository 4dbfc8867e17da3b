// @ts-check
'use strict'
// wx.connectSocket (and swan.connectSocket: the simulator's `swan` is `wx`) wired to a REAL
// WebSocket to the live API server, the way lib/live-screens.js forwards wx.request: the url's path
// and query go to the server's origin, the headers the app set (x-sign, x-broker) go with the
// handshake, and the SocketTask answers as WeChat's does (onOpen, onMessage with {data},
// onClose with {code, reason}, onError with {errMsg}; close and send). Each socket is recorded in
// net.sockets as {path, query, open, messages, closed}; a refused handshake or an error the app
// did not cause by closing is a problem in net.problems.
const { createHash } = require('node:crypto')
// ws's client (Node's own global WebSocket cannot send the handshake headers).
const NodeSocket = require('ws')

/**
 * @param {import('./types').WxCallOptions} opts
 * @param {object} res
 */
function callback(opts, res, ok = true) {
  if (ok && typeof opts.success === 'function') opts.success(res)
  if (!ok && typeof opts.fail === 'function') opts.fail(res)
  if (typeof opts.complete === 'function') opts.complete(res)
}

/** common/sign.ts's x-sign (timestamp + the first 32 uppercase hex of sha256(floor(1.01 × timestamp))), for calls the check makes itself. */
function createSign(now = Date.now()) {
  const timestamp = Math.floor(now)
  const hash = createHash('sha256')
    .update(String(Math.floor(1.01 * timestamp)), 'latin1')
    .digest('hex')
    .slice(0, 32)
    .toUpperCase()
  return `${timestamp}${hash}`
}

/**
 * The headers of an API call the check makes as the app would (main-brand broker, the token when given).
 * @param {string} [token]
 */
function apiHeaders(token) {
  return {
    'content-type': 'application/json',
    'x-sign': createSign(),
    'x-broker': '0008',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  }
}

/**
 * @param {() => string} originOf
 * @param {import('./types').Net} net
 * @returns {(opts?: import('./types').WxCallOptions & { url?: string; header?: Record<string, string> }) => object}
 */
function socketForwarder(originOf, net) {
  net.sockets = net.sockets || []
  const sockets = net.sockets
  return (opts = {}) => {
    const url = new URL(String(opts.url))
    const target = `${originOf().replace(/^http/, 'ws')}${url.pathname}${url.search}`
    /** @type {import('./types').NetSocket} */
    const entry = { path: url.pathname, query: Object.fromEntries(url.searchParams), open: false, messages: [], closed: false }
    sockets.push(entry)
    /** @typedef {(res: object) => void} Listener */
    /** @type {Record<'open' | 'message' | 'close' | 'error', Listener[]>} */
    const on = { open: [], message: [], close: [], error: [] }
    const emit = (/** @type {keyof typeof on} */ kind, /** @type {object} */ res) => on[kind].slice().forEach((fn) => fn(res))
    let closing = false
    const ws = new NodeSocket(target, { headers: { ...(opts.header || {}) } })
    ws.on('open', () => {
      entry.open = true
      emit('open', { header: {} })
    })
    ws.on('message', (data) => {
      const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString()
      entry.messages.push(text)
      emit('message', { data: text })
    })
    ws.on('unexpected-response', (_req, res) => {
      net.problems.push(`socket ${url.pathname} refused: HTTP ${res.statusCode}`)
      emit('error', { errMsg: `connectSocket:fail HTTP ${res.statusCode}` })
      ws.terminate()
    })
    ws.on('error', (err) => {
      if (!closing) net.problems.push(`socket ${url.pathname} failed: ${err.message}`)
      emit('error', { errMsg: err.message })
    })
    ws.on('close', (code, reason) => {
      entry.closed = true
      emit('close', { code, reason: String(reason) })
    })
    const task = {
      onOpen: (/** @type {Listener} */ fn) => on.open.push(fn),
      onMessage: (/** @type {Listener} */ fn) => on.message.push(fn),
      onClose: (/** @type {Listener} */ fn) => on.close.push(fn),
      onError: (/** @type {Listener} */ fn) => on.error.push(fn),
      send(/** @type {import('./types').WxCallOptions & { data?: string }} */ o = {}) {
        ws.send(/** @type {string} */ (o.data))
        callback(o, { errMsg: 'sendSocketMessage:ok' })
      },
      close(/** @type {import('./types').WxCallOptions & { code?: number; reason?: string }} */ o = {}) {
        closing = true
        if (ws.readyState === NodeSocket.CONNECTING) ws.terminate()
        else ws.close(o.code || 1000, o.reason)
        callback(o, { errMsg: 'closeSocket:ok' })
      },
    }
    // WeChat answers success once the task exists; the socket opens later.
    setTimeout(() => callback(opts, { errMsg: 'connectSocket:ok' }), 0)
    return task
  }
}

module.exports = { socketForwarder, createSign, apiHeaders }
