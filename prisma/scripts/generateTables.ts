// Writes generated/tables.ts (git-ignored) from schema.prisma: every table's columns and their PostgreSQL types,
// for code that writes SQL by column (the indexer's bulk writer). Run by `nx run db:generate` after `prisma generate`.
import { writeGeneratedTables } from '../src/writeGeneratedTables.ts'

console.log(`wrote ${writeGeneratedTables()}`)
