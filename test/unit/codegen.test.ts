import { execFileSync } from 'node:child_process'
import path from 'node:path'
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
    expect(String(UserInfoDocument)).toContain('me {')
  })
})
