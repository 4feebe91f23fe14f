import { mainAbi } from '@nexus/abi'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseEther, zeroAddress } from 'viem'
import { hardhat } from 'viem/chains'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { contractArtifact, deploy, fundedClient, type TestClient, testContract } from '../_test/chain.ts'
import { readPage } from './readPage.ts'

let owner: TestClient
let token: `0x${string}`
let main: `0x${string}`

beforeAll(async () => {
  owner = await fundedClient()
  token = await deploy(owner, testContract('TestToken'), ['Tether USD', 'USDT', 6])
  await owner.writeContract({
    address: token,
    abi: testContract('TestToken').abi,
    functionName: 'mint',
    args: [owner.account.address, 1_234_000_000n],
  })
  const implementation = await deploy(owner, contractArtifact('Main'))
  const delay = await owner.readContract({ address: implementation, abi: mainAbi, functionName: 'MIN_UPGRADE_DELAY' })
  const initialize = encodeFunctionData({
    abi: mainAbi,
    functionName: 'initialize',
    args: [owner.account.address, delay, owner.account.address, { manager: zeroAddress, generations: 10n }],
  })
  main = await deploy(owner, contractArtifact('NexusProxy'), [implementation, initialize])
})

/** A client on the local chain that counts the JSON-RPC calls it makes. */
function countingClient() {
  const methods: string[] = []
  const client = createPublicClient({
    chain: hardhat,
    transport: http(inject('rpcUrl'), {
      onFetchRequest: async (request) => {
        const body = (await request.clone().json()) as { method: string } | { method: string }[]
        for (const call of [body].flat()) methods.push(call.method)
      },
    }),
  })
  return { client, methods }
}

describe('readPage', () => {
  it("reads a page's state from several contracts in one eth_call, without a deployed Multicall3", async () => {
    const { client, methods } = countingClient()
    expect(hardhat.contracts).toBeUndefined()
    const account = owner.account.address
    const [user, config, balance, decimals, symbol] = await readPage(client, {
      contracts: [
        { address: main, abi: mainAbi, functionName: 'users', args: [account] },
        { address: main, abi: mainAbi, functionName: 'getConfig' },
        { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] },
        { address: token, abi: erc20Abi, functionName: 'decimals' },
        { address: token, abi: erc20Abi, functionName: 'symbol' },
      ],
    })
    expect(methods).toEqual(['eth_call'])
    expect(user).toEqual({ status: 'success', result: [1n, zeroAddress] })
    expect(config).toEqual({ status: 'success', result: { manager: zeroAddress, generations: 10n } })
    expect(balance).toEqual({ status: 'success', result: 1_234_000_000n })
    expect(decimals).toEqual({ status: 'success', result: 6 })
    expect(symbol).toEqual({ status: 'success', result: 'USDT' })
  })

  it.each([
    [100, 1],
    [400, 4],
    [1000, 9],
  ])(
    'reads %i accounts in %i eth_call(s) when deployless (within the creation code and result limits)',
    async (count, calls) => {
      const { client, methods } = countingClient()
      const accounts = Array.from(
        { length: count },
        (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}` as const,
      )
      const results = await readPage(client, {
        contracts: accounts.map(
          (account) => ({ address: main, abi: mainAbi, functionName: 'users', args: [account] }) as const,
        ),
        allowFailure: false,
      })
      expect(methods).toEqual(Array(calls).fill('eth_call'))
      expect(results).toHaveLength(count)
      expect(results.every(([index]) => index === 0n)).toBe(true)
    },
  )

  it('plans for dynamic results (strings) too', async () => {
    const { client, methods } = countingClient()
    const contracts = Array.from(
      { length: 300 },
      () => ({ address: token, abi: erc20Abi, functionName: 'name' }) as const,
    )
    const names = await readPage(client, { contracts, allowFailure: false })
    expect(new Set(names)).toEqual(new Set(['Tether USD']))
    expect(methods.length).toBeGreaterThan(1)
  })

  it('reports a failing read in place, or throws with allowFailure: false', async () => {
    const { client } = countingClient()
    const contracts = [
      { address: token, abi: erc20Abi, functionName: 'totalSupply' },
      { address: main, abi: erc20Abi, functionName: 'totalSupply' },
    ] as const
    const [supply, missing] = await readPage(client, { contracts })
    expect(supply).toEqual({ status: 'success', result: 1_234_000_000n })
    expect(missing.status).toBe('failure')
    await expect(readPage(client, { contracts, allowFailure: false })).rejects.toThrowError(/totalSupply/)
    expect(parseEther('1')).toBe(10n ** 18n)
  })
})
