import type { Abi, Address, Hex } from 'viem'

/**
 * A contract whose events the indexer reads, from its deployment block on.
 * `name` is its name in the deployments file; `kind` the contract it is (`SuperFomo` is a `Fomo`).
 */
export type Source = { name: string; kind: string; abi: Abi; address: Address; startBlock: bigint }

/** A log as eth_getLogs returns it (Hardhat and recent nodes add `blockTimestamp`). */
export type RpcLog = {
  address: Address
  topics: Hex[]
  data: Hex
  blockNumber: Hex
  blockHash: Hex
  blockTimestamp?: Hex
  transactionHash: Hex
  transactionIndex: Hex
  logIndex: Hex
  removed?: boolean
}

export type BlockHeader = { number: bigint; hash: Hex; parentHash: Hex; timestamp: bigint }

/** What one step of the sync loop did. */
export type SyncEvent =
  | { type: 'range'; fromBlock: bigint; toBlock: bigint; events: number }
  | { type: 'reorg'; commonAncestor: bigint; orphanedFrom: bigint }
  | { type: 'idle'; head: bigint }
