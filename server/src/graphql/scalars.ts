import { GraphQLScalarType, Kind } from 'graphql'

const scalar = (name: string, serialize: (v: unknown) => unknown, description?: string) =>
  new GraphQLScalarType({
    name,
    description,
    serialize,
    parseValue: (v) => v,
    parseLiteral: (ast) => (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ast.value : null),
  })

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: function literal(ast): unknown {
    switch (ast.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return ast.value
      case Kind.INT:
      case Kind.FLOAT:
        return Number(ast.value)
      case Kind.LIST:
        return ast.values.map(literal)
      case Kind.OBJECT:
        return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]))
      default:
        return null
    }
  },
})

const toDate = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v))
const toDateTime = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v))

/** The core schema's scalars (graphql/schema.graphql). */
export const scalarResolvers = {
  Decimal: scalar('Decimal', (v) => (typeof v === 'number' ? String(v) : v), 'Exact decimal as a string'),
  Date: scalar('Date', toDate),
  DateTime: scalar('DateTime', toDateTime),
  JSON: JSONScalar,
}
