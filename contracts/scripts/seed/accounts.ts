// The seed's users: fixed accounts of Hardhat's public development mnemonic, HD indexes 10..45. The first ten
// (the root of the tree, the V1 leaders, the syndicate holders, stakers, miners and FOM players) are among the
// node's unlocked accounts 10..19, so the web app's development wallet can switch to them and see filled pages;
// the web end-to-end tests use 0..9, which the seed never touches. Public test keys: never fund them elsewhere.
import { createWalletClient, custom, type Account, type Chain, type WalletClient } from 'viem'
import { HDKey, hdKeyToAccount } from 'viem/accounts'
import { pbkdf2Sync } from 'node:crypto'

/** Hardhat's default development mnemonic (public, local chains only). */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk'
/** HD index of the first seed account. */
export const FIRST_INDEX = 10
/** Number of seed accounts: a binary referral tree 6 levels deep below genesis. */
export const SEED_ACCOUNTS = 36

/**
 * HD index of the keeper's local development key (apps/keeper `DEV_KEY_INDEX`), right after the seed accounts: the
 * Payouts contract's payer on the local chain; the seed gives it BNB for gas.
 */
export const KEEPER_INDEX = FIRST_INDEX + SEED_ACCOUNTS
/** USDT the seed puts in the Payouts contract (the operator's float, from which the keeper pays legacy withdrawals). */
export const PAYOUTS_USDT = 100_000n * 10n ** 18n

/**
 * The mnemonic's root key, derived once: each `mnemonicToAccount` runs the mnemonic's PBKDF2 (2,048 rounds) again,
 * which for the 36 seed accounts blocked the event loop for over 4 s on a loaded machine, long enough for the
 * Hardhat node to close the seed's idle keep-alive connection before the client noticed, so the next request failed
 * ("Failed to make POST request", the browser tests' global setup at Main.genesis).
 */
let root: HDKey | undefined
function account(addressIndex: number) {
  // BIP-39's seed (PBKDF2-HMAC-SHA512, salt "mnemonic", 2,048 rounds), natively
  root ??= HDKey.fromMasterSeed(pbkdf2Sync(HARDHAT_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'))
  return hdKeyToAccount(root, { addressIndex })
}

/** The address of the keeper's local development key. */
export function keeperAddress() {
  return account(KEEPER_INDEX).address
}

export type SeedWallet = WalletClient<ReturnType<typeof custom>, Chain, Account>

/** The seed accounts' local signers (m/44'/60'/0'/0/10 and on). */
export function seedAccounts(count = SEED_ACCOUNTS): Account[] {
  return Array.from({ length: count }, (_, i) => account(FIRST_INDEX + i))
}

/** A wallet client per account that signs locally and sends raw transactions through `provider`. */
export function seedWallets(accounts: Account[], chain: Chain, provider: Parameters<typeof custom>[0]): SeedWallet[] {
  return accounts.map((account) => createWalletClient({ account, chain, transport: custom(provider) }))
}

/** Referrer of seed account `i` in the tree: genesis for the root, else its parent in a binary heap. */
export function parentOf(i: number): number | undefined {
  return i === 0 ? undefined : Math.floor((i - 1) / 2)
}
