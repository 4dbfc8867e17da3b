#!/usr/bin/env node
// `npm start`: builds the H5 app when the build is missing or older than its sources, then
// starts the API server (embedded database with demo data), which serves it and prints the address.
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const index = path.join(root, 'dist/h5/index.html')

function newestMtime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)
  }
  return newest
}

const sources = Math.max(newestMtime(path.join(root, 'src')), newestMtime(path.join(root, 'config')))
const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0
if (built < sources) {
  console.log(built ? 'H5 build is older than its sources: rebuilding…' : 'Building the H5 app (first start)…')
  const r = spawnSync('npm', ['run', 'build:h5'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
