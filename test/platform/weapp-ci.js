// @ts-check
'use strict'
// miniprogram-ci `getCompiledResult` (the upload compile: ES6 to ES5, JS/WXML/WXSS minified,
// app.json and page JSON checked) passes on dist/weapp, offline.
//
// How it stays offline (read in miniprogram-ci 2.1.42's dist/):
// - project/ciProject.js: `attr()` returns `options.attr()` when the options carry one; otherwise
//   it signs a request for the app's attributes with the private key (so a key must be given,
//   but it is never used here). config/config.js exports the attributes it falls back to
//   (DefaultProjectAttr: code size limits and so on), which our attr() returns.
// - utils/white_ext_list.js fetches the list of file extensions that may be uploaded and falls
//   back to its own exported lists; we answer that request with those lists, in-process.
// - Anything else that tries the network is blocked and logged by lib/net-guard.js, in this
//   process and in the compiler process miniprogram-ci forks (through NODE_OPTIONS); the check
//   fails if anything tried.
// The forked compiler stays alive after the compile, so the script calls process.exit().
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const guardLog = path.join(os.tmpdir(), `alfa-net-guard-${process.pid}.log`)
const guard = path.join(__dirname, 'lib', 'net-guard.js')
process.env.ALFA_NET_GUARD_LOG = guardLog
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS || ''} --require ${JSON.stringify(guard)}`.trim()
require(guard)

const { requireDist, readJson, packagesOf, packageOf, kb, runCheck, failure, COMPILED_MAIN_BUDGET, SUB_BUDGET } = require('./lib/common')

const PAGE_FILES = ['.js', '.json', '.wxml']

async function main() {
  const dir = requireDist('weapp')
  const ci = require('miniprogram-ci')
  const urls = require('miniprogram-ci/dist/config/url.config')
  const request = require('miniprogram-ci/dist/utils/request')
  const whiteExt = require('miniprogram-ci/dist/utils/white_ext_list')

  const realRequest = request.request
  request.request = async (opts) => {
    if (opts && opts.url === urls.GET_WHITE_EXT_LIST) {
      const data = { miniProgram: whiteExt.MiniProgramWhiteList, game: whiteExt.GameWhiteList }
      return { body: JSON.stringify({ errCode: 0, data }) }
    }
    fs.appendFileSync(guardLog, `${process.pid} request ${opts && opts.url}\n`)
    return realRequest(opts)
  }

  const projectConfig = readJson(path.join(dir, 'project.config.json'))
  const appJson = readJson(path.join(dir, 'app.json'))
  // attr is read by ciProject.js but not in the options' type.
  const projectOptions = /** @type {ConstructorParameters<typeof ci.Project>[0]} */ ({
    appid: projectConfig.appid || 'touristappid',
    type: 'miniProgram',
    projectPath: dir,
    privateKey: 'unused: attr() below answers offline',
    ignores: ['node_modules/**/*', '**/*.map', '**/*.LICENSE.txt'],
    attr: async () => ({ ...ci.DefaultProjectAttr, setting: { ...ci.DefaultProjectAttr.setting } }),
  })
  const project = new ci.Project(projectOptions)
  /** @type {string[]} */
  const logs = []
  /** @typedef {Parameters<typeof ci.getCompiledResult>[0]} CompileOptions */
  /** @type {Omit<CompileOptions, 'version'>} */
  const compileOptions = {
    project,
    setting: { es6: true, minify: true },
    onProgressUpdate: (/** @type {Parameters<NonNullable<CompileOptions['onProgressUpdate']>>[0]} */ task) => {
      if (task && typeof task === 'object' && task.status === 'fail') logs.push(String(task.message))
    },
  }
  // The upload's version, required by the options' type, is not read by the compile.
  /** @type {Record<string, string | Buffer>} */
  const result = await ci.getCompiledResult(/** @type {CompileOptions} */ (compileOptions))

  const files = Object.keys(result)
  /** @type {string[]} */
  const missing = []
  for (const page of packagesOf(appJson).allPages) {
    for (const ext of PAGE_FILES) if (!(`${page}${ext}` in result)) missing.push(`${page}${ext}`)
  }
  for (const f of ['app.js', 'app.json']) if (!(f in result)) missing.push(f)
  if (missing.length) throw failure(`compiled result lacks ${missing.join(', ')}`)
  if (logs.length) throw failure(`compile reported failures:\n${logs.join('\n')}`)

  const tried = fs.existsSync(guardLog) ? fs.readFileSync(guardLog, 'utf8').trim() : ''
  if (tried) throw failure(`tried the network (blocked):\n${tried}`)
  // What the upload would weigh, per package (Babel helpers land in the main package).
  const { subs } = packagesOf(appJson)
  /** Bytes per package: null is the main package, a subpackage by its root. */
  const sizes = new Map(/** @type {Array<[string | null, number]>} */ ([[null, 0], ...subs.map((sub) => [sub.root, 0])]))
  const size = (/** @type {string | null} */ pkg) => sizes.get(pkg) ?? 0
  for (const f of files) {
    const pkg = packageOf(f, subs)
    sizes.set(pkg, size(pkg) + Buffer.byteLength(result[f]))
  }
  const over = []
  if (size(null) > COMPILED_MAIN_BUDGET) over.push(`compiled main package ${kb(size(null))} > ${kb(COMPILED_MAIN_BUDGET)}`)
  for (const sub of subs)
    if (size(sub.root) > SUB_BUDGET) over.push(`compiled subpackage ${sub.root} ${kb(size(sub.root))} > ${kb(SUB_BUDGET)}`)
  if (over.length) throw failure(over.join('\n'))
  const perPackage = [`main ${kb(size(null))}`, ...subs.map((sub) => `${sub.root} ${kb(size(sub.root))}`)].join(', ')
  return `es6+minify compiled ${files.length} files for ${packagesOf(appJson).allPages.length} pages (${perPackage}), no network call`
}

void runCheck('weapp miniprogram-ci getCompiledResult', main).then(() => {
  fs.rmSync(guardLog, { force: true })
  // miniprogram-ci leaves its forked compiler running.
  process.exit()
})
