/**
 * The entity tables the handlers fill, with the PostgreSQL type of each column: the bulk writer sends one text
 * array per column through `unnest` and casts it here.
 * @dev Column names match prisma/schema.prisma (snake_case). Every table carries chain_id and block_number
 * (rollbackTo deletes by it); every primary key is deterministic, so re-writing a range is a no-op.
 */
export const entityTables = {
  action_log: {
    index: 'numeric',
    owner: 'text',
    from: 'text',
    writer: 'text',
    user_index: 'numeric',
    symbol: 'text',
    action: 'text',
    is_reduce: 'boolean',
    is_reward: 'boolean',
    amount: 'numeric',
    balance: 'numeric',
    start_time: 'bigint',
    block_number: 'bigint',
    block_hash: 'text',
    log_index: 'int',
    transaction_hash: 'text',
  },
  order_record: {
    contract: 'text',
    order_index: 'numeric',
    owner: 'text',
    amount: 'numeric',
    tokens: 'numeric',
    details: 'jsonb',
    start_time: 'bigint',
    end_time: 'bigint',
    block_number: 'bigint',
    block_hash: 'text',
    log_index: 'int',
    transaction_hash: 'text',
  },
  order_change: {
    block_hash: 'text',
    log_index: 'int',
    contract: 'text',
    order_index: 'numeric',
    owner: 'text',
    event_name: 'text',
    status: 'text',
    amount: 'numeric',
    details: 'jsonb',
    block_number: 'bigint',
    block_timestamp: 'bigint',
    transaction_hash: 'text',
  },
  mint_record: {
    block_hash: 'text',
    log_index: 'int',
    account: 'text',
    round: 'numeric',
    times: 'numeric',
    amount: 'numeric',
    amount_nex: 'numeric',
    tokens: 'numeric',
    nfts: 'numeric',
    payment: 'int',
    block_number: 'bigint',
    block_timestamp: 'bigint',
    transaction_hash: 'text',
  },
  account_event: {
    block_hash: 'text',
    log_index: 'int',
    contract: 'text',
    account: 'text',
    counterparty: 'text',
    kind: 'text',
    amount: 'numeric',
    details: 'jsonb',
    block_number: 'bigint',
    block_timestamp: 'bigint',
    transaction_hash: 'text',
  },
  nft_transfer: {
    block_hash: 'text',
    log_index: 'int',
    batch_index: 'int',
    operator: 'text',
    from: 'text',
    to: 'text',
    token_id: 'numeric',
    value: 'numeric',
    block_number: 'bigint',
    block_timestamp: 'bigint',
    transaction_hash: 'text',
  },
  fomo_round_event: {
    block_hash: 'text',
    log_index: 'int',
    contract: 'text',
    round: 'numeric',
    kind: 'text',
    order_index: 'numeric',
    end_time: 'bigint',
    pot: 'numeric',
    paid: 'numeric',
    settler: 'text',
    block_number: 'bigint',
    block_timestamp: 'bigint',
    transaction_hash: 'text',
  },
  token_burn: {
    block_hash: 'text',
    log_index: 'int',
    contract: 'text',
    kind: 'text',
    account: 'text',
    amount: 'numeric',
    block_number: 'bigint',
    block_timestamp: 'bigint',
    transaction_hash: 'text',
  },
  team_level: {
    block_hash: 'text',
    log_index: 'int',
    contract: 'text',
    account: 'text',
    level: 'int',
    is_manual: 'boolean',
    block_number: 'bigint',
  },
  admin_action: {
    block_hash: 'text',
    log_index: 'int',
    contract: 'text',
    event_name: 'text',
    target: 'text',
    old_value: 'text',
    new_value: 'text',
    args: 'jsonb',
    block_number: 'bigint',
    block_timestamp: 'bigint',
    transaction_hash: 'text',
  },
} as const satisfies Record<string, Record<string, 'text' | 'int' | 'bigint' | 'numeric' | 'boolean' | 'jsonb'>>

export type EntityTable = keyof typeof entityTables

/** A row of `table`: every column (chain_id aside) as a value the bulk writer turns into text. */
export type EntityRow<T extends EntityTable> = {
  [column in keyof (typeof entityTables)[T]]: string | number | bigint | boolean | null
}

/** The rows one range produces, by table. */
export type EntityRows = { [T in EntityTable]: EntityRow<T>[] }

export const emptyEntityRows = (): EntityRows =>
  Object.fromEntries(Object.keys(entityTables).map((table) => [table, []])) as unknown as EntityRows

/** Every table a reorg rolls back by block_number (the entity tables and the original ones). */
export const rollbackTables = ['event_log', 'registration', 'referral_path', ...Object.keys(entityTables)] as const
