import { readFileSync } from 'node:fs'
import { pbkdf2Sync } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseAbi, toHex } from 'viem'
import { HDKey, hdKeyToAccount } from 'viem/accounts'
import type { Address, Hash } from 'viem'
import { E2E_MINTER, E2E_OTHER, E2E_OWNER, E2E_SWAPPER, E2E_VISITOR, E2E_WATCHER } from './accounts.ts'

/** The deployments file the local product's deploy step wrote (read at run time: the stack writes it). */
const DEPLOYMENTS = fileURLToPath(new URL('../../../../libs/abi/deployments/31337.json', import.meta.url))

export function deployedContracts(): Record<string, Address> {
  const file = JSON.parse(readFileSync(DEPLOYMENTS, 'utf8')) as { contracts: Record<string, { address: Address }> }
  return Object.fromEntries(Object.entries(file.contracts).map(([name, { address }]) => [name, address]))
}

/** The address of a deployed contract; fails the test when the local product did not deploy it. */
export function contract(name: string): Address {
  const address = deployedContracts()[name]
  if (!address) throw new Error(`the local product did not deploy ${name}`)
  return address
}

const mainAbi = parseAbi([
  'function register(address referrer)',
  'function users(address account) view returns (uint256 index, address referrer)',
  'function genesis() view returns (address)',
])
const usdtAbi = parseAbi(['function mint(address to, uint256 amount)'])

/** A client of the local node that signs with its unlocked test accounts. */
export function chainClients(rpcUrl: string) {
  const transport = http(rpcUrl)
  return {
    public: createPublicClient({ transport }),
    wallet: createWalletClient({ transport }),
  }
}

export async function send(rpcUrl: string, write: () => Promise<Hash>) {
  const { public: client } = chainClients(rpcUrl)
  const receipt = await client.waitForTransactionReceipt({ hash: await write() })
  if (receipt.status !== 'success') throw new Error(`setup transaction ${receipt.transactionHash} reverted`)
}

/** Whether `account` is registered in Main. */
export async function isRegistered(rpcUrl: string, account: Address): Promise<boolean> {
  const { Main } = deployedContracts()
  const [index] = await chainClients(rpcUrl).public.readContract({
    address: Main as Address,
    abi: mainAbi,
    functionName: 'users',
    args: [account],
  })
  return index > 0n
}

/** The first of `accounts` that is not registered in Main. */
export async function firstUnregistered(rpcUrl: string, accounts: readonly Address[]): Promise<Address> {
  for (const account of accounts) if (!(await isRegistered(rpcUrl, account))) return account
  throw new Error('every test account is registered: restart the local chain')
}

/** Token balance of `account`. */
export function balanceOf(rpcUrl: string, token: Address, account: Address): Promise<bigint> {
  return chainClients(rpcUrl).public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  })
}

/**
 * Registers the test accounts that must not see the registration overlay (under the genesis account) and funds
 * the minting and swapping accounts with USDT (minted) and NEX (from the deployer).
 */
export async function prepareAccounts(rpcUrl: string): Promise<void> {
  const { Main, USDT, Token } = deployedContracts()
  const { public: client, wallet } = chainClients(rpcUrl)
  const genesis = await client.readContract({ address: Main as Address, abi: mainAbi, functionName: 'genesis' })
  for (const account of [E2E_VISITOR, E2E_MINTER, E2E_SWAPPER, E2E_OTHER, E2E_WATCHER]) {
    if (await isRegistered(rpcUrl, account)) continue
    await send(rpcUrl, () =>
      wallet.writeContract({
        account,
        chain: null,
        address: Main as Address,
        abi: mainAbi,
        functionName: 'register',
        args: [genesis],
      }),
    )
  }
  for (const account of [E2E_MINTER, E2E_SWAPPER]) {
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: USDT as Address,
        abi: usdtAbi,
        functionName: 'mint',
        args: [account, parseEther('20000')],
      }),
    )
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: Token as Address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account, parseEther('20000')],
      }),
    )
  }
}

/** Hardhat's public development mnemonic (local chains only; never fund its accounts elsewhere). */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/**
 * The address of HD index `index` of the development mnemonic. Test files own ranges: the account pages 100..119,
 * the staking, FOM and mining pages 120..139, the admin screens 140..159, the action log walks 160..169 (the seed
 * uses 10..45, the shell tests 0..9).
 */
export function hdAccount(index: number): Address {
  // the mnemonic's BIP-39 seed once, natively (viem's mnemonicToAccount runs 2,048 PBKDF2 rounds in JavaScript per
  // call, which blocks the event loop long enough under load for the node to drop idle keep-alive connections)
  devRoot ??= HDKey.fromMasterSeed(pbkdf2Sync(DEV_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'))
  return hdKeyToAccount(devRoot, { addressIndex: index }).address
}
let devRoot: HDKey | undefined

/**
 * Makes the local node sign for `account` (impersonation, 100 BNB for gas), registers it in Main under `referrer`
 * (default: the genesis account) and tops it up to `usdt` USDT and `nex` NEX from the deployer. Idempotent, so a
 * re-run on the same chain works.
 */
export async function prepareTestAccount(
  rpcUrl: string,
  account: Address,
  { referrer, usdt = 0n, nex = 0n }: { referrer?: Address; usdt?: bigint; nex?: bigint } = {},
): Promise<void> {
  const { public: client, wallet } = chainClients(rpcUrl)
  await client.request({ method: 'hardhat_impersonateAccount' as never, params: [account] as never })
  await client.request({ method: 'hardhat_setBalance' as never, params: [account, toHex(parseEther('100'))] as never })
  const Main = contract('Main')
  if (!(await isRegistered(rpcUrl, account))) {
    const parent = referrer ?? (await client.readContract({ address: Main, abi: mainAbi, functionName: 'genesis' }))
    await send(rpcUrl, () =>
      wallet.writeContract({
        account,
        chain: null,
        address: Main,
        abi: mainAbi,
        functionName: 'register',
        args: [parent],
      }),
    )
  }
  const USDT = contract('USDT')
  const Token = contract('Token')
  const usdtHeld = await client.readContract({
    address: USDT,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  })
  if (usdtHeld < usdt)
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: USDT,
        abi: usdtAbi,
        functionName: 'mint',
        args: [account, usdt - usdtHeld],
      }),
    )
  const nexHeld = await client.readContract({
    address: Token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  })
  if (nexHeld < nex)
    await send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: Token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account, nex - nexHeld],
      }),
    )
}
