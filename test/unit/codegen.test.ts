import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { buildSchema, parse, validate, Kind } from 'graphql'
import * as generated from '@/services/generated/graphql'
import { UserInfoDocument } from '@/services/generated/graphql'
import { operationNameOf } from '@/services/graphql'

const root = path.resolve(__dirname, '../..')

describe('operation types are generated from the server schema by graphql-codegen', () => {
  it('the generated file matches the schema and documents (npm run codegen)', () => {
    const out = execFileSync(process.execPath, [path.join(root, 'scripts/codegen.mjs'), '--check'], { cwd: root, encoding: 'utf8' })
    expect(out).toContain('up to date')
  })
  it('a generated document is the operation text, usable by the client', () => {
    expect(operationNameOf(UserInfoDocument.toString())).toBe('UserInfo')
    expect(String(UserInfoDocument)).toContain('me{')
  })
})

describe('fragments travel with the operations that spread them', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the server's CommonJS schema reader, shared with codegen
  const { readSdl } = require(path.join(root, 'server/src/graphql/sdl.cjs')) as { readSdl: () => string }
  const sdl = readSdl()
  const schema = buildSchema(
    /directive @defer\b/.test(sdl)
      ? sdl
      : `${sdl}\ndirective @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT`,
  )
  const operations = Object.entries(generated).filter(([name]) => name.endsWith('Document') && !name.endsWith('FragmentDoc'))

  it.each(operations.map(([name, doc]) => [name, String(doc)]))(
    '%s is a complete request: one operation and every fragment it spreads',
    (_name, text) => {
      const document = parse(text)
      expect(document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)).toHaveLength(1)
      // Unknown fragments (a spread without its definition) and unused ones both fail validation.
      expect(validate(schema, document).map((e) => e.message)).toEqual([])
    },
  )
})
