// @ts-check
'use strict'
// Shared helpers for the WeChat (dist/weapp) and Baidu (dist/swan) build checks.
// These checks never build: `npm run build:weapp && npm run build:swan` come first.
const fs = require('node:fs')
const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..', '..')

// ARCHITECTURE.md section 7: main package at most 450 KB, each subpackage at most 1.5 MB (the build's own files,
// as package-sizes.js measures them: issue #21's "461 KB today" was this measure).
const MAIN_BUDGET = 450 * 1024
// miniprogram-ci's es6+minify compile of the same main package (weapp-ci.js) adds its ES5 transform's helpers,
// about 3.5 % over the build's files (448.6 KB → 464.3 KB): held to its own ceiling so that it cannot drift either.
const COMPILED_MAIN_BUDGET = 475 * 1024
const SUB_BUDGET = 1.5 * 1024 * 1024
// WeChat's chart engine subpackage (F2 once per build), as config/plugins/chart-engine.js writes it.
const { ENGINE_ROOT: CHART_ENGINE_ROOT, ENGINE_FILE: CHART_ENGINE_FILE } = require(path.join(ROOT, 'config', 'plugins', 'chart-engine.js'))

/**
 * The build folder of a platform; ALFA_DIST_WEAPP / ALFA_DIST_SWAN point a check at a copy (selftest.js).
 * @param {string} platform weapp or swan
 */
function distDir(platform) {
  const override = process.env[`ALFA_DIST_${platform.toUpperCase()}`]
  return override ? path.resolve(override) : path.join(ROOT, 'dist', platform)
}

/** @param {string} platform weapp or swan */
function requireDist(platform) {
  const dir = distDir(platform)
  if (!fs.existsSync(path.join(dir, 'app.json'))) {
    throw new Error(`${dir}/app.json is missing: run \`npm run build:${platform}\` first`)
  }
  return dir
}

/**
 * @param {string} file
 * @returns {any} the file's JSON, as the checks read it
 */
function readJson(file) {
  const text = fs.readFileSync(file, 'utf8')
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new Error(`${file}: invalid JSON: ${/** @type {Error} */ (err).message}`, { cause: err })
  }
}

/**
 * Every file under dir, as sorted posix paths relative to dir.
 * @param {string} dir
 */
function listFiles(dir) {
  /** @type {string[]} */
  const out = []
  /** @param {string} rel */
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(child)
      else if (entry.isFile()) out.push(child)
    }
  }
  walk('')
  return out.sort()
}

/**
 * @typedef {{ pages?: string[]; subPackages?: AppJsonSub[]; subpackages?: AppJsonSub[] }} AppJson
 * @typedef {{ root: string; pages?: string[]; independent?: boolean }} AppJsonSub
 * @typedef {{ root: string; pages: string[]; independent: boolean }} Subpackage
 */

/**
 * The packages of an app.json: the main package's pages and each subpackage's root and pages.
 * @param {AppJson} appJson
 */
function packagesOf(appJson) {
  /** @type {Subpackage[]} */
  const subs = (appJson.subPackages || appJson.subpackages || []).map((sub) => ({
    root: String(sub.root).replace(/^\/+|\/+$/g, ''),
    pages: (sub.pages || []).map((p) => `${String(sub.root).replace(/^\/+|\/+$/g, '')}/${p}`),
    independent: !!sub.independent,
  }))
  return { mainPages: appJson.pages || [], subs, allPages: [...(appJson.pages || []), ...subs.flatMap((s) => s.pages)] }
}

/**
 * The subpackage root a file belongs to, or null for the main package.
 * @param {string} rel
 * @param {Subpackage[]} subs
 */
function packageOf(rel, subs) {
  const sub = subs.find((s) => rel === s.root || rel.startsWith(`${s.root}/`))
  return sub ? sub.root : null
}

/** @param {number} bytes */
function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`
}

/**
 * Runs one check: `fn` returns its one-line summary or throws. Prints the summary as
 * `PASS name: ...` or `FAIL name: ...` (the runner collects these lines) and sets the exit code.
 * Never rejects.
 * @param {string} name
 * @param {() => string | Promise<string>} fn
 */
async function runCheck(name, fn) {
  const started = Date.now()
  let line
  try {
    const summary = await fn()
    line = `PASS ${name}: ${summary} (${((Date.now() - started) / 1000).toFixed(1)} s)`
    process.exitCode = process.exitCode || 0
  } catch (caught) {
    const err = /** @type {import('./types').ExpectedFailure | null | undefined} */ (caught)
    let message = String((err && err.message) || err)
    if (err && err.stack && !err.expected) {
      // A crash: keep where it happened, not the whole trace.
      const frames = String(err.stack)
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .slice(0, 3)
      message = [message, ...frames].join('\n')
    }
    if (message.length > 4000) message = `${message.slice(0, 4000)} ...`
    line = `FAIL ${name}: ${message}`
    process.exitCode = 1
  }
  console.log(line)
  return line
}

/**
 * An error whose message is the whole story (no stack trace in the report).
 * @param {string} message
 */
function failure(message) {
  /** @type {import('./types').ExpectedFailure} */
  const err = new Error(message)
  err.expected = true
  return err
}

/**
 * Runs a server script of lib/ (tsx, NODE_ENV=test plus `env`) that prints one JSON line once it
 * listens; resolves with that object, the start-up time, stop() (closes its stdin, on which it
 * exits) and output() (its stderr). Fails after 120 s, or if it exits or prints no JSON first.
 * @param {string} script
 * @param {string[]} [args]
 * @param {Record<string, string>} [env]
 * @returns {Promise<any>} the server's JSON line (as its checks read it) and the controls of import('./types').JsonServer
 */
function startJsonServer(script, args = [], env = {}) {
  const { spawn } = require('node:child_process')
  const spawnedAt = Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'test', ...env },
    })
    let out = ''
    let err = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(failure(`the API server did not start within 120 s:\n${err}`))
    }, 120000)
    child.stderr.on('data', (d) => (err += d))
    child.stdout.on('data', (d) => {
      out += d
      const nl = out.indexOf('\n')
      if (nl < 0) return
      clearTimeout(timer)
      try {
        const info = JSON.parse(out.slice(0, nl))
        resolve({ ...info, startMs: Date.now() - spawnedAt, stop: () => child.stdin.end(), output: () => err })
      } catch (e) {
        reject(failure(`the API server printed ${out.slice(0, 300)}: ${/** @type {Error} */ (e).message}`))
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(failure(`the API server exited (${code}) during start-up:\n${err.slice(-2000)}`))
    })
  })
}

module.exports = {
  startJsonServer,
  ROOT,
  MAIN_BUDGET,
  COMPILED_MAIN_BUDGET,
  SUB_BUDGET,
  CHART_ENGINE_ROOT,
  CHART_ENGINE_FILE,
  distDir,
  requireDist,
  readJson,
  listFiles,
  packagesOf,
  packageOf,
  kb,
  runCheck,
  failure,
}
