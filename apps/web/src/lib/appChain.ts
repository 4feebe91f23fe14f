import { getDeployment } from '@nexus/abi'
import { defineChain } from 'viem'
import type { Address, Chain } from 'viem'
import { bsc, bscTestnet } from 'viem/chains'

/**
 * The chain the app works on: BSC (56), BSC testnet (97) or a local chain, with the operator's RPC URL.
 * viem batches reads through Multicall3 when the chain has one: BSC's is built in; on a local chain it is the
 * `Multicall3` entry of `libs/abi/deployments/<chainId>.json` when the deploy step wrote one.
 *
 * @example
 * createAppChain(31337, 'http://127.0.0.1:8545')
 */
export function createAppChain(chainId: number, rpcUrl: string): Chain {
  const rpcUrls = { default: { http: [rpcUrl] } }
  if (chainId === bsc.id) return { ...bsc, rpcUrls }
  if (chainId === bscTestnet.id) return { ...bscTestnet, rpcUrls }
  const multicall3 = deployedMulticall3(chainId)
  return defineChain({
    id: chainId,
    name: chainId === 31337 ? 'Localhost' : `Chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls,
    ...(multicall3
      ? { contracts: { multicall3: { address: multicall3.address, blockCreated: multicall3.blockNumber } } }
      : {}),
    testnet: true,
  })
}

function deployedMulticall3(chainId: number): { address: Address; blockNumber: number } | undefined {
  try {
    const found = getDeployment(chainId).contracts.Multicall3
    return found ? { address: found.address, blockNumber: found.blockNumber } : undefined
  } catch {
    return undefined
  }
}

/**
 * The fee of the chain's DEX pair in basis points, as its router prices a swap: PancakeSwap V2 on BSC and its
 * testnet (0.25 %), Uniswap V2 on a local chain (0.3 %).
 *
 * @example
 * dexFeeBps(56) // 25
 */
export function dexFeeBps(chainId: number): number {
  return chainId === bsc.id || chainId === bscTestnet.id ? 25 : 30
}
