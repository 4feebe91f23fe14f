import { erc20Abi, parseAbi } from 'viem'
import type { Address } from 'viem'
import { chainClients, contract, send } from './chain.ts'

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
  await send(rpcUrl, () =>
    wallet.writeContract({
      account,
      chain: null,
      address: USDT,
      abi: erc20Abi,
      functionName: 'approve',
      args: [Burn, 10n ** 38n],
    }),
  )
  await send(rpcUrl, () =>
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
  await send(rpcUrl, () =>
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
