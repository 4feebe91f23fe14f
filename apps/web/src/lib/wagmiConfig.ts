import { createConfig, injected } from 'wagmi'
import type { CreateConnectorFn } from 'wagmi'
import { rpcTransport } from '@nexus/sdk'
import { createAppChain } from './appChain.ts'
import type { AppEnv } from './env.ts'

export type CreateWagmiConfigParameters = Pick<AppEnv, 'chainId' | 'rpcUrls'> & {
  /**
   * Connectors besides the injected ones (EIP-6963 discovery plus the legacy `window.ethereum`), e.g. the
   * development wallet that only local builds add.
   */
  extraConnectors?: readonly CreateConnectorFn[]
}

/**
 * The wagmi config of the app: one chain, its RPC URLs tried in order (`rpcTransport` of the SDK), reads batched (Multicall3 where the chain has it, and JSON-RPC batches
 * over HTTP, so that the reads of one refresh travel in one request), injected wallets found through EIP-6963.
 *
 * @example
 * const config = createWagmiConfig({ chainId: 31337, rpcUrls: ['http://127.0.0.1:8545'] })
 */
export function createWagmiConfig({ chainId, rpcUrls, extraConnectors = [] }: CreateWagmiConfigParameters) {
  const chain = createAppChain(chainId, rpcUrls)
  return createConfig({
    chains: [chain],
    connectors: [injected({ shimDisconnect: true }), ...extraConnectors],
    multiInjectedProviderDiscovery: true,
    transports: { [chain.id]: rpcTransport(rpcUrls, { batch: true }) },
    batch: { multicall: true },
  })
}

export type AppWagmiConfig = ReturnType<typeof createWagmiConfig>
