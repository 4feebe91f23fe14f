import { createContext, useContext } from 'react'
import type { Address } from 'viem'

/** What the app needs of the development wallet (lib/devWallet.ts, present in dev and test builds only). */
export type DevWalletControl = {
  listAccounts(): Promise<readonly Address[]>
  selectAccount(account: Address): Promise<void>
  /** Whether the wallet refuses every signature and transaction (as a user rejecting them), and the switch. */
  refuses(): boolean
  setRefuse(refuse: boolean): void
  /** Whether the wallet answers EIP-5792 batched calls (approve and act in one confirmation), and the switch. */
  batches(): boolean
  setBatch(batch: boolean): void
}

export const DEV_WALLET_CONNECTOR_ID = 'org.nexus.dev-wallet'

export const DevWalletContext = createContext<DevWalletControl | null>(null)

/** The development wallet of this build, or null (always null in production builds). */
export function useDevWallet(): DevWalletControl | null {
  return useContext(DevWalletContext)
}
