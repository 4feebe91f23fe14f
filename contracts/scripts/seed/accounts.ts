// The seed's users: fixed accounts of Hardhat's public development mnemonic, from HD index 20 on (the node unlocks
// indexes 0..19; the web end-to-end tests use 0..9, so the seed never touches them). Their keys are public test
// keys: never fund them on a real network.
import { createWalletClient, custom, type Account, type Chain, type WalletClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** Hardhat's default development mnemonic (public, local chains only). */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk'
/** HD index of the first seed account. */
export const FIRST_INDEX = 20
/** Number of seed accounts: a binary referral tree 6 levels deep below genesis. */
export const SEED_ACCOUNTS = 36

export type SeedWallet = WalletClient<ReturnType<typeof custom>, Chain, Account>

/** The seed accounts' local signers (m/44'/60'/0'/0/20 and on). */
export function seedAccounts(count = SEED_ACCOUNTS): Account[] {
  return Array.from({ length: count }, (_, i) => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: FIRST_INDEX + i }))
}

/** A wallet client per account that signs locally and sends raw transactions through `provider`. */
export function seedWallets(accounts: Account[], chain: Chain, provider: Parameters<typeof custom>[0]): SeedWallet[] {
  return accounts.map((account) => createWalletClient({ account, chain, transport: custom(provider) }))
}

/** Referrer of seed account `i` in the tree: genesis for the root, else its parent in a binary heap. */
export function parentOf(i: number): number | undefined {
  return i === 0 ? undefined : Math.floor((i - 1) / 2)
}
