import {
  createTestClient,
  custom,
  erc20Abi,
  getAddress,
  http,
  parseEther,
  publicActions,
  walletActions,
  zeroAddress,
} from 'viem'
import { hardhat } from 'viem/chains'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { deploy, fundedClient, type TestClient, testContract } from '../_test/chain.ts'
import { startHardhatNode } from '@nexus/testing'
import { approvalAmount, approvalThreshold, fallbackGas } from '../constants.ts'
import { AllowanceOwnerMismatchError, ApprovalRevertedError } from '../errors/allowance.ts'
import { ensureAllowance } from './ensureAllowance.ts'

const spender = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let client: TestClient
let token: `0x${string}`

const allowance = () =>
  client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [client.account.address, spender],
  })
const approve = async (value: bigint) => {
  const hash = await client.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, value],
  })
  await client.waitForTransactionReceipt({ hash })
}

beforeAll(async () => {
  client = await fundedClient()
  token = await deploy(client, testContract('TestToken'), ['Tether USD', 'USDT', 18])
})

describe('ensureAllowance', () => {
  it.each([
    ['no allowance', 0n],
    ['an allowance below the threshold', approvalThreshold - 1n],
    ['an allowance exactly at the threshold', approvalThreshold],
  ])('approves 1e38 and waits for it with %s', async (_, before) => {
    await approve(before)
    const nonce = await client.getTransactionCount({ address: client.account.address })
    const result = await ensureAllowance(client, { token, owner: client.account.address, spender })
    expect(result).toMatchObject({ approved: true, allowance: before })
    if (!result.approved) throw new Error('unreachable')
    expect(result.receipt).toMatchObject({ status: 'success', transactionHash: result.hash })
    expect(await allowance()).toBe(approvalAmount)
    expect(approvalAmount).toBe(10n ** 38n)
    expect(await client.getTransactionCount({ address: client.account.address })).toBe(nonce + 1)
  })

  it.each([
    ['just above the threshold', approvalThreshold + 1n],
    ['far above the threshold', parseEther('1000000')],
  ])('does nothing with an allowance %s', async (_, before) => {
    await approve(before)
    const nonce = await client.getTransactionCount({ address: client.account.address })
    expect(await ensureAllowance(client, { token, owner: client.account.address, spender })).toEqual({
      approved: false,
      allowance: before,
    })
    expect(await client.getTransactionCount({ address: client.account.address })).toBe(nonce)
    expect(await allowance()).toBe(before)
  })

  it('approves again an allowance above the threshold but below the amount to spend, and not one that covers it', async () => {
    await approve(parseEther('5'))
    const nonce = await client.getTransactionCount({ address: client.account.address })
    const owner = client.account.address
    expect(await ensureAllowance(client, { token, owner, spender, amount: parseEther('5') })).toEqual({
      approved: false,
      allowance: parseEther('5'),
    })
    expect(await client.getTransactionCount({ address: owner })).toBe(nonce)
    const result = await ensureAllowance(client, { token, owner, spender, amount: parseEther('5') + 1n })
    expect(result).toMatchObject({ approved: true, allowance: parseEther('5') })
    expect(await allowance()).toBe(approvalAmount)
    expect(await client.getTransactionCount({ address: owner })).toBe(nonce + 1)
  })

  it("approves through the wallet's own account when the client has none (JSON-RPC account)", async () => {
    const owner = privateKeyToAccount(generatePrivateKey()).address
    await client.impersonateAccount({ address: owner })
    await client.setBalance({ address: owner, value: parseEther('1') })
    const { account: _, ...withoutAccount } = client
    const walletClient = { ...withoutAccount, account: undefined }
    const result = await ensureAllowance(walletClient, { token, owner, spender })
    expect(result.approved).toBe(true)
    expect(
      await client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] }),
    ).toBe(approvalAmount)
  })

  it('refuses an owner that is not the account of the client', async () => {
    const owner = privateKeyToAccount(generatePrivateKey()).address
    await expect(ensureAllowance(client, { token, owner, spender })).rejects.toThrowError(AllowanceOwnerMismatchError)
  })

  it('throws ApprovalRevertedError when the approval is mined but reverts', async () => {
    // OpenZeppelin's ERC-20 rejects the zero address as spender. An estimate that shows the revert is refused
    // before sending (withGasPolicy), so this endpoint fails eth_estimateGas for another reason (as a limited public
    // RPC does): the policy falls back to 6,000,000 gas and the transaction is mined as reverted. A Hardhat node
    // that mines on each transaction answers such a transaction with an error instead of its hash, so this runs on
    // a chain of its own that mines only on request, as a real chain does.
    const chain = await startHardhatNode()
    try {
      const own = await fundedClient({ rpcUrl: chain.url })
      const ownToken = await deploy(own, testContract('TestToken'), ['Tether USD', 'USDT', 18])
      await own.setAutomine(false)
      const node = http(chain.url, { retryCount: 0 })({ chain: hardhat })
      const noEstimates = createTestClient({
        mode: 'hardhat',
        chain: hardhat,
        account: own.account,
        transport: custom({
          request: async ({ method, params }) => {
            if (method === 'eth_estimateGas') throw Object.assign(new Error('limit exceeded'), { code: -32005 })
            return node.request({ method, params })
          },
        }),
      })
        .extend(publicActions)
        .extend(walletActions)
      const pending = ensureAllowance(noEstimates, {
        token: ownToken,
        owner: own.account.address,
        spender: zeroAddress,
      })
      while ((await own.getBlock({ blockTag: 'pending' })).transactions.length === 0) await sleep(50)
      await own.mine({ blocks: 1 })
      const error = await pending.catch((error: unknown) => error)
      expect(error).toBeInstanceOf(ApprovalRevertedError)
      const receipt = await own.getTransactionReceipt({ hash: (error as ApprovalRevertedError).hash })
      expect(receipt).toMatchObject({ status: 'reverted', gasUsed: expect.any(BigInt) })
      expect((await own.getTransaction({ hash: receipt.transactionHash })).gas).toBe(fallbackGas)
    } finally {
      await chain.stop()
    }
  })
})
