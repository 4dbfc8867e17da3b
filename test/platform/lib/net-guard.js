// @ts-check
'use strict'
// Loaded with `node --require` (through NODE_OPTIONS, so forked children load it too): every DNS
// lookup and TCP connection fails at once and is written to $ALFA_NET_GUARD_LOG, so a check can
// prove that it ran offline. Unix sockets and IPC pipes are left alone.
const fs = require('node:fs')
const dns = require('node:dns')
const net = require('node:net')

const logFile = process.env.ALFA_NET_GUARD_LOG

/** @param {string} what */
function record(what) {
  const line = `${process.pid} ${what}\n`
  try {
    if (logFile) fs.appendFileSync(logFile, line)
  } catch {
    // nothing to do: the blocked call still fails
  }
}

/** @param {string} host */
function blockedError(host) {
  /** @type {NodeJS.ErrnoException & { hostname?: string }} */
  const err = new Error(`getaddrinfo ENOTFOUND ${host} (network blocked by the platform check)`)
  err.code = 'ENOTFOUND'
  err.hostname = host
  return err
}

// Object.assign: each replacement fails every call, whatever overload of the original was meant.
Object.assign(dns, {
  /**
   * @param {string} host
   * @param {unknown} options
   * @param {(err: Error) => void} [callback]
   */
  lookup(host, options, callback) {
    const cb = /** @type {(err: Error) => void} */ (typeof options === 'function' ? options : callback)
    record(`dns.lookup ${host}`)
    process.nextTick(() => cb(blockedError(host)))
    return {}
  },
})
Object.assign(dns.promises, {
  /** @param {string} host */
  async lookup(host) {
    record(`dns.promises.lookup ${host}`)
    throw blockedError(host)
  },
})

const connect = net.Socket.prototype.connect
Object.assign(net.Socket.prototype, {
  /**
   * @this {import('node:net').Socket}
   * @param {unknown[]} args
   */
  connect(...args) {
    const first = args[0]
    const opts = Array.isArray(first) ? first[0] : first
    const isPath = (typeof opts === 'string' && Number.isNaN(Number(opts))) || (opts && typeof opts === 'object' && opts.path)
    if (isPath) return Reflect.apply(connect, this, args)
    const host = (opts && typeof opts === 'object' ? opts.host : args[1]) || 'localhost'
    const port = opts && typeof opts === 'object' ? opts.port : opts
    record(`connect ${host}:${port}`)
    process.nextTick(() => this.destroy(blockedError(host)))
    return this
  },
})
