export { createDatabase, withEveryConnection } from './createDatabase.ts'
export { isDatabaseUnavailable, whenDatabaseAvailable } from './databaseUnavailable.ts'
export type { CreateDatabaseParameters, Database } from './createDatabase.ts'
export {
  createMigration,
  deployMigrations,
  diffMigrationsToSchema,
  migrationStatus,
  readMigrations,
} from './migrate.ts'
export type { MigrateOptions, MigrationStatus } from './migrate.ts'
export { DatabaseNotMigratedError, verifyMigrations } from './migrate.ts'
export {
  accountDayTotal,
  accountDayTotalSql,
  creditLegacyWallet,
  finishRejections,
  refundRejectedWithdrawal,
  refundsOf,
  withdrawnToday,
} from './legacyWithdrawals.ts'
export { assignAppRoles } from './appRoles.ts'
export {
  assertLease,
  type HeldLease,
  holdLease,
  type LeaseHolder,
  type LeaseKeeperOptions,
  LeaseLostError,
  type LeaseOptions,
  leaseOwnerId,
  type LeaseTable,
  releaseLease,
  renewLease,
  takeLease,
} from './lease.ts'
export type { AppRoles } from './appRoles.ts'
export { syncTeamTotals } from './legacyTeamSync.ts'
export type { TeamSyncResult } from './legacyTeamSync.ts'
export { parseDatabaseUrl } from './parseDatabaseUrl.ts'
export { createPreparedStatements } from './preparedStatements.ts'
export type { PreparedQuery } from './preparedStatements.ts'
export type { PgConnectionConfig } from './parseDatabaseUrl.ts'
export { defaultPgliteDir, migrationsDir, schemaPath } from './paths.ts'
export { Prisma, PrismaClient } from '../generated/client/client.ts'
export { tableColumns } from '../generated/tables.ts'
export type { ColumnType } from './tableColumns.ts'
export type * from '../generated/client/models.ts'
export type { Pool, PoolClient } from 'pg'
export { lsnBytes, openReadReplica } from './readReplica.ts'
export type { OpenReadReplicaParameters, ReadReplica, ReplicaLag } from './readReplica.ts'
