import { mainAbi, timelockAbi } from '@nexus/abi'
import { createPublicClient, encodeFunctionData, getAddress, http, zeroAddress } from 'viem'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { contractArtifact, deploy, fundedClient, type TestClient, testContract } from '../_test/chain.ts'
import { startRestrictedRpc } from '../_test/restrictedRpc.ts'
import {
  readTimelockOperations,
  timelockCancelRequest,
  timelockExecuteRequest,
  timelockScheduleRequest,
} from './timelock.ts'

const MIN_DELAY = 60n
let admin: TestClient
let timelock: `0x${string}`
let main: `0x${string}`
let fromBlock: bigint

beforeAll(async () => {
  admin = await fundedClient()
  fromBlock = await admin.getBlockNumber()
  timelock = await deploy(admin, contractArtifact('Timelock', 'governance/pw_Timelock.sol'), [
    MIN_DELAY,
    [admin.account.address],
    [zeroAddress],
  ])
  const implementation = await deploy(admin, contractArtifact('Main'))
  const delay = await admin.readContract({ address: implementation, abi: mainAbi, functionName: 'MIN_UPGRADE_DELAY' })
  const initialize = encodeFunctionData({
    abi: mainAbi,
    functionName: 'initialize',
    args: [admin.account.address, delay, admin.account.address, { manager: zeroAddress, generations: 10n }],
  })
  main = await deploy(admin, contractArtifact('NexusProxy'), [implementation, initialize])
  await admin.waitForTransactionReceipt({
    hash: await admin.writeContract({
      address: main,
      abi: mainAbi,
      functionName: 'transferOwnership',
      args: [timelock],
    }),
  })
})

/** The newest operation (the test fails if there is none). */
function first<T>(list: readonly T[]): T {
  const [item] = list
  if (item === undefined) throw new Error('no operation listed')
  return item
}
/** The two newest operations. */
function pair<T>(list: readonly T[]): [T, T] {
  const [a, b] = list
  if (a === undefined || b === undefined) throw new Error('fewer than two operations listed')
  return [a, b]
}

const contracts = () => ({ Main: { address: main, abi: mainAbi } })

describe('timelock owner calls', () => {
  it('schedules an owner call, lists it pending then ready, executes it, and lists it done with its decoded call', async () => {
    const data = encodeFunctionData({ abi: mainAbi, functionName: 'acceptOwnership' })
    const request = timelockScheduleRequest({ timelock, minDelay: MIN_DELAY, call: { target: main, data } })
    const receipt = await admin.waitForTransactionReceipt({ hash: await admin.writeContract(request) })
    const scheduledAt = (await admin.getBlock({ blockNumber: receipt.blockNumber })).timestamp

    const pending = first(await readTimelockOperations(admin, { timelock, fromBlock, contracts: contracts() }))
    expect(pending).toMatchObject({
      state: 'pending',
      contract: 'Main',
      functionName: 'acceptOwnership',
      readyAt: scheduledAt + MIN_DELAY,
      call: { target: getAddress(main), data },
    })
    // Read up to the block before the scheduling: not there yet.
    const before = await readTimelockOperations(admin, {
      timelock,
      fromBlock,
      toBlock: receipt.blockNumber - 1n,
      contracts: contracts(),
    })
    expect(before.map((operation) => operation.id)).not.toContain(pending.id)
    // Too early: the Timelock refuses to execute.
    await expect(admin.simulateContract(timelockExecuteRequest(timelock, pending))).rejects.toThrow()

    await admin.increaseTime({ seconds: Number(MIN_DELAY) })
    await admin.mine({ blocks: 1 })
    const ready = first(await readTimelockOperations(admin, { timelock, fromBlock, contracts: contracts() }))
    expect(ready?.state).toBe('ready')

    // Anyone may execute a ready operation.
    const stranger = await fundedClient()
    await stranger.waitForTransactionReceipt({
      hash: await stranger.writeContract(timelockExecuteRequest(timelock, ready)),
    })
    expect(await admin.readContract({ address: main, abi: mainAbi, functionName: 'owner' })).toBe(getAddress(timelock))
    const done = first(await readTimelockOperations(admin, { timelock, fromBlock, contracts: contracts() }))
    expect(done).toMatchObject({ id: ready.id, state: 'done' })
  })

  it('gives every scheduling its own salt, and lists a cancelled operation as cancelled', async () => {
    const data = encodeFunctionData({ abi: mainAbi, functionName: 'transferOwnership', args: [admin.account.address] })
    const first = timelockScheduleRequest({ timelock, minDelay: MIN_DELAY, call: { target: main, data } })
    const second = timelockScheduleRequest({ timelock, minDelay: MIN_DELAY, call: { target: main, data } })
    expect(first.args[4]).not.toBe(second.args[4])
    await admin.waitForTransactionReceipt({ hash: await admin.writeContract(first) })
    await admin.waitForTransactionReceipt({ hash: await admin.writeContract(second) })
    const [newest, older] = pair(await readTimelockOperations(admin, { timelock, fromBlock, contracts: contracts() }))
    expect(newest?.functionName).toBe('transferOwnership')
    expect(newest?.args).toEqual([admin.account.address])
    await admin.waitForTransactionReceipt({
      hash: await admin.writeContract(timelockCancelRequest(timelock, older.id)),
    })
    // Only a canceller (the admin) may cancel.
    const stranger = await fundedClient()
    await expect(stranger.simulateContract(timelockCancelRequest(timelock, newest.id))).rejects.toThrow()
    const states = (await readTimelockOperations(admin, { timelock, fromBlock, contracts: contracts() })).map(
      (operation) => operation.state,
    )
    expect(states).toEqual(['pending', 'cancelled', 'done'])
    expect(await admin.readContract({ address: timelock, abi: timelockAbi, functionName: 'getMinDelay' })).toBe(
      MIN_DELAY,
    )
  })

  // The /transparency page's claims (apps/web/src/features/transparency), checked on a contract the Timelock owns.
  it('once the Timelock owns a contract, the admin cannot call owner functions directly and withdrawExcess takes at most the excess', async () => {
    expect(await admin.readContract({ address: main, abi: mainAbi, functionName: 'owner' })).toBe(getAddress(timelock))
    await expect(
      admin.simulateContract({
        address: main,
        abi: mainAbi,
        functionName: 'setGuardian',
        args: [admin.account.address],
      }),
    ).rejects.toThrow(/OwnableUnauthorizedAccount/)
    expect(await admin.readContract({ address: main, abi: mainAbi, functionName: 'MAX_PAUSE_DURATION' })).toBe(
      7n * 24n * 3600n,
    )

    const token = await deploy(admin, testContract('TestToken'), ['Tether USD', 'USDT', 6])
    await admin.waitForTransactionReceipt({
      hash: await admin.writeContract({
        address: token,
        abi: testContract('TestToken').abi,
        functionName: 'mint',
        args: [main, 5_000_000n],
      }),
    })
    const excess = await admin.readContract({ address: main, abi: mainAbi, functionName: 'excessOf', args: [token] })
    expect(excess).toBe(5_000_000n)
    const withdraw = (amount: bigint) =>
      admin.simulateContract({
        address: main,
        abi: mainAbi,
        functionName: 'withdrawExcess',
        args: [token, admin.account.address, amount],
        account: timelock,
      })
    await expect(withdraw(excess + 1n)).rejects.toThrow(/NexusWithdrawExceedsExcess/)
    await expect(withdraw(excess)).resolves.toBeDefined()
  })

  it('reads the events in ranges no wider than maxRange, through an endpoint that refuses wider ones', async () => {
    const data = encodeFunctionData({ abi: mainAbi, functionName: 'transferOwnership', args: [admin.account.address] })
    await admin.mine({ blocks: 25 })
    await admin.waitForTransactionReceipt({
      hash: await admin.writeContract(
        timelockScheduleRequest({ timelock, minDelay: MIN_DELAY, call: { target: main, data } }),
      ),
    })
    const toBlock = await admin.getBlockNumber({ cacheTime: 0 })
    const everything = await readTimelockOperations(admin, { timelock, fromBlock, toBlock, contracts: contracts() })
    // as BSC's public endpoints answer an eth_getLogs over more than their limit (here 3 blocks)
    const limited = await startRestrictedRpc(inject('rpcUrl'), [], { maxLogRange: 3n })
    try {
      const client = createPublicClient({ transport: http(limited.url, { retryCount: 0 }) })
      await expect(
        readTimelockOperations(client, { timelock, fromBlock, toBlock, maxRange: 1_000_000n }),
      ).rejects.toThrow(/exceed maximum block range: 3/)
      const paged = await readTimelockOperations(client, {
        timelock,
        fromBlock,
        toBlock,
        maxRange: 3n,
        contracts: contracts(),
      })
      expect(toBlock - fromBlock).toBeGreaterThan(6n)
      expect(paged.length).toBe(4)
      expect(paged).toEqual(everything)
    } finally {
      await limited.close()
    }
  })
})
