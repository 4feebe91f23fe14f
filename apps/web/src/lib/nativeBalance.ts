import { multicall3Abi } from '@nexus/abi'
import type { Address } from 'viem'
import { createAppChain } from './appChain.ts'
import { env } from './env.ts'

/** Multicall3 of the app's chain (BSC's built-in one, or the local deployment's), for BNB balances. */
const multicall3 = createAppChain(env.chainId, env.rpcUrls).contracts?.multicall3?.address

/**
 * The read of an account's BNB balance through Multicall3's `getEthBalance`, so that it travels in the page's one
 * multicall per block (useChainReads); undefined when the chain has no Multicall3.
 *
 * @example
 * const reads = useChainReads([nativeBalanceRead(account)!])
 */
export function nativeBalanceRead(account: Address) {
  return multicall3
    ? ({ address: multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [account] } as const)
    : undefined
}
