#!/usr/bin/env node
// @ts-check
// Creates the page shell and page config of every route in src/routes.ts that has none yet.
// A new screen is added to the route table first; this writes its two files. A route that names
// its feature gets a shell that imports `<Route>Screen` from `@/features/<feature>` (export it
// from the feature's index.ts); one without a feature gets a placeholder.
// Run with a directory to write the shells there instead of src/ (the unit test does).
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const out = path.resolve(process.argv[2] ?? path.join(root, 'src'))
const table = fs.readFileSync(path.join(root, 'src/routes.ts'), 'utf8')
const body = table.slice(table.indexOf('export const routes = {'), table.indexOf('} as const satisfies'))
const names = [...body.matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1])

/**
 * The text of one route's entry, up to the next route.
 * @param {string} name
 */
const entryOf = (name) => {
  const start = body.search(new RegExp(`^ {2}${name}: \\{`, 'm'))
  const next = body.slice(start + 1).search(/^ {2}\w+: \{/m)
  return next < 0 ? body.slice(start) : body.slice(start, start + 1 + next)
}

/** @param {string} name */
const pageOf = (name) => {
  const found = /page: (main|sub|po)\('([^']+)'\)/.exec(entryOf(name))
  if (!found) throw new Error(`${name}: its entry has no page: main(…), sub(…) or po(…)`)
  const [, kind, arg] = found
  return kind === 'main' ? `pages/${arg}/index` : kind === 'sub' ? `subPkg/pages/${arg}/index` : `subPkg/pages/portfolio/${arg}/index`
}
/** @param {string} name */
const featureOf = (name) => /\bfeature: '(\w+)'/.exec(entryOf(name))?.[1]

/** @param {string} name */
const pascal = (name) => `${name[0].toUpperCase()}${name.slice(1)}`

/**
 * A shell rendering its feature's screen, or a placeholder while the route names no feature.
 * @param {string} name
 */
function shell(name) {
  const feature = featureOf(name)
  const [imports, content] = feature
    ? [`import { ${pascal(name)}Screen } from '@/features/${feature}'`, `<${pascal(name)}Screen />`]
    : [`import { PageLoading } from '@/components/PageLoading'`, '<PageLoading />']
  return (
    `import { Page } from '@/components/Page'\n${imports}\n\n` +
    `export default function ${pascal(name)}Page() {\n  return (\n    <Page route='${name}'>\n      ${content}\n    </Page>\n  )\n}\n`
  )
}

let created = 0
for (const name of names) {
  const page = pageOf(name)
  const file = path.join(out, `${page}.tsx`)
  if (fs.existsSync(file)) continue
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(
    path.join(out, `${page}.config.ts`),
    `import { pageConfig } from '@/routes'\n\nexport default definePageConfig(pageConfig('${name}'))\n`,
  )
  fs.writeFileSync(file, shell(name))
  created += 1
}
console.log(`${created} page shell(s) created, ${names.length} routes in the table`)
