import {
  booleanSetting as boolean,
  integerSetting as integer,
  parseRpcUrls,
  SettingsError as ConfigError,
  databaseSettings,
  type ReadReplicaSettings,
  readReplicaSettings,
} from '@nexus/abi/node'

/**
 * The indexer's settings, read from the environment once at start.
 * @dev The README lists the same variables; docker-compose.yml and its test rely on that list.
 */
export type IndexerConfig = ReadReplicaSettings & {
  /**
   * JSON-RPC endpoints of the chain's nodes (RPC_URL, comma-separated): the indexer reads from the first until it
   * fails, then from the next (see createRpc).
   */
  rpcUrls: string[]
  /** Chain id the node must report (CHAIN_ID); also selects libs/abi/deployments/<chainId>.json. */
  chainId: number
  /** The chain's deployments file (DEPLOYMENTS_FILE), read and checked at start; unset: libs/abi's for the chain. */
  deploymentsFile: string | undefined
  /**
   * First block to index (START_BLOCK): contracts deployed before it are indexed from it, their earlier events
   * skipped. Unset: each contract's deployment block from the deployments file.
   */
  startBlock: bigint | undefined
  /** PostgreSQL URL (DATABASE_URL); undefined selects the embedded PGlite database under .data/. */
  databaseUrl: string | undefined
  /** DATABASE_MIGRATE: true applies pending migrations at start; 'verify' (false) only checks they are applied. */
  databaseMigrate: true | 'verify'
  /**
   * Whether this process indexes the chain (INDEXER_INGEST, default true). false: a reader that only serves GraphQL
   * (e.g. on a replica, DATABASE_READ_URL), beside the one writer.
   */
  ingest: boolean
  /** Blocks behind the head a row must be to count as confirmed (CONFIRMATIONS). */
  confirmations: number
  /** /readyz answers 200 while the indexed block is at most this many blocks behind the head (READY_MAX_LAG). */
  readyMaxLag: number
  port: number
  host: string
  /** Whether GraphQL introspection is allowed (GRAPHQL_INTROSPECTION; off by default in production). */
  introspection: boolean
  logLevel: string
  /** Milliseconds between polls of the chain head once caught up (POLL_INTERVAL_MS). */
  pollInterval: number
  /** Largest eth_getLogs range in blocks (MAX_BLOCK_RANGE; BSC nodes cap it at 5,000). */
  maxRange: number
  /** eth_getLogs requests in flight while catching up (LOGS_IN_FLIGHT). */
  logsInFlight: number
}

/** A missing or bad setting; the message names the variable and the value. */
export { ConfigError }

/**
 * Reads and validates the indexer's environment; throws a {@link ConfigError} naming the variable at fault.
 *
 * @example
 * const config = readConfig(process.env)
 */
export function readConfig(env: Record<string, string | undefined>): IndexerConfig {
  const chainId = integer(env, 'CHAIN_ID', 31337, 1, 2 ** 32)
  const rpcUrls = parseRpcUrls(env.RPC_URL, chainId)
  const startBlock = env.START_BLOCK?.trim()
  if (startBlock && !/^\d+$/.test(startBlock)) {
    throw new ConfigError(`START_BLOCK must be a block number (got "${startBlock}")`)
  }
  return {
    rpcUrls,
    chainId,
    deploymentsFile: env.DEPLOYMENTS_FILE?.trim() || undefined,
    startBlock: startBlock ? BigInt(startBlock) : undefined,
    ...databaseSettings(env),
    ...readReplicaSettings(env),
    ingest: boolean(env, 'INDEXER_INGEST', true),
    // A local chain never reorganizes by itself; public chains need a margin (BSC: 15 blocks).
    confirmations: integer(env, 'CONFIRMATIONS', chainId === 31337 ? 0 : 15, 0, 10_000),
    readyMaxLag: integer(env, 'READY_MAX_LAG', 5, 0, 1_000_000),
    port: integer(env, 'PORT', 4000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    introspection: boolean(env, 'GRAPHQL_INTROSPECTION', env.NODE_ENV !== 'production'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    // The local chain mines on demand: a short poll keeps a mined block's rows queryable within ~100 ms.
    // Public chains produce a block every few seconds (BSC: 3 s): one poll a second is plenty there.
    pollInterval: integer(env, 'POLL_INTERVAL_MS', chainId === 31337 ? 25 : 1_000, 1, 600_000),
    maxRange: integer(env, 'MAX_BLOCK_RANGE', 5_000, 1, 1_000_000),
    logsInFlight: integer(env, 'LOGS_IN_FLIGHT', 4, 1, 64),
  }
}
