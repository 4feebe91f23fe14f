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
  indexer_lease: 'indexer',
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
  // The keeper (apps/keeper): its journal of work and signed transactions, and the legacy withdrawals' payouts.
  keeper_work: 'keeper',
  keeper_transaction: 'keeper',
  keeper_payout: 'keeper',
  keeper_lease: 'keeper',
} as const satisfies Record<string, TableOwner>

export type TableName = keyof typeof tableOwners

/**
 * The read interface an owner offers the other apps (migrations `table_owners`, `keeper_payout`): view → its owner,
 * the tables it reads (all the owner's), the apps that read it and those that lock rows through it (FOR SHARE;
 * `assignAppRoles` grants them UPDATE on the view, which joins tables and so cannot be written through).
 */
export const readViews = {
  indexer_registration: { owner: 'indexer', over: ['registration'], readers: ['legacy-api'] },
  indexer_referral_path: { owner: 'indexer', over: ['referral_path'], readers: ['legacy-api'] },
  indexer_team_member_count: { owner: 'indexer', over: ['team_member_count'], readers: ['legacy-api'] },
  indexer_chain_checkpoint: { owner: 'indexer', over: ['chain_checkpoint'], readers: ['legacy-api'] },
  indexer_chain_block: { owner: 'indexer', over: ['chain_block'], readers: ['legacy-api'] },
  keeper_withdrawal_payout: { owner: 'keeper', over: ['keeper_payout'], readers: ['legacy-api'] },
  // the keeper locks a request's row FOR SHARE through it while it claims the payout
  legacy_withdrawal_request: {
    owner: 'legacy-api',
    over: ['legacy_user', 'legacy_withdrawal'],
    readers: ['keeper'],
    lockedBy: ['keeper'],
  },
} as const satisfies Record<
  string,
  { owner: TableOwner; over: readonly TableName[]; readers: readonly TableOwner[]; lockedBy?: readonly TableOwner[] }
>

/**
 * Accesses outside the rule, each with its reason (the test fails on any other, and on one of these no longer
 * made, so the list stays true).
 */
export const ownershipExceptions: readonly { app: TableOwner; table: TableName; why: string }[] = []
