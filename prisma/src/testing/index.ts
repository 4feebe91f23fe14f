import './providedContext.ts'

export { createTestDatabase } from './createTestDatabase.ts'
export type { TestDatabase } from './createTestDatabase.ts'
export { ensurePrismaClient } from './ensurePrismaClient.ts'
export { migratedColumns } from './migratedColumns.ts'
