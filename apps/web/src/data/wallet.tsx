import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import type { WalletConnection, WalletRuntime } from '../lib/walletRuntime.ts'

export type { WalletConnection, WalletRuntime } from '../lib/walletRuntime.ts'

/** Before the wallet's code has loaded: as wagmi reports a page load that may reconnect the last wallet. */
const LOADING: WalletConnection = {
  address: undefined,
  chainId: undefined,
  connectorId: undefined,
  status: 'reconnecting',
}
/** After the wallet's code failed to load: nothing connected (connecting tries to load it again). */
const UNAVAILABLE: WalletConnection = { ...LOADING, status: 'disconnected' }

/**
 * The wallet for the React tree: the connection (a snapshot for useSyncExternalStore) and the wallet's code
 * (lib/walletRuntime.ts), which loads once, on the first call of `load` (the provider calls it after the first
 * paint).
 */
export class Wallet {
  readonly #start: () => Promise<WalletRuntime>
  readonly #listeners = new Set<() => void>()
  #loading: Promise<WalletRuntime> | undefined
  #runtime: WalletRuntime | undefined
  #connection = LOADING

  constructor(start: () => Promise<WalletRuntime>) {
    this.#start = start
  }

  get connection(): WalletConnection {
    return this.#connection
  }

  /** The wallet's code once loaded, else undefined. */
  get runtime(): WalletRuntime | undefined {
    return this.#runtime
  }

  /** Loads the wallet's code (once; again after a failure) and follows the connection from then on. */
  load(): Promise<WalletRuntime> {
    this.#loading ??= this.#start().then(
      (runtime) => {
        this.#runtime = runtime
        runtime.watch((connection) => this.#set(connection))
        this.#set(runtime.connection())
        return runtime
      },
      (error: unknown) => {
        this.#loading = undefined
        this.#set(UNAVAILABLE)
        throw error
      },
    )
    return this.#loading
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #set(connection: WalletConnection) {
    this.#connection = connection
    for (const listener of this.#listeners) listener()
  }
}

const WalletContext = createContext<Wallet | null>(null)

/** Provides `wallet` to the tree and loads its code right after the first paint. */
export function WalletProvider({ wallet, children }: { wallet: Wallet; children: ReactNode }) {
  useEffect(() => {
    wallet.load().catch((error: unknown) => console.info('wallet: its code did not load', error))
  }, [wallet])
  return <WalletContext.Provider value={wallet}>{children}</WalletContext.Provider>
}

function useWallet(): Wallet {
  const wallet = useContext(WalletContext)
  if (!wallet) throw new Error('wallet hooks must be used inside <WalletProvider>')
  return wallet
}

/** The connected wallet: address, chain, connector and status ('reconnecting' until the wallet's code is in). */
export function useConnection(): WalletConnection {
  const wallet = useWallet()
  return useSyncExternalStore(wallet.subscribe, () => wallet.connection)
}

/**
 * The wallet's code, for actions (connect, sign, switch the chain, send): resolves once it has loaded.
 *
 * @example
 * const loadWallet = useWalletRuntime()
 * await (await loadWallet()).disconnect()
 */
export function useWalletRuntime(): () => Promise<WalletRuntime> {
  const wallet = useWallet()
  return useMemo(() => () => wallet.load(), [wallet])
}

/** A public client of the app's chain once the wallet's code has loaded (undefined before). */
export function usePublicClient(): ReturnType<WalletRuntime['publicClient']> | undefined {
  const wallet = useWallet()
  const [client, setClient] = useState(() => wallet.runtime?.publicClient())
  useEffect(() => {
    if (client) return
    let live = true
    wallet.load().then(
      (runtime) => live && setClient(runtime.publicClient()),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [wallet, client])
  return client
}
