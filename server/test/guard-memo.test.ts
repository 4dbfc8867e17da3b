import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildSchema, parse } from 'graphql'
import { typeDefs } from '../src/graphql/plugin'
import { GuardError, checkDocumentOnce } from '../src/graphql/guard'

/**
 * The guard's checks are remembered per parsed document only when they pass, and per operation
 * name and variables: the same document with a page past the cost limit is refused however often
 * a small page of it passed before.
 */
describe('checkDocumentOnce: a passed check is remembered per document and variables, a refusal never', () => {
  const schema = buildSchema(typeDefs)
  const rows = ['a', 'b', 'c', 'd'].map((k) => `${k}: navRows(page: { size: $size }) { list { date nav } }`).join(' ')
  const document = parse(`query Navs($size: Int) { fund(fundCode: "000001") { ${rows} } }
    query Other { fund(fundCode: "000001") { fundName } }`)
  it('a small page passes (twice); a huge page of the same document is refused each time', () => {
    checkDocumentOnce(schema, document, 'Navs', { size: 20 })
    checkDocumentOnce(schema, document, 'Navs', { size: 20 })
    for (let i = 0; i < 2; i++)
      assert.throws(
        () => checkDocumentOnce(schema, document, 'Navs', { size: 10_000 }),
        (err: unknown) => err instanceof GuardError && err.extensions.code === 'QUERY_TOO_COSTLY',
      )
    checkDocumentOnce(schema, document, 'Other', {})
  })
})
