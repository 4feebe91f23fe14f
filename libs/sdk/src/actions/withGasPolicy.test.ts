import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  erc20Abi,
  ExecutionRevertedError,
  http,
  parseEther,
  zeroAddress,
} from 'viem'
import { estimateContractGas, estimateGas, getGasPrice } from 'viem/actions'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { deploy, fundedClient, type TestClient, testContract } from '../_test/chain.ts'
import { startRestrictedRpc } from '../_test/restrictedRpc.ts'
import { fallbackGas, fallbackGasPrice } from '../constants.ts'
import { withGasPolicy } from './withGasPolicy.ts'

let client: TestClient
let token: `0x${string}`

beforeAll(async () => {
  client = await fundedClient()
  token = await deploy(client, testContract('TestToken'), ['Tether USD', 'USDT', 18])
  await client.writeContract({
    address: token,
    abi: testContract('TestToken').abi,
    functionName: 'mint',
    args: [client.account.address, parseEther('100')],
  })
})

describe('withGasPolicy', () => {
  it('uses 1.1 times the estimate (rounded up) and the chain gas price for a contract write', async () => {
    const call = {
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: ['0x000000000000000000000000000000000000dEaD', parseEther('1')],
    } as const
    const estimate = await estimateContractGas(client, call)
    const request = await withGasPolicy(client, call)
    expect(request.gas).toBe((estimate * 11n + 9n) / 10n)
    expect(request.gas).toBeGreaterThan(estimate)
    expect(request.gasPrice).toBe(await getGasPrice(client))
    expect(request).toMatchObject(call)

    const hash = await client.writeContract(request)
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThanOrEqual(request.gas)
  })

  it('applies the policy to a plain transaction', async () => {
    const transfer = { to: '0x000000000000000000000000000000000000bEEF', value: 1n } as const
    const estimate = await estimateGas(client, transfer)
    expect(estimate).toBeGreaterThanOrEqual(21_000n)
    const request = await withGasPolicy(client, transfer)
    expect(request.gas).toBe((estimate * 11n + 9n) / 10n)
    const receipt = await client.waitForTransactionReceipt({ hash: await client.sendTransaction(request) })
    expect(receipt.status).toBe('success')
  })

  it('refuses a call that reverts with its revert instead of sending it with the fallback gas', async () => {
    const reverting = withGasPolicy(client, {
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [zeroAddress, 1n],
    })
    await expect(reverting).rejects.toSatisfy(
      (error) =>
        error instanceof BaseError &&
        error.walk(
          (cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ExecutionRevertedError,
        ) !== null,
    )
    expect(fallbackGas).toBe(6_000_000n)
  })

  it('keeps gas and fees already set on the request', async () => {
    const request = await withGasPolicy(client, { to: zeroAddress, gas: 50_000n, gasPrice: 7n })
    expect(request).toEqual({ to: zeroAddress, gas: 50_000n, gasPrice: 7n })
    const transfer = { to: zeroAddress, value: 1n, maxFeePerGas: 10n ** 10n }
    const eip1559 = await withGasPolicy(client, transfer)
    const estimate = await estimateGas(client, { to: zeroAddress, value: 1n })
    expect(eip1559).toEqual({ ...transfer, gas: (estimate * 11n + 9n) / 10n })
    expect('gasPrice' in eip1559).toBe(false)
  })

  describe('on an RPC that refuses eth_gasPrice and eth_estimateGas', () => {
    let restricted: Awaited<ReturnType<typeof startRestrictedRpc>>
    beforeAll(async () => {
      restricted = await startRestrictedRpc(inject('rpcUrl'), ['eth_gasPrice', 'eth_estimateGas'])
    })
    afterAll(() => restricted.close())

    it('falls back to 100,000,000 wei and 6,000,000 gas', async () => {
      const publicClient = createPublicClient({ chain: hardhat, transport: http(restricted.url, { retryCount: 0 }) })
      await expect(getGasPrice(publicClient)).rejects.toThrowError(/does not exist/)
      const request = await withGasPolicy(publicClient, { to: zeroAddress, value: 1n, account: client.account })
      expect(request).toEqual({
        to: zeroAddress,
        value: 1n,
        account: client.account,
        gas: 6_000_000n,
        gasPrice: 100_000_000n,
      })
      expect(fallbackGasPrice).toBe(100_000_000n)
    })
  })
})
