import { join } from 'node:path'
import { erc20Abi, parseAbi, parseEther } from 'viem'
import type { Address, Hash } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { E2E_OWNER } from './accounts.ts'
import { webRoot } from './appServer.ts'
import { chainClients, contract, isRegistered } from './chain.ts'

/** Hardhat's public development mnemonic (local chains only). */
const MNEMONIC = 'test test test test test test test test test test test junk'

/** The folder of the screenshots test (git-ignored, at the repository root). */
export const WEB2_SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join(webRoot, '..', '..', 'screenshots')

/**
 * The address of HD index `index` of the public mnemonic. The account pages' browser tests own indexes 100..119;
 * the seed's HD 10 is the root of a 6-level team (read only).
 */
export function hdAccount(index: number): Address {
  return mnemonicToAccount(MNEMONIC, { addressIndex: index }).address
}

const mainAbi = parseAbi(['function register(address referrer)', 'function genesis() view returns (address)'])
const usdtAbi = parseAbi(['function mint(address to, uint256 amount)'])

async function rpc(rpcUrl: string, method: string, params: unknown[]) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
}

/** Sends a transaction and fails when it reverts. */
export async function web2Send(rpcUrl: string, write: () => Promise<Hash>) {
  const receipt = await chainClients(rpcUrl).public.waitForTransactionReceipt({ hash: await write() })
  if (receipt.status !== 'success') throw new Error(`setup transaction ${receipt.transactionHash} reverted`)
  return receipt
}

/**
 * Makes the node sign for `account` (impersonation), gives it 100 BNB for gas, registers it in Main under
 * `referrer` (genesis by default) and funds it with `usdt` USDT (minted) and `nex` NEX (from the deployer).
 * Idempotent: a second run on the same chain only tops the balances up.
 */
export async function prepareWeb2Account(
  rpcUrl: string,
  account: Address,
  { referrer, usdt = 0n, nex = 0n }: { referrer?: Address; usdt?: bigint; nex?: bigint } = {},
): Promise<void> {
  const [Main, USDT, Token] = [contract('Main'), contract('USDT'), contract('Token')]
  const { public: client, wallet } = chainClients(rpcUrl)
  await rpc(rpcUrl, 'hardhat_impersonateAccount', [account])
  await rpc(rpcUrl, 'hardhat_setBalance', [account, `0x${parseEther('100').toString(16)}`])
  if (!(await isRegistered(rpcUrl, account))) {
    const to = referrer ?? (await client.readContract({ address: Main, abi: mainAbi, functionName: 'genesis' }))
    await web2Send(rpcUrl, () =>
      wallet.writeContract({
        account,
        chain: null,
        address: Main,
        abi: mainAbi,
        functionName: 'register',
        args: [to],
      }),
    )
  }
  if (usdt > 0n)
    await web2Send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: USDT,
        abi: usdtAbi,
        functionName: 'mint',
        args: [account, usdt],
      }),
    )
  if (nex > 0n)
    await web2Send(rpcUrl, () =>
      wallet.writeContract({
        account: E2E_OWNER,
        chain: null,
        address: Token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account, nex],
      }),
    )
}

const burnAbi = parseAbi([
  'function burn(address account, uint256 times, uint256 amount, bool isBNB) payable',
  'function getConfig() view returns ((uint256 addTime, uint256 dayTimes, uint256 algebra, uint256 feeRate, uint256 handleGas, uint256 swapRate, uint256 burnEvery, uint256 burnSurplus, uint256 rewardRate, uint256 outDays, uint256 startTime))',
  'function claimReward()',
])

/** `account` burns `times` units in USDT straight through the contract (approving first). */
export async function burnDirectly(rpcUrl: string, account: Address, times: bigint): Promise<void> {
  const [Burn, USDT] = [contract('Burn'), contract('USDT')]
  const { public: client, wallet } = chainClients(rpcUrl)
  const config = await client.readContract({ address: Burn, abi: burnAbi, functionName: 'getConfig' })
  await web2Send(rpcUrl, () =>
    wallet.writeContract({
      account,
      chain: null,
      address: USDT,
      abi: erc20Abi,
      functionName: 'approve',
      args: [Burn, 10n ** 38n],
    }),
  )
  await web2Send(rpcUrl, () =>
    wallet.writeContract({
      account,
      chain: null,
      address: Burn,
      abi: burnAbi,
      functionName: 'burn',
      args: [account, times, times * config.burnEvery, false],
    }),
  )
}

/** `account` claims its Burn dividends straight through the contract. */
export async function claimBurnDirectly(rpcUrl: string, account: Address): Promise<void> {
  const Burn = contract('Burn')
  await web2Send(rpcUrl, () =>
    chainClients(rpcUrl).wallet.writeContract({
      account,
      chain: null,
      address: Burn,
      abi: burnAbi,
      functionName: 'claimReward',
    }),
  )
}

/** Asks the indexer's GraphQL; fails on errors. */
export async function web2Graphql<T>(graphqlUrl: string, query: string): Promise<T> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  })
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] }
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '))
  return body.data as T
}
