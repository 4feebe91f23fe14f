import { readPage, rpcTransport } from '@nexus/sdk'
import { createClient } from 'viem'
import type { ContractFunctionParameters } from 'viem'
import { getBlock } from 'viem/actions'
import { createAppChain } from '../lib/appChain.ts'
import type { AppEnv } from '../lib/env.ts'
import type { ChainReader } from './chainDataStore.ts'

/**
 * The chain side of the refresh cycle (data/chainDataStore.ts): the latest block and one multicall of a page's
 * reads (the SDK's `readPage`). A module of its own, loaded by the first refresh (SPEC.md §2: 1 s after the page
 * opens), so that viem's call, multicall and ABI coding stay out of the first load of `/` (scripts/budgets.ts).
 *
 * @example
 * const reader = createChainReader({ chainId: 31337, rpcUrls: ['http://127.0.0.1:8545'] })
 * const block = await reader.latestBlock()
 */
export function createChainReader(env: Pick<AppEnv, 'chainId' | 'rpcUrls'>): ChainReader {
  const chain = createAppChain(env.chainId, env.rpcUrls)
  // A bare client with the few actions used here: a public client would bundle every public action.
  const client = createClient({ chain, transport: rpcTransport(env.rpcUrls, { retryCount: 1 }) })
  return {
    latestBlock: () => getBlock(client, { blockTag: 'latest', includeTransactions: false }),
    read: (contracts: readonly ContractFunctionParameters[], blockNumber: bigint) =>
      readPage(client, { contracts, allowFailure: true, blockNumber }),
  }
}
