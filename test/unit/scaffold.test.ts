import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { routeNames, routes, type RouteEntry } from '@/routes'

const root = path.resolve(__dirname, '../..')

describe('scripts/scaffold-pages.mjs writes a page shell from the route table', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'alfa-scaffold-'))
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts/scaffold-pages.mjs'), out], { encoding: 'utf8' })
  })
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }))
  const shell = (name: (typeof routeNames)[number]) => fs.readFileSync(path.join(out, `${routes[name].page}.tsx`), 'utf8')

  it.each(routeNames.filter((n) => (routes[n] as RouteEntry).feature))('%s imports its screen from its feature’s entry point', (name) => {
    const feature = (routes[name] as RouteEntry).feature
    const screen = `${name[0].toUpperCase()}${name.slice(1)}Screen`
    expect(shell(name)).toContain(`import { ${screen} } from '@/features/${feature}'\n`)
    expect(shell(name).match(/@\/features\//g)).toHaveLength(1)
    expect(shell(name)).toContain(`<Page route='${name}'>`)
  })

  it('a route without a feature gets a placeholder and its page config', () => {
    expect(shell('notFound')).toContain('<PageLoading />')
    expect(shell('notFound')).not.toContain('@/features/')
    expect(fs.readFileSync(path.join(out, `${routes.notFound.page}.config.ts`), 'utf8')).toContain("pageConfig('notFound')")
  })

  it('no placeholder is left: every route but the app’s own not-found screen names its feature', () => {
    expect(routeNames.filter((n) => !(routes[n] as RouteEntry).feature)).toEqual(['notFound'])
  })
})
