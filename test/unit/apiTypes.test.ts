import fs from 'node:fs'
import path from 'node:path'

/**
 * common/api.ts derives the REST answers' types from the zod schemas the server checks its answers
 * with (common/apiSchema.ts). The app takes those types only: a value import would carry zod into
 * the mini-programs' main package.
 */

const ROOT = path.resolve(__dirname, '../..')

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(p)
    return /\.tsx?$/.test(e.name) ? [p] : []
  })
}

/** Each import or re-export statement of a text: its specifier and whether it is type-only. */
function statementsOf(text: string): Array<{ spec: string; typeOnly: boolean }> {
  return [...text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/g)].map((m) => ({
    spec: m[3],
    typeOnly: Boolean(m[2]),
  }))
}

describe('the REST answer types reach the app without zod', () => {
  it('finds type-only and value imports', () => {
    expect(statementsOf("import type { A } from 'x'\nimport { b } from 'y'\nexport type * from 'z'")).toEqual([
      { spec: 'x', typeOnly: true },
      { spec: 'y', typeOnly: false },
      { spec: 'z', typeOnly: true },
    ])
  })
  it('common/api.ts imports zod and the schemas for types only', () => {
    const imports = statementsOf(fs.readFileSync(path.join(ROOT, 'common/api.ts'), 'utf8'))
    expect(imports.length).toBeGreaterThan(0)
    expect(imports.filter((i) => !i.typeOnly)).toEqual([])
  })
  it('the app imports common/api and common/apiSchema for types only', () => {
    const values = sourceFiles(path.join(ROOT, 'src')).flatMap((file) =>
      statementsOf(fs.readFileSync(file, 'utf8'))
        .filter((i) => /^@alfa\/common\/api(Schema)?$/.test(i.spec) && !i.typeOnly)
        .map((i) => `${path.relative(ROOT, file)}: ${i.spec}`),
    )
    expect(values).toEqual([])
  })
})
