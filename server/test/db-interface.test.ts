import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { sql } from 'kysely'
import ts from 'typescript'
import { migrate, openDatabase, type Database } from '../src/db'
import { PG_BIN, startPostgres, type ThrowawayPostgres } from './helpers'

/**
 * The Database interface (server/src/db/schema.ts) against the columns of a freshly migrated
 * database, on PGlite and on PostgreSQL 15: a migration without its interface change (or an
 * interface change without its migration) fails here instead of at the first query.
 */

const SCHEMA = path.join(__dirname, '..', 'src', 'db', 'schema.ts')

/** The coarse type a column's value has in JavaScript, as both engines hand it over (db/pglite-pool.ts TYPE_PARSERS). */
type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'json' | 'string[]'

interface Column {
  kind: Kind | `unmapped ${string}`
  nullable: boolean
  /** Whether an insert may leave it out (interface: Generated or optional; database: a default, or nullable). */
  insertOptional: boolean
}

type Columns = Map<string, Map<string, Column>>

/** What an insert may leave out: a column with a default, an identity, or one that takes null. */
const DB_KINDS: Record<string, Kind> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  numeric: 'string', // decimal strings: exact
  date: 'string', // 'yyyy-MM-dd', no time-zone shift
  int2: 'number',
  int4: 'number',
  int8: 'number', // counts and bigserials: the int8 parser makes them numbers
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  json: 'json',
  jsonb: 'json',
  _text: 'string[]',
  _varchar: 'string[]',
}

/** Every base table's columns in the public schema, but Kysely's own migration tables. */
async function databaseColumns(database: Database): Promise<Columns> {
  const { rows } = await sql<{
    table_name: string
    column_name: string
    udt_name: string
    is_nullable: 'YES' | 'NO'
    column_default: string | null
    is_identity: 'YES' | 'NO'
  }>`select c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_identity
     from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely\\_%'
     order by c.table_name, c.ordinal_position`.execute(database.db)
  const out: Columns = new Map()
  for (const r of rows) {
    const table = out.get(r.table_name) ?? new Map<string, Column>()
    const nullable = r.is_nullable === 'YES'
    table.set(r.column_name, {
      kind: DB_KINDS[r.udt_name] ?? `unmapped ${r.udt_name}`,
      nullable,
      insertOptional: nullable || r.column_default !== null || r.is_identity === 'YES',
    })
    out.set(r.table_name, table)
  }
  return out
}

/**
 * The interface's tables and columns as the TypeScript checker sees them: schema.ts's `DB`,
 * through Kysely's own Selectable and Insertable (so Generated and ColumnType count as Kysely
 * reads them), for a probe file compiled beside schema.ts.
 */
function interfaceColumns(schemaFile = SCHEMA): Columns {
  const probe = path.join(path.dirname(schemaFile), '__db_interface_probe.ts')
  const probeText = `import type { Insertable, Selectable } from 'kysely'
import type { DB } from './${path.basename(schemaFile, '.ts')}'
export type Rows = { [T in keyof DB]: Selectable<DB[T]> }
export type Inserts = { [T in keyof DB]: Insertable<DB[T]> }
`
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const read = host.readFile.bind(host)
  const exists = host.fileExists.bind(host)
  const getSource = host.getSourceFile.bind(host)
  host.readFile = (f) => (path.resolve(f) === probe ? probeText : read(f))
  host.fileExists = (f) => path.resolve(f) === probe || exists(f)
  host.getSourceFile = (f, lang, onError, create) =>
    path.resolve(f) === probe ? ts.createSourceFile(f, probeText, lang) : getSource(f, lang, onError, create)
  const program = ts.createProgram([probe], options, host)
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  assert.deepEqual(errors, [], 'schema.ts compiles')
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(probe)
  assert.ok(source)
  const alias = (name: string) => {
    const declaration = source.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === name)
    assert.ok(declaration, name)
    return checker.getTypeAtLocation(declaration.name)
  }
  const rows = alias('Rows')
  const inserts = alias('Inserts')

  const kindOf = (type: ts.Type): Column['kind'] => {
    const parts = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
    const kinds = new Set(
      parts.map((t): Column['kind'] => {
        if (t.flags & ts.TypeFlags.StringLike) return 'string'
        if (t.flags & ts.TypeFlags.NumberLike) return 'number'
        if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean'
        if (t.flags & ts.TypeFlags.BigIntLike) return 'unmapped bigint'
        if (t.getSymbol()?.name === 'Date') return 'Date'
        if (checker.isArrayType(t)) {
          const [element] = checker.getTypeArguments(t as ts.TypeReference)
          if (element.flags & ts.TypeFlags.StringLike) return 'string[]'
        }
        // Objects, records, arrays of objects, unknown: a JSON document.
        return 'json'
      }),
    )
    return kinds.size === 1 ? [...kinds][0] : `unmapped ${checker.typeToString(type)}`
  }

  const out: Columns = new Map()
  for (const table of rows.getProperties()) {
    const row = checker.getTypeOfSymbol(table)
    const insertSymbol = inserts.getProperty(table.name)
    assert.ok(insertSymbol, table.name)
    const insert = checker.getTypeOfSymbol(insertSymbol)
    const columns = new Map<string, Column>()
    for (const column of row.getProperties()) {
      const type = checker.getTypeOfSymbol(column)
      const inserted = insert.getProperty(column.name)
      columns.set(column.name, {
        kind: kindOf(type),
        nullable: type.isUnion() && type.types.some((t) => t.flags & ts.TypeFlags.Null),
        // Left out of Insertable (ColumnType<…, never>) or optional there (Generated).
        insertOptional: !inserted || (inserted.flags & ts.SymbolFlags.Optional) !== 0,
      })
    }
    out.set(table.name, columns)
  }
  return out
}

/** Where the interface and the database disagree, one line each; empty when they agree. */
function drift(iface: Columns, database: Columns): string[] {
  const lines: string[] = []
  for (const table of database.keys()) if (!iface.has(table)) lines.push(`table ${table}: in the database, not in DB`)
  for (const table of iface.keys()) if (!database.has(table)) lines.push(`table ${table}: in DB, not in the database`)
  for (const [table, dbColumns] of database) {
    const ifColumns = iface.get(table)
    if (!ifColumns) continue
    for (const name of dbColumns.keys()) if (!ifColumns.has(name)) lines.push(`${table}.${name}: in the database, not in the interface`)
    for (const name of ifColumns.keys()) if (!dbColumns.has(name)) lines.push(`${table}.${name}: in the interface, not in the database`)
    for (const [name, d] of dbColumns) {
      const i = ifColumns.get(name)
      if (!i) continue
      const compatible = i.kind === d.kind || (d.kind === 'json' && i.kind === 'string[]') // a JSON array of strings
      if (!compatible) lines.push(`${table}.${name}: the database hands over ${d.kind}, the interface says ${i.kind}`)
      if (i.nullable !== d.nullable)
        lines.push(
          `${table}.${name}: ${d.nullable ? 'nullable' : 'not null'} in the database, ${i.nullable ? 'nullable' : 'not null'} in the interface`,
        )
      if (i.insertOptional && !d.insertOptional)
        lines.push(`${table}.${name}: the interface lets an insert leave it out, but it has no default and is not null`)
    }
  }
  return lines
}

async function freshDatabaseColumns(open: () => Promise<Database>, extra: string[] = []): Promise<Columns> {
  const database = await open()
  try {
    await migrate(database)
    for (const statement of extra) await sql.raw(statement).execute(database.db)
    return await databaseColumns(database)
  } finally {
    await database.close()
  }
}

const pgAvailable = fs.existsSync(`${PG_BIN}/initdb`)
let pg: ThrowawayPostgres | undefined
after(() => pg?.stop())

const engines: Array<{ name: string; open: () => Promise<Database>; skip?: string }> = [
  { name: 'PGlite', open: () => openDatabase({}) },
  {
    name: 'PostgreSQL 15',
    open: () => openDatabase({ databaseUrl: (pg ??= startPostgres()).url, poolSize: 2 }),
    skip: pgAvailable ? undefined : `no binaries at ${PG_BIN}`,
  },
]

describe('the Database interface (schema.ts) matches the migrated database', () => {
  const iface = interfaceColumns()

  it('reads every table of DB with its columns', () => {
    assert.ok(iface.size >= 40, `tables in DB: ${iface.size}`)
    assert.equal(iface.get('funds')?.get('fund_code')?.kind, 'string')
    assert.deepEqual(iface.get('live_comments')?.get('created_at'), { kind: 'Date', nullable: false, insertOptional: true })
    assert.deepEqual(iface.get('saved_filters')?.get('seq'), { kind: 'number', nullable: true, insertOptional: true })
  })

  for (const engine of engines) {
    it(`${engine.name}: tables, columns, coarse types, nullability and defaults`, { skip: engine.skip }, async () => {
      assert.deepEqual(drift(iface, await freshDatabaseColumns(engine.open)), [])
    })
  }

  it('a column added by a migration but not to the interface is found, and so is a changed type or nullability', async () => {
    const columns = await freshDatabaseColumns(engines[0].open, [
      'alter table funds add column scratch text',
      'alter table funds alter column intro set not null',
      'alter table managers alter column career_start type timestamptz',
      'create table scratch_table (id integer primary key)',
    ])
    assert.deepEqual(drift(iface, columns).sort(), [
      'funds.intro: not null in the database, nullable in the interface',
      'funds.intro: the interface lets an insert leave it out, but it has no default and is not null',
      'funds.scratch: in the database, not in the interface',
      'managers.career_start: the database hands over Date, the interface says string',
      'table scratch_table: in the database, not in DB',
    ])
  })
})
