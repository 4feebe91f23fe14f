import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageDir, schemaPath } from './paths.ts'
import { tableColumnsModule } from './tableColumns.ts'

export const generatedTablesPath = join(packageDir, 'generated', 'tables.ts')

/** Writes `generated/tables.ts` from schema.prisma; returns its path. */
export function writeGeneratedTables(): string {
  mkdirSync(join(packageDir, 'generated'), { recursive: true })
  writeFileSync(generatedTablesPath, tableColumnsModule(readFileSync(schemaPath, 'utf8')))
  return generatedTablesPath
}
