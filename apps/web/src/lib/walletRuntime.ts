import {
  connect,
  disconnect,
  getConnection,
  getConnectors,
  getPublicClient,
  reconnect,
  signMessage,
  switchChain,
  watchConnection,
} from 'wagmi/actions'
import type { Connector } from 'wagmi'
import type { Address } from 'viem'
import { createWagmiConfig } from './wagmiConfig.ts'
import type { CreateWagmiConfigParameters } from './wagmiConfig.ts'

/** The connected wallet as the app sees it (wagmi's connection, without its objects). */
export type WalletConnection = {
  address: Address | undefined
  chainId: number | undefined
  /** The connector's id (EIP-6963 reverse-DNS name, `injected`, or the development wallet's). */
  connectorId: string | undefined
  status: 'connecting' | 'reconnecting' | 'connected' | 'disconnected'
}

function connectionOf(config: ReturnType<typeof createWagmiConfig>): WalletConnection {
  const { address, chainId, connector, status } = getConnection(config)
  return { address, chainId, connectorId: connector?.id, status }
}

/**
 * The wallet side of the app: wagmi's config (the chain, its RPC URLs, the injected and EIP-6963 wallets, the
 * development wallet in test builds) and the actions the pages use. A module of its own, loaded right after the
 * first paint (data/wallet.tsx), so that wagmi, its connectors and viem's client stay out of the first load of `/`
 * (scripts/budgets.ts). Starting it reconnects the wallet of the last visit, as wagmi's provider does.
 *
 * @example
 * const wallet = startWalletRuntime({ chainId: 31337, rpcUrls: ['http://127.0.0.1:8545'] })
 * wallet.watch((connection) => console.log(connection.address))
 */
export function startWalletRuntime(parameters: CreateWagmiConfigParameters) {
  const config = createWagmiConfig(parameters)
  void reconnect(config)
  return {
    config,
    connection: () => connectionOf(config),
    /** Calls `onChange` with every change of the connection; returns the function that stops it. */
    watch: (onChange: (connection: WalletConnection) => void) =>
      watchConnection(config, { onChange: () => onChange(connectionOf(config)) }),
    connectors: (): readonly Connector[] => getConnectors(config),
    connect: (connector: Connector) => connect(config, { connector }),
    disconnect: () => disconnect(config),
    switchChain: (chainId: number) => switchChain(config, { chainId }),
    signMessage: (account: Address, message: string) => signMessage(config, { account, message }),
    publicClient: () => getPublicClient(config),
  }
}

export type WalletRuntime = ReturnType<typeof startWalletRuntime>
