import { erc20Abi, parseAbi } from 'viem'
import type { Address } from 'viem'
import { chainClients, contract, send } from './chain.ts'

const burnAbi = parseAbi([
  'function burn(address account, uint256 times, uint256 amount, bool isBNB) payable',
  'function getConfig() view returns ((uint256 addTime, uint256 dayTimes, uint256 algebra, uint256 feeRate, uint256 handleGas, uint256 swapRate, uint256 burnEvery, uint256 burnSurplus, uint256 rewardRate, uint256 outDays, uint256 startTime))',
  'function claimReward()',
  'function processExpired(uint256 maxCount) returns (uint256 count)',
])

/**
 * What the keeper's Burn upkeep does and the browser tests' stack (no keeper) does not: `account` forces out every
 * expired order with the public processExpired, so that the pool is shared again (Burn shares it only once no expired
 * order waits; a user's claim forces out at most one). Earlier tests move the chain's clock past seeded orders' ends.
 */
export async function processBurnExpiredDirectly(rpcUrl: string, account: Address): Promise<void> {
  const Burn = contract('Burn')
  const { public: client, wallet } = chainClients(rpcUrl)
  const request = { account, address: Burn, abi: burnAbi, functionName: 'processExpired', args: [50n] } as const
  for (let batch = 0; batch < 40; batch++) {
    const { result: count } = await client.simulateContract(request)
    if (count === 0n) return
    await send(rpcUrl, () => wallet.writeContract({ ...request, chain: null }))
  }
}

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
