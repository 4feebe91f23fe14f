import { getDMMF } from '@prisma/get-dmmf'

/** The PostgreSQL type of a column, as the indexer's bulk writer casts text to it. */
export type ColumnType = 'text' | 'int' | 'bigint' | 'numeric' | 'boolean' | 'jsonb' | 'timestamptz' | 'text[]'

const columnTypes: Record<string, ColumnType> = {
  String: 'text',
  Int: 'int',
  BigInt: 'bigint',
  Decimal: 'numeric',
  Boolean: 'boolean',
  Json: 'jsonb',
  DateTime: 'timestamptz',
}

/**
 * Every table of `schema` (Prisma schema text) with its columns in declaration order, by their database names
 * (`@@map` / `@map`), each with its PostgreSQL type, read from Prisma's own DMMF of the schema.
 */
export function tableColumnsOf(schema: string): Record<string, Record<string, ColumnType>> {
  const dmmf = getDMMF({ datamodel: schema })
  if ('error' in dmmf) throw new Error(`schema.prisma does not parse: ${dmmf.reason}`, { cause: dmmf.error })
  const tables: Record<string, Record<string, ColumnType>> = {}
  for (const model of dmmf.datamodel.models) {
    const columns: Record<string, ColumnType> = {}
    for (const field of model.fields) {
      if (field.kind !== 'scalar') continue
      const type = columnTypes[field.type]
      if (!type) throw new Error(`${model.name}.${field.name}: no column type for Prisma type ${field.type}`)
      if (field.isList && type !== 'text') throw new Error(`${model.name}.${field.name}: lists of ${field.type}`)
      columns[field.dbName ?? field.name] = field.isList ? 'text[]' : type
    }
    tables[model.dbName ?? model.name] = columns
  }
  return tables
}

/** The module `generated/tables.ts`: {@link tableColumnsOf} of the schema as a constant with literal types. */
export function tableColumnsModule(schema: string): string {
  const tables = tableColumnsOf(schema)
  const body = Object.entries(tables)
    .map(
      ([table, columns]) =>
        `  ${table}: {\n${Object.entries(columns)
          .map(([column, type]) => `    ${JSON.stringify(column)}: '${type}',\n`)
          .join('')}  },\n`,
    )
    .join('')
  return (
    '// Generated from schema.prisma by prisma/scripts/generateTables.ts (run by `nx run db:generate`): do not edit.\n' +
    '/** Every table of schema.prisma, its columns (database names, in declaration order) and their PostgreSQL types. */\n' +
    `export const tableColumns = {\n${body}} as const\n`
  )
}
