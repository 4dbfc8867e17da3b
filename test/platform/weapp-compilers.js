// @ts-check
'use strict'
// WeChat's own template and style compilers (wcc, wcsc from the miniprogram-compiler package)
// compile every .wxml (with the .wxs modules) and every .wxss of dist/weapp, the way the
// devtools call them: one run over the whole project, components declared.
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const { requireDist, listFiles, runCheck, failure } = require('./lib/common')

/** @param {'wcc' | 'wcsc'} name */
function compilerBinary(name) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw failure(`wcc/wcsc are checked on linux x64 only (this is ${process.platform} ${process.arch})`)
  }
  const bin = path.join(path.dirname(require.resolve('miniprogram-compiler/package.json')), 'bin', 'linux', name)
  // npm does not keep the executable bit of these files.
  try {
    fs.accessSync(bin, fs.constants.X_OK)
  } catch {
    fs.chmodSync(bin, 0o755)
  }
  return bin
}

/**
 * @param {string} bin
 * @param {string[]} args
 * @param {string} cwd
 */
function run(bin, args, cwd) {
  const res = spawnSync(bin, args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' })
  if (res.error) throw res.error
  return res
}

/**
 * The custom components a template's .json declares, or null.
 * @param {string} dir
 * @param {string} rel
 * @returns {Record<string, string> | null}
 */
function usingComponents(dir, rel) {
  const json = path.join(dir, rel.replace(/\.[^.]+$/, '.json'))
  if (!fs.existsSync(json)) return null
  return JSON.parse(fs.readFileSync(json, 'utf8')).usingComponents || null
}

/**
 * @param {string} dir
 * @param {string[]} files
 */
function checkWxml(dir, files) {
  const wxml = files.filter((f) => f.endsWith('.wxml'))
  const wxs = files.filter((f) => f.endsWith('.wxs'))
  if (!wxml.length) throw failure('no .wxml file in the build')
  // -cc "<count> <file> <n> <name...> ...": the custom components each template uses.
  /** @type {Array<string | number>} */
  const comps = []
  for (const f of wxml) {
    const using = usingComponents(dir, f)
    if (using) comps.push(f, Object.keys(using).length, ...Object.keys(using))
  }
  const ccArg = [comps.length ? wxml.filter((f) => usingComponents(dir, f)).length : 0, ...comps].join(' ')
  const res = run(compilerBinary('wcc'), ['-d', '-cc', ccArg, ...wxml, ...wxs, '-gn', '$gwx'], dir)
  if (res.status !== 0) throw failure(`wcc exited with ${res.status}:\n${(res.stderr || res.stdout).trim()}`)
  if (res.stderr.trim()) console.log(`wcc warnings:\n${res.stderr.trim()}`)
  // wcc lists the templates it compiled as quoted paths.
  const missing = wxml.filter((f) => !res.stdout.includes(`'${f}'`) && !res.stdout.includes(`"${f}"`))
  if (missing.length) throw failure(`wcc output lacks ${missing.join(', ')}`)
  return `${wxml.length} .wxml + ${wxs.length} .wxs compiled`
}

/**
 * @param {string} dir
 * @param {string[]} files
 */
function checkWxss(dir, files) {
  const wxss = files.filter((f) => f.endsWith('.wxss'))
  if (!wxss.length) throw failure('no .wxss file in the build')
  // Page and component styles (those with a .json beside them) first, counted by -pc.
  const own = wxss.filter((f) => fs.existsSync(path.join(dir, f.replace(/\.wxss$/, '.json'))))
  const shared = wxss.filter((f) => !own.includes(f))
  const res = run(compilerBinary('wcsc'), ['-db', '-pc', String(own.length), ...own, ...shared], dir)
  if (res.status !== 0) throw failure(`wcsc exited with ${res.status}:\n${(res.stderr || res.stdout).trim()}`)
  if (res.stderr.trim()) console.log(`wcsc warnings:\n${res.stderr.trim()}`)
  const parts = res.stdout.split('=')
  const compiled = new Set()
  for (let i = 0; i + 1 < parts.length; i += 2) compiled.add(parts[i])
  const missing = own.filter((f) => !compiled.has(f))
  if (missing.length) throw failure(`wcsc output lacks ${missing.join(', ')}`)
  return `${wxss.length} .wxss compiled (${own.length} page/component styles)`
}

void runCheck('weapp wcc/wcsc', () => {
  const dir = requireDist('weapp')
  const files = listFiles(dir)
  return `${checkWxml(dir, files)}; ${checkWxss(dir, files)}`
})
