import fs from 'node:fs'
import path from 'node:path'
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql'
import ts from 'typescript'

/**
 * Issue #9: components take the types generated from the GraphQL schema (a fragment's type, or a
 * part of a query's), never a hand-written copy. A copy is an object shape written out in a
 * component file (.tsx under src/features or src/components: an interface, a type literal, an
 * inline prop type) whose fields, two or more, are all fields of one schema type with matching
 * types, as `{ fundCode: string; fundName: string }` copies Fund. Shapes that merely share field
 * names (ChartPoint's numeric value is not SeriesPoint's decimal string; an option's generic
 * `value: T`) do not count.
 */

const ROOT = path.resolve(__dirname, '../..')
const SCANNED = ['src/features', 'src/components']

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the server's CommonJS schema reader, shared with codegen
const { readSdl } = require(path.join(ROOT, 'server/src/graphql/sdl.cjs')) as { readSdl: () => string }

type Field = { type: GraphQLOutputType | GraphQLInputType }
type Shape = { name: string; fields: Record<string, Field> }

/** Object, interface and input types of the schema, without the root operation types. */
function schemaShapes(schema: GraphQLSchema): Shape[] {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter(Boolean).map((t) => t!.name))
  return Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith('__') && !roots.has(t.name))
    .filter((t) => isObjectType(t) || isInterfaceType(t) || isInputObjectType(t))
    .map((t) => ({ name: t.name, fields: (t as { getFields: () => Record<string, Field> }).getFields() }))
}

const STRING_SCALARS = new Set(['String', 'ID', 'Date', 'DateTime', 'Decimal'])
const NUMBER_SCALARS = new Set(['Int', 'Float'])
const PRIMITIVES = new Set(['string', 'number', 'boolean'])

/** The TypeScript type without null and undefined (what a nullable field adds). */
function core(type: ts.TypeNode): ts.TypeNode[] {
  if (ts.isUnionTypeNode(type)) return type.types.flatMap(core)
  if (ts.isParenthesizedTypeNode(type)) return core(type.type)
  if (type.kind === ts.SyntaxKind.NullKeyword || type.kind === ts.SyntaxKind.UndefinedKeyword) return []
  if (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword) return []
  return [type]
}

/** The primitive a type node names ('string', 'number', 'boolean'), 'array', or 'other'. */
function kindOf(type: ts.TypeNode, source: ts.SourceFile): string {
  if (type.kind === ts.SyntaxKind.StringKeyword) return 'string'
  if (type.kind === ts.SyntaxKind.NumberKeyword) return 'number'
  if (type.kind === ts.SyntaxKind.BooleanKeyword) return 'boolean'
  if (ts.isLiteralTypeNode(type)) {
    if (ts.isStringLiteral(type.literal)) return 'string'
    if (ts.isNumericLiteral(type.literal)) return 'number'
    return 'boolean'
  }
  if (ts.isArrayTypeNode(type)) return 'array'
  if (ts.isTypeOperatorNode(type)) return kindOf(type.type, source)
  if (ts.isTypeReferenceNode(type) && /^(Readonly)?Array$/.test(type.typeName.getText(source))) return 'array'
  return 'other'
}

/**
 * Whether a written property type is the schema field's: the same primitive for a scalar (a
 * type parameter or another named type is not), a string or a named union for an enum, an array
 * for a list, an object or a named type for an object.
 */
function fits(written: ts.TypeNode | undefined, field: Field, source: ts.SourceFile): boolean {
  if (!written) return false
  const kinds = [...new Set(core(written).map((t) => kindOf(t, source)))]
  if (kinds.length === 0) return false
  if (isListType(getNullableType(field.type))) return kinds.every((k) => k === 'array' || k === 'other')
  const named = getNamedType(field.type)
  if (isScalarType(named)) {
    if (STRING_SCALARS.has(named.name)) return kinds.every((k) => k === 'string')
    if (NUMBER_SCALARS.has(named.name)) return kinds.every((k) => k === 'number')
    if (named.name === 'Boolean') return kinds.every((k) => k === 'boolean')
    return true // JSON: anything
  }
  if (isEnumType(named)) return kinds.every((k) => k === 'string' || k === 'other')
  return kinds.every((k) => !PRIMITIVES.has(k) && k !== 'array')
}

export interface Copy {
  at: string
  fields: string[]
  /** Every schema type the shape copies. */
  schemaTypes: string[]
}

/** Object shapes written out in one file that copy a schema type. */
export function findCopies(file: string, text: string, shapes: Shape[]): Copy[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const copies: Copy[] = []
  const check = (node: ts.InterfaceDeclaration | ts.TypeLiteralNode) => {
    // Only plain data shapes: an index signature or a method makes it something else.
    if (!node.members.every(ts.isPropertySignature)) return
    const props = node.members as ts.NodeArray<ts.PropertySignature>
    if (props.length < 2) return
    const names = props.map((p) => p.name.getText(source))
    const copied = shapes
      .filter((s) => props.every((p, i) => s.fields[names[i]] && fits(p.type, s.fields[names[i]], source)))
      .map((s) => s.name)
    if (!copied.length) return
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
    const label = ts.isInterfaceDeclaration(node) ? `interface ${node.name.text}` : 'type literal'
    copies.push({ at: `${file}:${line + 1} ${label}`, fields: names, schemaTypes: copied })
  }
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) check(node)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return copies
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sourceFiles(full)
    return e.name.endsWith('.tsx') ? [full] : []
  })
}

const shapes = schemaShapes(buildSchema(readSdl(), { assumeValidSDL: true }))

describe('components take generated types, never hand-written copies of schema types (issue #9)', () => {
  it('no component in src/features or src/components declares a copy of a schema type', () => {
    const copies = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
      findCopies(path.relative(ROOT, file), fs.readFileSync(file, 'utf8'), shapes),
    )
    expect(
      copies.map((c) => `${c.at} {${c.fields.join(', ')}} copies ${c.schemaTypes.join(' / ')}: use a fragment's generated type`),
    ).toEqual([])
  })

  describe('what counts as a copy', () => {
    const copiesIn = (text: string) => findCopies('x.tsx', text, shapes).flatMap((c) => c.schemaTypes)
    it('an interface whose fields are all a schema type’s, with matching types', () => {
      expect(copiesIn('interface PopularFund { fundCode: string; fundName: string }')).toContain('Fund')
    })
    it('an inline prop type, nullable and optional fields included', () => {
      expect(copiesIn('function T({ m }: { m: { managerId: string; managerName: string; company?: string | null } }) {}')).toContain(
        'Manager',
      )
    })
    it('a type alias of an object literal, nested lists included', () => {
      expect(
        copiesIn(
          'type H = { reportDate: string | null; isDemo: boolean; list: Array<{ securityCode: string; securityName: string; percent: string }> }',
        ),
      ).toEqual(expect.arrayContaining(['FundHoldings', 'FundHolding']))
    })
    it('not a shape whose field types differ (a numeric value is not a decimal string)', () => {
      expect(copiesIn('interface ChartPoint { date: string; value: number | null }')).toEqual([])
    })
    it('not a generic shape that shares field names (an option of any value)', () => {
      expect(copiesIn('interface Option<T> { value: T; label: string }')).toEqual([])
    })
    it('not a single field, nor a shape with a field the schema type lacks', () => {
      expect(copiesIn('type A = { fundCode: string }; type B = { fundCode: string; fundName: string; colour: string }')).toEqual([])
    })
    it('not a generated type or a part of one', () => {
      expect(copiesIn("type Row = FundTableRowFragment; type Q = NonNullable<FundDetailQuery['fund']>")).toEqual([])
    })
  })
})
