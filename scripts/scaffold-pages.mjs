#!/usr/bin/env node
// Creates the page shell and page config of every route in src/routes.ts that has none yet.
// A new screen is added to the route table first; this writes its two files.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const table = fs.readFileSync(path.join(root, 'src/routes.ts'), 'utf8')
const body = table.slice(table.indexOf('export const routes = {'), table.indexOf('} as const satisfies'))
const names = [...body.matchAll(/^ {2}(\w+): \{/gm)].map((m) => m[1])

const pageOf = (name) => {
  const re = new RegExp(`^ {2}${name}: \\{[\\s\\S]*?page: (main|sub|po)\\('([^']+)'\\)`, 'm')
  const [, kind, arg] = re.exec(body)
  return kind === 'main' ? `pages/${arg}/index` : kind === 'sub' ? `subPkg/pages/${arg}/index` : `subPkg/pages/portfolio/${arg}/index`
}

const component = (name) => `${name[0].toUpperCase()}${name.slice(1)}Page`
let created = 0
for (const name of names) {
  const page = pageOf(name)
  const file = path.join(root, 'src', `${page}.tsx`)
  if (fs.existsSync(file)) continue
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(
    path.join(root, 'src', `${page}.config.ts`),
    `import { pageConfig } from '@/routes'\n\nexport default definePageConfig(pageConfig('${name}'))\n`,
  )
  fs.writeFileSync(
    file,
    `import { Page } from '@/components/Page'\nimport { PageLoading } from '@/components/PageLoading'\n\n` +
      `export default function ${component(name)}() {\n  return (\n    <Page route='${name}'>\n      <PageLoading />\n    </Page>\n  )\n}\n`,
  )
  created += 1
}
console.log(`${created} page shell(s) created, ${names.length} routes in the table`)
