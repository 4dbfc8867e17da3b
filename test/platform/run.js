// @ts-check
'use strict'
// Runs the WeChat and Baidu build checks against dist/weapp and dist/swan (it builds nothing:
// `npm run build:weapp && npm run build:swan` come first). Each check is its own process;
// the miniprogram-ci compile, the slowest, runs beside the others. Prints each check's output,
// then one summary line per check and a closing "N passed, N failed" line; exits 1 on a failure.
const path = require('node:path')
const { spawn } = require('node:child_process')

/** @type {Array<string | [string, Record<string, string>]>} */
const CHECKS = [
  'weapp-compilers.js',
  'weapp-json-schema.js',
  'package-sizes.js',
  'weapp-simulate-home.js',
  'weapp-simulate-screens.js',
  'weapp-simulate-strategy.js',
  'weapp-simulate-site.js',
  'weapp-simulate-login.js',
  'weapp-simulate-content.js',
  'weapp-simulate-course.js',
  'weapp-simulate-live.js',
  'weapp-simulate-routes.js',
  'mini-a11y.js',
  'swan-pages.js',
  'swan-simulate-home.js',
  // The same screens on dist/swan translated to WXML (lib/swan-to-wxml.js).
  ['weapp-simulate-screens.js', { ALFA_SIMULATE_TARGET: 'swan' }],
  ['weapp-simulate-strategy.js', { ALFA_SIMULATE_TARGET: 'swan' }],
  ['weapp-simulate-content.js', { ALFA_SIMULATE_TARGET: 'swan' }],
  ['weapp-simulate-course.js', { ALFA_SIMULATE_TARGET: 'swan' }],
  ['weapp-simulate-live.js', { ALFA_SIMULATE_TARGET: 'swan' }],
  ['weapp-simulate-site.js', { ALFA_SIMULATE_TARGET: 'swan' }],
  ['weapp-simulate-routes.js', { ALFA_SIMULATE_TARGET: 'swan' }],
  ['mini-a11y.js', { ALFA_SIMULATE_TARGET: 'swan' }],
]
const BESIDE = ['weapp-ci.js']
const TIME_LIMIT_MS = 240000

/**
 * A check: its script, or [script, extra environment]; resolves with its PASS and FAIL lines.
 * @param {string | [string, Record<string, string>]} check
 * @returns {Promise<string[]>}
 */
function runScript(check) {
  const [file, env] = Array.isArray(check) ? check : [check, {}]
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, [path.join(__dirname, file)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const timer = setTimeout(() => {
      output += `\nFAIL ${file}: no result within ${TIME_LIMIT_MS / 1000} s\n`
      child.kill('SIGKILL')
    }, TIME_LIMIT_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const lines = output.split('\n').filter((l) => /^(PASS|FAIL) /.test(l))
      if (code !== 0 && !lines.some((l) => l.startsWith('FAIL '))) lines.push(`FAIL ${file}: exited with ${signal || code}`)
      if (!lines.length) lines.push(`FAIL ${file}: printed no result`)
      const label = Object.keys(env).length ? `${file} ${JSON.stringify(env)}` : file
      console.log(`--- ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${output.trimEnd()}`)
      resolve(lines)
    })
  })
}

async function main() {
  const beside = Promise.all(BESIDE.map(runScript))
  const results = []
  for (const file of CHECKS) results.push(...(await runScript(file)))
  for (const lines of await beside) results.push(...lines)

  const firstLine = (/** @type {string} */ l) => l.split('\n')[0]
  console.log('\n=== platform checks (dist/weapp, dist/swan)')
  for (const line of results) console.log(firstLine(line))
  const failed = results.filter((l) => l.startsWith('FAIL ')).length
  console.log(`platform: ${results.length - failed} passed, ${failed} failed`)
  process.exitCode = failed ? 1 : 0
}

void main()
