import { tableColumns } from '@nexus/db'

/**
 * The entity tables the handlers fill. Their columns and PostgreSQL types are not written here: they come from
 * prisma/schema.prisma (`tableColumns`, generated from Prisma's DMMF of the schema by `nx run db:generate`), so
 * a column renamed, added or retyped there changes the rows the handlers must produce (a typecheck error) and
 * the casts of the bulk writer, which sends one text array per column through `unnest` or COPY.
 * @dev Every table carries chain_id (the writer adds it) and block_number (rollbackTo deletes by it); every
 * primary key is deterministic, so re-writing a range is a no-op. store/tables.test.ts compares these lists
 * with the migrated database.
 */
const entityTableNames = [
  'action_log',
  'order_record',
  'order_change',
  'mint_record',
  'account_event',
  'nft_transfer',
  'fomo_round_event',
  'token_burn',
  'team_level',
  'admin_action',
] as const satisfies readonly (keyof typeof tableColumns)[]

export type EntityTable = (typeof entityTableNames)[number]

/** The columns of an entity table but chain_id, by name, with their PostgreSQL types. */
type EntityColumns<T extends EntityTable> = Omit<(typeof tableColumns)[T], 'chain_id'>

const withoutChainId = <T extends EntityTable>(table: T): EntityColumns<T> => {
  const { chain_id: _chainId, ...columns } = tableColumns[table]
  return columns
}

export const entityTables = Object.fromEntries(entityTableNames.map((table) => [table, withoutChainId(table)])) as {
  [T in EntityTable]: EntityColumns<T>
}

/** A row of `table`: every column (chain_id aside) as a value the bulk writer turns into text. */
export type EntityRow<T extends EntityTable> = {
  [column in keyof EntityColumns<T>]: string | number | bigint | boolean | null
}

/** The rows one range produces, by table. */
export type EntityRows = { [T in EntityTable]: EntityRow<T>[] }

export const emptyEntityRows = (): EntityRows =>
  Object.fromEntries(entityTableNames.map((table) => [table, []])) as unknown as EntityRows

/** Every table a reorg rolls back by block_number (the entity tables and the original ones). */
export const rollbackTables = ['event_log', 'registration', 'referral_path', ...entityTableNames] as const

/** The columns of `event_log` (in schema order), as the bulk writer sends them. */
export const eventLogColumns = Object.keys(tableColumns.event_log) as (keyof typeof tableColumns.event_log)[]
