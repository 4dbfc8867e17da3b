#!/usr/bin/env node
// @ts-check
// `npm start`: builds the H5 app when the build is missing or older than its sources (unless
// H5_DIR names another folder to serve), then
// starts the API server (embedded database with demo data), which serves it and prints the address.
// The server runs under supervision: if it stops unexpectedly it is started again (with back-off),
// and the log says so. A configuration error (exit code 78) is not retried. It runs on the pinned
// Node.js LTS (runtime/, scripts/runtime.mjs) when that is installed.
// The environment goes to the server as it is: the mode is never guessed from the address. With no
// settings the server runs its default mode, safe behind a proxy too (a random JWT secret kept in
// the data folder, no test logins unless QA_TEST_LOGINS=true); it says which in its log.
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { serverNode } from './runtime.mjs'

const root = path.resolve(import.meta.dirname, '..')
const index = path.join(root, 'dist/h5/index.html')

/**
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)
  }
  return newest
}

// With H5_DIR the server serves that folder as it is (another build, or none): nothing to build here.
if (!process.env.H5_DIR) {
  const sources = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'config')))
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0
  if (built < sources) {
    console.log(built ? 'H5 build is older than its sources: rebuilding…' : 'Building the H5 app (first start)…')
    const r = spawnSync('npm', ['run', 'build:h5'], { cwd: root, stdio: 'inherit' })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
}

const EXIT_CONFIG = 78
/** @type {import('node:child_process').ChildProcess | undefined} */
let server
let stopping = false
let restarts = 0
let startedAt = 0

// The pinned Node.js LTS (runtime/) when installed; the machine's Node otherwise (the server's start-up log
// says when that line gets no security fixes: server/src/config.ts describeMode).
const node = serverNode()

function start() {
  startedAt = Date.now()
  server = spawn(node, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' })
  server.on('exit', (code, signal) => {
    if (stopping) return process.exit(code ?? 0)
    if (code === 0 || code === EXIT_CONFIG) return process.exit(code)
    // A server that ran for a minute starts over with a short delay; repeated crashes back off to 30 s.
    if (Date.now() - startedAt > 60_000) restarts = 0
    const delay = Math.min(30_000, 1000 * 2 ** restarts++)
    console.error(
      `[supervisor] the server stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting in ${delay / 1000} s (restart ${restarts})`,
    )
    setTimeout(start, delay)
  })
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    stopping = true
    if (server && server.exitCode === null && server.signalCode === null) server.kill(signal)
    else process.exit(0)
  })
}
console.log('[supervisor] starting the server (it is restarted if it stops unexpectedly)')
start()
