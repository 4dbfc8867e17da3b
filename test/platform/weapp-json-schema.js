// @ts-check
'use strict'
// dist/weapp/app.json and every page's .json validate against the JSON schemas that
// miniprogram-ci 2.1.42 bundles (dist/schema/dist/{app,page,theme}.js, draft-07), with ajv 8.
// Like the devtools, each file is also checked with its theme variables ("@name") replaced by
// the light and by the dark values of theme.json. Unlike miniprogram-ci, which only warns about
// unknown keys (additionalProperties), an unknown key fails here: WeChat ignores it, so it is a
// mistake in the build config.
const fs = require('node:fs')
const path = require('node:path')
const { Ajv } = require('ajv')
const { requireDist, readJson, packagesOf, runCheck, failure } = require('./lib/common')

const schemaDir = path.join(path.dirname(require.resolve('miniprogram-ci/package.json')), 'dist', 'schema', 'dist')

/**
 * @param {import('ajv').Ajv} ajv
 * @param {'app' | 'page' | 'theme'} name
 */
function compile(ajv, name) {
  const schema = { ...require(path.join(schemaDir, `${name}.js`)) }
  delete schema.$schema // draft-07 is ajv 8's default dialect
  return ajv.compile(schema)
}

/**
 * Replaces "@var" string values by their value in one mode of theme.json.
 * @param {unknown} value
 * @param {Record<string, unknown>} vars
 * @returns {unknown}
 */
function applyTheme(value, vars) {
  if (typeof value === 'string' && value.startsWith('@') && Object.hasOwn(vars, value.slice(1))) return vars[value.slice(1)]
  if (Array.isArray(value)) return value.map((v) => applyTheme(v, vars))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, applyTheme(v, vars)]))
  return value
}

/**
 * @param {unknown} value
 * @param {string} where
 * @param {string[]} [out]
 */
function unresolvedVariables(value, where, out = []) {
  if (typeof value === 'string' && /^@\w+$/.test(value)) out.push(`${where}: "${value}"`)
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) unresolvedVariables(v, `${where}.${k}`, out)
  return out
}

/**
 * @param {string} file
 * @param {import('ajv').ErrorObject[] | null | undefined} errors
 * @param {string} [label]
 */
function formatErrors(file, errors, label = '') {
  return (errors ?? []).map((e) => {
    const extra = e.keyword === 'additionalProperties' ? ` "${e.params.additionalProperty}"` : ''
    return `${file}${e.instancePath || ''}: ${e.message}${extra}${label}`
  })
}

function main() {
  const dir = requireDist('weapp')
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false })
  ajv.addKeyword('$version')
  const validate = { app: compile(ajv, 'app'), page: compile(ajv, 'page'), theme: compile(ajv, 'theme') }

  const app = readJson(path.join(dir, 'app.json'))
  /** @type {string[]} */
  const problems = []
  /** @type {Record<string, Record<string, unknown>> | null} */
  let themes = null
  if (app.themeLocation) {
    const themeFile = path.join(dir, app.themeLocation)
    if (!fs.existsSync(themeFile)) problems.push(`app.json: themeLocation ${app.themeLocation} is missing`)
    else {
      themes = readJson(themeFile)
      if (!validate.theme(themes)) problems.push(...formatErrors(app.themeLocation, validate.theme.errors))
    }
  }

  /**
   * @param {'app' | 'page'} kind
   * @param {string} file
   * @param {unknown} json
   */
  const check = (kind, file, json) => {
    /** @type {Array<[string, unknown]>} */
    const variants = [['', json]]
    if (themes) for (const mode of ['light', 'dark']) variants.push([` (${mode})`, applyTheme(json, themes[mode] || {})])
    const seen = new Set()
    for (const [label, data] of variants) {
      const found = validate[kind](data) ? [] : formatErrors(file, validate[kind].errors)
      if (label) found.push(...unresolvedVariables(data, file))
      // An error of the file itself is reported once, not once more per theme.
      for (const p of found) {
        if (seen.has(p)) continue
        seen.add(p)
        problems.push(`${p}${label}`)
      }
    }
  }

  check('app', 'app.json', app)
  const pages = packagesOf(app).allPages
  for (const page of pages) {
    const file = `${page}.json`
    if (!fs.existsSync(path.join(dir, file))) {
      problems.push(`${file}: missing`)
      continue
    }
    check('page', file, readJson(path.join(dir, file)))
  }
  if (problems.length) throw failure(`${problems.length} schema problem(s):\n${[...new Set(problems)].join('\n')}`)
  return `app.json${themes ? ' + theme.json' : ''} and ${pages.length} page .json files valid (raw${themes ? ', light and dark' : ''})`
}

void runCheck('weapp JSON schema', main)
