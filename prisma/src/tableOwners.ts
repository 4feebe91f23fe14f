/**
 * The app that owns each table of the one database (docs/database.md): only the owner writes it, and another app
 * reads it only through the owner's views (`readViews`). `tableOwners.test.ts` checks the apps' SQL and Prisma calls,
 * the database's triggers and functions, and the docs against this map.
 */
export type TableOwner = 'indexer' | 'legacy-api' | 'keeper'

export const tableOwners = {
  // The chain's index (apps/indexer): written in the transaction of each range, rolled back by reorgs.
  chain_checkpoint: 'indexer',
  chain_block: 'indexer',
  event_log: 'indexer',
  registration: 'indexer',
  referral_path: 'indexer',
  team_member_count: 'indexer',
  action_log: 'indexer',
  order_record: 'indexer',
  order_change: 'indexer',
  account_order_total: 'indexer',
  team_order_total: 'indexer',
  mint_record: 'indexer',
  account_event: 'indexer',
  nft_transfer: 'indexer',
  fomo_round_event: 'indexer',
  token_burn: 'indexer',
  team_level: 'indexer',
  admin_action: 'indexer',
  deferred_index: 'indexer',
  // The first product version's REST API (apps/legacy-api).
  legacy_user: 'legacy-api',
  legacy_login_nonce: 'legacy-api',
  legacy_session: 'legacy-api',
  legacy_machine_type: 'legacy-api',
  legacy_machine: 'legacy-api',
  legacy_team_total: 'legacy-api',
  legacy_team_machine: 'legacy-api',
  legacy_team_sync: 'legacy-api',
  legacy_node: 'legacy-api',
  legacy_node_order: 'legacy-api',
  legacy_wallet: 'legacy-api',
  legacy_wallet_log: 'legacy-api',
  legacy_power_log: 'legacy-api',
  legacy_withdrawal: 'legacy-api',
  legacy_payment: 'legacy-api',
  // The keeper (apps/keeper): its journal of work and signed transactions.
  keeper_work: 'keeper',
  keeper_transaction: 'keeper',
} as const satisfies Record<string, TableOwner>

export type TableName = keyof typeof tableOwners

/** The read interface an owner offers the other apps (migration `table_owners`): view → owner, the tables it reads. */
export const readViews = {
  indexer_registration: { owner: 'indexer', over: 'registration' },
  indexer_referral_path: { owner: 'indexer', over: 'referral_path' },
  indexer_team_member_count: { owner: 'indexer', over: 'team_member_count' },
  indexer_chain_checkpoint: { owner: 'indexer', over: 'chain_checkpoint' },
  indexer_chain_block: { owner: 'indexer', over: 'chain_block' },
} as const satisfies Record<string, { owner: TableOwner; over: TableName }>

/**
 * Accesses outside the rule, each with its reason (the test fails on any other, and on one of these no longer
 * made, so the list stays true).
 */
export const ownershipExceptions = [
  {
    app: 'keeper',
    table: 'legacy_withdrawal',
    why: "the keeper pays the legacy API's withdrawals out: it claims a pending one and records paying/paid, its payout transaction and time, or gives it back to pending",
  },
] as const satisfies readonly { app: TableOwner; table: TableName; why: string }[]
