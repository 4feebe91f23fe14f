import { defineChain } from 'viem'
import type { Address, Chain } from 'viem'
import { bsc, bscTestnet } from 'viem/chains'
import { appDeployment } from './deployment.ts'

/**
 * The chain the app works on: BSC (56), BSC testnet (97) or a local chain, with the operator's RPC URLs.
 * viem batches reads through Multicall3 when the chain has one: BSC's is built in; on a local chain it is the
 * `Multicall3` entry of `libs/abi/deployments/<chainId>.json` when the deploy step wrote one.
 *
 * @example
 * createAppChain(31337, ['http://127.0.0.1:8545'])
 */
export function createAppChain(chainId: number, rpcUrls: readonly string[]): Chain {
  const urls = { default: { http: [...rpcUrls] } }
  if (chainId === bsc.id) return { ...bsc, rpcUrls: urls }
  if (chainId === bscTestnet.id) return { ...bscTestnet, rpcUrls: urls }
  const multicall3 = deployedMulticall3(chainId)
  return defineChain({
    id: chainId,
    name: chainId === 31337 ? 'Localhost' : `Chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: urls,
    ...(multicall3
      ? { contracts: { multicall3: { address: multicall3.address, blockCreated: multicall3.blockNumber } } }
      : {}),
    testnet: true,
  })
}

function deployedMulticall3(chainId: number): { address: Address; blockNumber: number } | undefined {
  const found = appDeployment(chainId)?.contracts.Multicall3
  return found ? { address: found.address, blockNumber: found.blockNumber } : undefined
}

/**
 * A link to a transaction or an account on the block explorer: the `configured` one (`VITE_EXPLORER_URL`, e.g. a
 * local explorer) when set, else the chain's own (BscScan on 56, testnet BscScan on 97), else undefined (the
 * local chain): the page then shows the bare hash or address.
 *
 * @example
 * explorerUrl(97, 'tx', '0xabc…') // 'https://testnet.bscscan.com/tx/0xabc…'
 * explorerUrl(31337, 'tx', '0xabc…', 'http://127.0.0.1:5100') // 'http://127.0.0.1:5100/tx/0xabc…'
 */
export function explorerUrl(
  chainId: number,
  kind: 'tx' | 'address',
  value: string,
  configured?: string,
): string | undefined {
  const base =
    configured ??
    (chainId === bsc.id ? bsc : chainId === bscTestnet.id ? bscTestnet : undefined)?.blockExplorers?.default.url
  return base ? `${base}/${kind}/${value}` : undefined
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
