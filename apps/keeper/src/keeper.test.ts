// The keeper against the whole system on a real chain (deployed as in production, no seed) and a real
// PostgreSQL: upkeeps sent only when due, fees where they belong, the journal's exactly-once guarantees under
// kill -9 (between journaling and sending, and while waiting for a receipt), a stuck transaction bumped, a failing
// job that does not stop the others, the keeper lock, and the HTTP endpoints.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  automationCompatibleInterfaceAbi,
  burnAbi,
  fomoAbi,
  localUSDTAbi,
  mainAbi,
  payoutsAbi,
  tokenAbi,
} from '@nexus/abi'
import { createDatabase, type Database } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { contractsDir, startFaultyProxy, startSystemChain, type SystemChain } from '@nexus/testing'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  maxUint256,
  parseEther,
  type PublicClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_MNEMONIC, readConfig } from './config.ts'
import { createKeeper, type Keeper, keeperAccount } from './createKeeper.ts'
import { UPKEEP_CONTRACTS, upkeepJob } from './jobs.ts'
import { WITHDRAWAL_JOB } from './withdrawals.ts'
import { createLogger } from './log.ts'
import { startKeeper } from './keeper.ts'
import { createMetrics } from './metrics.ts'
import { legacyWithdrawals } from './_test/legacyWithdrawals.ts'
import { mintLocalUsdt } from './_test/localUsdt.ts'

const log = createLogger({ level: 'silent' })
const deployer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 })
const trader = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 3 })
const routerAbi = [
  {
    type: 'function',
    name: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'amountIn', type: 'uint256' },
      { name: 'amountOutMin', type: 'uint256' },
      { name: 'path', type: 'address[]' },
      { name: 'to', type: 'address' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [],
  },
] as const

let chain: SystemChain
let client: PublicClient
let testDb: TestDatabase
let db: Database

const rpc = (method: string, params: unknown[] = []) =>
  client.request({ method: method as never, params: params as never })
const wallet = (account = trader) => createWalletClient({ chain: hardhat, transport: http(chain.url), account })
const mined = async (hash: `0x${string}`) => await client.waitForTransactionReceipt({ hash })
const c = (name: string) => chain.contracts[name] as Address

function config(extra: Record<string, string> = {}) {
  return readConfig({ RPC_URL: chain.url, CHAIN_ID: '31337', PORT: '0', KEEPER_INTERVAL_MS: '3600000', ...extra })
}
async function keeper(extra: Record<string, string> = {}, options: { rpcTimeoutMs?: number } = {}): Promise<Keeper> {
  return await createKeeper({ config: config(extra), db, log, contracts: chain.contracts, pollMs: 20, ...options })
}
async function works() {
  return await db.prisma.keeperWork.findMany({ orderBy: { id: 'asc' }, include: { transactions: true } })
}

// legacy withdrawals as the legacy API accepts them, of three users
const users = [5, 6, 7].map((addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex }))
const usdtOf = async (address: Address) =>
  await client.readContract({ address: c('USDT'), abi: localUSDTAbi, functionName: 'balanceOf', args: [address] })
const { withdrawal, nextHash } = legacyWithdrawals({ db: () => db, users })
/**
 * Mints `usdt` USDT to the Payouts contract (the operator's float the withdrawals are paid from); returns the keeper's
 * account, its payer.
 */
async function fundPayer(usdt: bigint) {
  const payer = keeperAccount({ privateKey: undefined })
  await mintUsdt(c('Payouts'), usdt)
  return payer
}
/** Mints `usdt` local USDT to `to` (the deployer is its minter). */
const mintUsdt = (to: Address, usdt: bigint) => mintLocalUsdt(chain, to, usdt)
/**
 * A withdrawal as its user sees it: rejected by a manager, else the keeper's payout state once it claimed it
 * (`keeper_payout`), else the legacy API's decision (pending, approved); and the payout transaction.
 */
async function statusOf(id: number) {
  const request = await db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id } })
  const payout = await db.prisma.keeperPayout.findUnique({ where: { withdrawalId: id } })
  const status = request.status === 'rejected' ? 'rejected' : (payout?.status ?? request.status)
  return { status, payoutTxHash: payout?.payoutTxHash ?? null, decision: request.status }
}

/** Buys NEX with `usdt` USDT and sells it all back: buy and sell fees for the token. */
async function trade(usdt: bigint) {
  const w = wallet()
  await mintUsdt(trader.address, usdt)
  for (const token of [c('USDT'), c('Token')]) {
    await mined(
      await w.writeContract({
        address: token,
        abi: tokenAbi,
        functionName: 'approve',
        args: [c('Router'), maxUint256],
      }),
    )
  }
  const swap = (amount: bigint, path: Address[]) =>
    w.writeContract({
      address: c('Router'),
      abi: routerAbi,
      functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
      args: [amount, 1n, path, trader.address, 2n ** 40n],
    })
  await mined(await swap(usdt, [c('USDT'), c('Token')]))
  const nex = await client.readContract({
    address: c('Token'),
    abi: tokenAbi,
    functionName: 'balanceOf',
    args: [trader.address],
  })
  await mined(await swap(nex, [c('Token'), c('USDT')]))
}

beforeAll(async () => {
  ;[chain, testDb] = await Promise.all([
    startSystemChain({ seed: false }),
    createTestDatabase(inject('databaseUrl'), 'keeper'),
  ])
  client = createPublicClient({ chain: hardhat, transport: http(chain.url) })
  db = await createDatabase({ url: testDb.url })
})
afterAll(async () => {
  await db?.close()
  await testDb?.drop()
  await chain?.stop()
})

describe('keeper', () => {
  it('sends an upkeep only when due, and the fees end where they belong', async () => {
    const k = await keeper()
    try {
      await k.runAll() // the first pool burn is due on a fresh deployment
      let all = await works()
      expect(all.map((w) => [w.job, w.status])).toEqual([['upkeep:Token', 'done']])
      await k.runAll() // nothing due now: nothing sent
      expect(await works()).toHaveLength(1)

      await trade(parseEther('3000'))
      await rpc('evm_increaseTime', [600])
      await rpc('evm_mine')
      const [, trans, burnFee] = await client.readContract({
        address: c('Token'),
        abi: tokenAbi,
        functionName: 'getSwapBalances',
      })
      expect(trans + burnFee).toBeGreaterThan(0n)
      const burnBefore = await client.readContract({
        address: c('USDT'),
        abi: localUSDTAbi,
        functionName: 'balanceOf',
        args: [c('Burn')],
      })
      await k.runAll()
      all = await works()
      expect(all.filter((w) => w.status === 'done')).toHaveLength(2)
      const [, transAfter, burnFeeAfter] = await client.readContract({
        address: c('Token'),
        abi: tokenAbi,
        functionName: 'getSwapBalances',
      })
      expect([transAfter, burnFeeAfter]).toEqual([0n, 0n])
      const burnAfter = await client.readContract({
        address: c('USDT'),
        abi: localUSDTAbi,
        functionName: 'balanceOf',
        args: [c('Burn')],
      })
      expect(burnAfter).toBeGreaterThan(burnBefore)
      // every transaction of the keeper is in its journal, each nonce once
      const nonce = await client.getTransactionCount({ address: k.account.address })
      const txs = all.flatMap((w) => w.transactions)
      expect(txs.filter((t) => t.status === 'mined').map((t) => Number(t.nonce))).toEqual([...Array(nonce).keys()])
      // health and metrics
      expect((await fetch(`${k.url}/healthz`)).status).toBe(200)
      const ready = (await (await fetch(`${k.url}/readyz`)).json()) as { ready: boolean; jobs: Record<string, unknown> }
      expect(ready.ready).toBe(true)
      expect(Object.keys(ready.jobs)).toContain('upkeep:Mining')
      const metrics = await (await fetch(`${k.url}/metrics`)).text()
      expect(metrics).toMatch(/keeper_job_sends_total\{job="upkeep:Token"\} 2\n/)
      expect(metrics).toMatch(/keeper_gas_spent_wei_total\{job="upkeep:Token"\} [1-9]/)
    } finally {
      await k.stop()
    }
  })

  it('kill -9 after journaling, before sending: the restart sends that transaction once, nothing else', async () => {
    // a keeper process journals a transaction and dies before broadcasting: written here as it would have been
    const account = keeperAccount({ privateKey: undefined })
    const nonce = await client.getTransactionCount({ address: account.address })
    const data = encodeFunctionData({ abi: tokenAbi, functionName: 'updatePrice' })
    const fees = await client.estimateFeesPerGas()
    const raw = await account.signTransaction({
      chainId: 31337,
      type: 'eip1559',
      to: c('Token'),
      data,
      nonce,
      gas: 200_000n,
      ...fees,
    })
    await db.prisma.keeperWork.create({
      data: {
        job: 'test',
        workKey: 'test:updatePrice',
        transactions: {
          create: {
            chainId: 31337,
            sender: account.address.toLowerCase(),
            nonce: BigInt(nonce),
            txHash: keccak256(raw),
            rawTx: raw,
            maxFeePerGas: fees.maxFeePerGas.toString(),
          },
        },
      },
    })
    const k = await keeper()
    try {
      await k.runAll()
      const work = await db.prisma.keeperWork.findUniqueOrThrow({ where: { workKey: 'test:updatePrice' } })
      expect(work.status).toBe('done')
      expect(work.txHash).toBe(keccak256(raw))
      expect(await client.getTransactionCount({ address: account.address })).toBe(nonce + 1)
      // asking for the same work again sends nothing
      const again = await k.sender.send('test', 'test:updatePrice', { to: c('Token'), data })
      expect(again).toMatchObject({ status: 'done', txHash: keccak256(raw) })
      expect(await client.getTransactionCount({ address: account.address })).toBe(nonce + 1)
    } finally {
      await k.stop()
    }
  })

  it('kill -9 of the keeper process while its transaction waits to be mined: the restart finds it, sends nothing twice', async () => {
    await rpc('evm_increaseTime', [86_400])
    await rpc('evm_mine')
    await rpc('evm_setAutomine', [false])
    const deployments = join(tmpdir(), `keeper-deployments-${process.pid}.json`)
    writeFileSync(
      deployments,
      JSON.stringify({
        chainId: 31337,
        contracts: Object.fromEntries(
          Object.entries(chain.contracts).map(([n, a]) => [n, { address: a, blockNumber: 0 }]),
        ),
      }),
    )
    const child = spawn(process.execPath, ['--conditions=@nexus/source', join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        RPC_URL: chain.url,
        CHAIN_ID: '31337',
        PORT: '0',
        DATABASE_URL: testDb.url,
        DEPLOYMENTS_FILE: deployments,
        KEEPER_INTERVAL_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000))
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    try {
      const before = (await works()).length
      const deadline = Date.now() + 60_000
      while ((await works()).length === before) {
        if (Date.now() > deadline) throw new Error(`the keeper process journaled nothing:\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      // wait until the node has it in its mempool, then kill the keeper without warning
      const pendingWork = (await works()).at(-1)
      const hash = pendingWork?.transactions[0]?.txHash as `0x${string}` | undefined
      if (!pendingWork || !hash) throw new Error('no journaled transaction')
      while (!(await client.getTransaction({ hash }).catch(() => undefined)))
        await new Promise((r) => setTimeout(r, 50))
      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))
      expect((await db.prisma.keeperWork.findUniqueOrThrow({ where: { id: pendingWork.id } })).status).toBe('pending')
      await rpc('evm_setAutomine', [true])
      await rpc('evm_mine')
      const k = await keeper()
      try {
        await k.runAll()
        const work = await db.prisma.keeperWork.findUniqueOrThrow({ where: { id: pendingWork.id } })
        expect(work.status).toBe('done')
        expect(work.txHash).toBe(hash)
        const all = await works()
        const txs = all.flatMap((w) => w.transactions)
        const nonce = await client.getTransactionCount({ address: k.account.address })
        expect(
          txs
            .filter((t) => t.status === 'mined')
            .map((t) => Number(t.nonce))
            .sort((a, b) => a - b),
        ).toEqual([...Array(nonce).keys()])
      } finally {
        await k.stop()
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      await rpc('evm_setAutomine', [true])
    }
  })

  it('a transaction stuck unmined is re-sent with a higher fee, same nonce; one of them is mined', async () => {
    await rpc('evm_setAutomine', [false])
    // no upkeep jobs: the only transaction is the test's (a keeper sends one nonce at a time)
    const k = await keeper({ TX_TIMEOUT_MS: '300', KEEPER_UPKEEPS: 'false' })
    try {
      // a keeper broadcasts only once it holds the keeper lease
      const leaseDeadline = Date.now() + 15_000
      while ((await fetch(`${k.url}/readyz`)).status !== 200 && Date.now() < leaseDeadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const data = encodeFunctionData({ abi: tokenAbi, functionName: 'updatePrice' })
      const sending = k.sender.send('test', 'test:stuck', { to: c('Token'), data })
      // let it time out once or twice, then mine
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await rpc('evm_mine')
      const result = await sending
      expect(result.status).toBe('done')
      const work = await db.prisma.keeperWork.findUniqueOrThrow({
        where: { workKey: 'test:stuck' },
        include: { transactions: true },
      })
      expect(work.transactions.length).toBeGreaterThan(1)
      expect(new Set(work.transactions.map((t) => t.nonce)).size).toBe(1)
      expect(work.transactions.filter((t) => t.status === 'mined')).toHaveLength(1)
      expect(work.transactions.filter((t) => t.status === 'replaced')).toHaveLength(work.transactions.length - 1)
    } finally {
      await rpc('evm_setAutomine', [true])
      await k.stop()
    }
  })

  it('a failing job backs off and does not stop the others; a second keeper waits for the lock', async () => {
    const first = await keeper()
    // the first keeper takes the lock once it starts; it is ready only then (under load that can take a while)
    const lockDeadline = Date.now() + 15_000
    while ((await fetch(`${first.url}/readyz`)).status !== 200 && Date.now() < lockDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200)
    const metrics = createMetrics()
    let good = 0
    const second = await startKeeper({
      db,
      sender: first.sender,
      log,
      metrics,
      host: '127.0.0.1',
      port: 0,
      jobs: [
        { name: 'broken', intervalMs: 20, run: () => Promise.reject(new Error('RPC timeout')) },
        { name: 'good', intervalMs: 20, run: () => Promise.resolve({ kind: 'idle' as const, detail: String(++good) }) },
      ],
    })
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      // the lock is held by `first`: the second runs nothing and is not ready
      expect((await fetch(`${second.url}/readyz`)).status).toBe(503)
      expect(good).toBe(0)
      await first.stop()
      const deadline = Date.now() + 15_000
      while (good < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(good).toBeGreaterThanOrEqual(3)
      const text = await metrics.registry.metrics()
      expect(text).toMatch(/keeper_job_failures_total\{job="broken"\} [1-9]/)
      expect(second.state.get('broken')?.lastError).toBe('RPC timeout')
    } finally {
      await second.stop()
    }
  })
})

describe('an upkeep due without progress', () => {
  it('is not sent again on every block: held after a send that did no work, longer after each, resumed when it changes', async () => {
    // a contract that is always due and whose performUpkeep succeeds doing nothing, as Burn's failing buy-and-burn
    // was before dbf32c1 (the keeper then sent it on every block)
    const artifact = JSON.parse(
      readFileSync(join(contractsDir, 'artifacts/contracts/test/StuckUpkeep.sol/StuckUpkeep.json'), 'utf8'),
    ) as { abi: readonly unknown[]; bytecode: `0x${string}` }
    const stuckAbi = [
      { type: 'function', name: 'performed', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
    ] as const
    const deployed = await mined(
      await wallet(deployer).deployContract({ abi: artifact.abi, bytecode: artifact.bytecode }),
    )
    const stuck = deployed.contractAddress as Address
    const performed = () => client.readContract({ address: stuck, abi: stuckAbi, functionName: 'performed' })
    const hour = 3_600_000
    let clock = 0
    const k = await keeper({ KEEPER_INTERVAL_MS: String(hour) })
    const job = upkeepJob({
      name: 'Stuck',
      address: stuck,
      client: k.client,
      sender: k.sender,
      intervalMs: hour,
      maxHoldMs: 8 * hour,
      now: () => clock,
    })
    const sendBlocks = async () => {
      const sent = (await works()).filter((w) => w.job === 'upkeep:Stuck')
      expect(sent.every((w) => w.status === 'done')).toBe(true)
      return sent.map((w) => Number(w.transactions.find((t) => t.status === 'mined')?.blockNumber))
    }
    try {
      await k.runAll() // the journal reconciled; the real contracts' upkeeps may send what is due
      // each run in a block of its own, as a keeper's runs are on a chain that moves
      const run = async () => {
        await rpc('evm_mine')
        return await job.run()
      }
      expect(await run()).toMatchObject({ kind: 'sent', result: { status: 'done' } })
      expect(await performed()).toBe(1n) // one send, not maxPerRun sends in consecutive blocks
      expect(await run()).toMatchObject({ kind: 'idle', detail: expect.stringContaining('without progress') })
      expect(await performed()).toBe(1n) // nor another one in the next run
      clock += 2 * hour - 1 // held for interval × 2 after the first such send
      expect((await run()).kind).toBe('idle')
      clock += 1
      await run()
      expect(await performed()).toBe(2n)
      clock += 4 * hour - 1 // then interval × 4
      expect((await run()).kind).toBe('idle')
      clock += 1
      await run()
      expect(await performed()).toBe(3n)
      clock += 8 * hour // then interval × 8 = maxHoldMs, the longest hold
      await run()
      clock += 8 * hour - 1
      expect((await run()).kind).toBe('idle')
      clock += 1
      await run()
      expect(await performed()).toBe(5n)
      // five sends, each its own work in the journal, none repeated
      expect(await sendBlocks()).toHaveLength(5)
    } finally {
      await k.stop()
    }
  })
})

describe('legacy withdrawals', () => {
  it('KEEPER_UPKEEPS=false (Chainlink or Gelato runs the upkeeps): only the withdrawal payouts run', async () => {
    const k = await keeper({ KEEPER_UPKEEPS: 'false' })
    try {
      expect([...k.state.keys()]).toEqual([WITHDRAWAL_JOB])
    } finally {
      await k.stop()
    }
  })

  it('pays each accepted withdrawal once, within the threshold and the daily cap; the rest waits', async () => {
    const payer = await fundPayer(parseEther('100000'))
    const before = await Promise.all(users.map((u) => usdtOf(u.address)))
    const small = await withdrawal(0, '100.5')
    const large = await withdrawal(1, '5000') // above the 1,000 threshold: waits for a manager
    const arb = await withdrawal(2, '50', 'ARB') // no ARB token configured: waits
    const approved = await withdrawal(1, '9000', 'USDT', 'approved')
    const overCap = await withdrawal(2, '1000') // 100.5 + 9,000 + 1,000 > 10,000 a day
    const k = await keeper({ WITHDRAW_INTERVAL_MS: '3600000' })
    try {
      await k.runAll()
      const paid = await statusOf(small.id)
      expect(paid.status).toBe('paid')
      const work = await db.prisma.keeperWork.findUniqueOrThrow({ where: { workKey: `withdrawal:${small.id}` } })
      expect(paid.payoutTxHash).toBe(work.txHash)
      expect((await statusOf(approved.id)).status).toBe('paid')
      for (const w of [large, arb, overCap]) expect((await statusOf(w.id)).status).toBe(w.status)
      // the legacy API's decisions are its own: the keeper wrote only its payouts
      expect((await statusOf(approved.id)).decision).toBe('approved')
      expect((await statusOf(small.id)).decision).toBe('pending')
      const after = await Promise.all(users.map((u) => usdtOf(u.address)))
      expect(after.map((a, i) => a - (before[i] as bigint))).toEqual([parseEther('100.5'), parseEther('9000'), 0n])
      // a second run pays nothing again
      const nonce = await client.getTransactionCount({ address: payer.address })
      await k.runAll()
      expect(await client.getTransactionCount({ address: payer.address })).toBe(nonce)
      expect(await Promise.all(users.map((u) => usdtOf(u.address)))).toEqual(after)
    } finally {
      await k.stop()
      // what waits is removed, so that it does not count against its account's threshold in later tests
      await db.prisma.legacyWithdrawal.deleteMany({ where: { id: { in: [large.id, overCap.id, arb.id] } } })
    }
  })

  it('a crash between a payout sent and its record: recorded from the journal after the restart, never sent again', async () => {
    const payer = await fundPayer(parseEther('1000'))
    const first = await keeper({ KEEPER_UPKEEPS: 'false', WITHDRAW_INTERVAL_MS: '3600000' })
    // the withdrawal job runs once at start: the withdrawal comes after that run, so that only the test pays it (under
    // load the first run came after the withdrawal and paid it)
    const startDeadline = Date.now() + 15_000
    for (;;) {
      const ready = (await (await fetch(`${first.url}/readyz`)).json()) as {
        jobs: Record<string, { lastRunAt?: string }>
      }
      if (ready.jobs.withdrawals?.lastRunAt) break
      if (Date.now() > startDeadline) throw new Error('the withdrawal job did not run at start')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const w = await withdrawal(1, '77')
    const to = users[1]?.address as Address
    const before = await usdtOf(to)
    let sent: string
    try {
      // what the job does up to the send, then nothing more: the claim and the journaled, mined work are all that is
      // left, as after a kill -9 right after the receipt
      await db.prisma.keeperPayout.create({ data: { withdrawalId: w.id } })
      const result = await first.sender.send(WITHDRAWAL_JOB, `withdrawal:${w.id}`, {
        to: c('Payouts'),
        data: encodeFunctionData({
          abi: payoutsAbi,
          functionName: 'pay',
          args: [BigInt(w.id), to, c('USDT'), parseEther('77')],
        }),
      })
      if (result.status !== 'done') throw new Error(`payout not sent: ${JSON.stringify(result)}`)
      sent = result.txHash
    } finally {
      await first.stop()
    }
    expect(await statusOf(w.id)).toEqual({ status: 'paying', payoutTxHash: null, decision: 'pending' })
    const nonce = await client.getTransactionCount({ address: payer.address })
    const k = await keeper({ KEEPER_UPKEEPS: 'false', WITHDRAW_INTERVAL_MS: '3600000' })
    try {
      await k.runAll()
      await k.runAll()
      expect(await statusOf(w.id)).toEqual({ status: 'paid', payoutTxHash: sent, decision: 'pending' })
      expect(await client.getTransactionCount({ address: payer.address })).toBe(nonce)
      expect((await usdtOf(to)) - before).toBe(parseEther('77'))
    } finally {
      await k.stop()
    }
  })

  it('a claim without a journaled work (a crash before the send): given back and paid once', async () => {
    await fundPayer(parseEther('1000'))
    const w = await withdrawal(2, '3', 'USDT', 'approved')
    const to = users[2]?.address as Address
    const before = await usdtOf(to)
    await db.prisma.keeperPayout.create({ data: { withdrawalId: w.id } })
    const k = await keeper({ KEEPER_UPKEEPS: 'false', WITHDRAW_INTERVAL_MS: '3600000' })
    try {
      await k.runAll()
      await k.runAll()
      const paid = await statusOf(w.id)
      expect(paid).toMatchObject({ status: 'paid', decision: 'approved' })
      const work = await db.prisma.keeperWork.findUniqueOrThrow({ where: { workKey: `withdrawal:${w.id}` } })
      expect(paid.payoutTxHash).toBe(work.txHash)
      expect((await usdtOf(to)) - before).toBe(parseEther('3'))
    } finally {
      await k.stop()
    }
  })

  it('kill -9 while a payout waits to be mined: paid exactly once after the restart', async () => {
    const w = await withdrawal(0, '42')
    const before = await usdtOf(users[0]?.address as Address)
    await rpc('evm_setAutomine', [false])
    const deployments = join(tmpdir(), `keeper-deployments-w-${process.pid}.json`)
    writeFileSync(
      deployments,
      JSON.stringify({
        chainId: 31337,
        contracts: Object.fromEntries(
          Object.entries(chain.contracts).map(([n, a]) => [n, { address: a, blockNumber: 0 }]),
        ),
      }),
    )
    const child = spawn(process.execPath, ['--conditions=@nexus/source', join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        RPC_URL: chain.url,
        CHAIN_ID: '31337',
        PORT: '0',
        DATABASE_URL: testDb.url,
        DEPLOYMENTS_FILE: deployments,
        KEEPER_INTERVAL_MS: '3600000',
        WITHDRAW_INTERVAL_MS: '100',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    })
    try {
      const deadline = Date.now() + 60_000
      let hash: `0x${string}` | undefined
      while (!hash) {
        if (Date.now() > deadline) throw new Error('the keeper process journaled no payout')
        const work = await db.prisma.keeperWork.findUnique({
          where: { workKey: `withdrawal:${w.id}` },
          include: { transactions: true },
        })
        hash = work?.transactions[0]?.txHash as `0x${string}` | undefined
        if (!hash) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const sent = hash
      while (!(await client.getTransaction({ hash: sent }).catch(() => undefined))) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      child.kill('SIGKILL')
      await new Promise((resolve) => child.once('exit', resolve))
      expect((await statusOf(w.id)).status).toBe('paying')
      await rpc('evm_setAutomine', [true])
      await rpc('evm_mine')
      const k = await keeper({ WITHDRAW_INTERVAL_MS: '3600000' })
      try {
        await k.runAll()
        await k.runAll()
        const paid = await statusOf(w.id)
        expect(paid.status).toBe('paid')
        expect(paid.payoutTxHash).toBe(sent)
        expect((await usdtOf(users[0]?.address as Address)) - before).toBe(parseEther('42'))
      } finally {
        await k.stop()
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      await rpc('evm_setAutomine', [true])
    }
  })
})

describe('a simulated week left to the keeper', () => {
  it('every fee ends where it belongs; no job fails; the gas is reported', async () => {
    const traders = [15, 16, 17].map((addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex }))
    const tokenConfig = await client.readContract({ address: c('Token'), abi: tokenAbi, functionName: 'getConfig' })
    const multi = await client.readContract({ address: c('Token'), abi: tokenAbi, functionName: 'getConfigMulti' })
    const usdt = (address: Address) =>
      client.readContract({ address: c('USDT'), abi: localUSDTAbi, functionName: 'balanceOf', args: [address] })
    const watched = [tokenConfig.nft, tokenConfig.burn, tokenConfig.market] as const
    const before = await Promise.all(watched.map(usdt))
    const fromBlock = await client.getBlockNumber()
    const worksBefore = (await works()).length
    for (const t of traders) {
      await mintUsdt(t.address, parseEther('1000000'))
      for (const token of [c('USDT'), c('Token')]) {
        await mined(
          await wallet(t).writeContract({
            address: token,
            abi: tokenAbi,
            functionName: 'approve',
            args: [c('Router'), maxUint256],
          }),
        )
      }
    }
    // a fixed pseudo-random sequence: the same week every run
    let seed = 21
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const k = await keeper()
    const started = Date.now()
    try {
      // the keeper's first runs start with it: let them end before the traders move (a trade between a simulation
      // and its transaction could make a conversion revert on its TWAP minimum, which this test counts as a failure)
      await k.runAll()
      for (let quarter = 0; quarter < 7 * 4; quarter++) {
        for (let n = 0; n < 2; n++) {
          const t = traders[Math.floor(random() * traders.length)] as (typeof traders)[number]
          const held = await client.readContract({
            address: c('Token'),
            abi: tokenAbi,
            functionName: 'balanceOf',
            args: [t.address],
          })
          const sell = held > 0n && random() < 0.5
          const amount = sell
            ? (held * BigInt(1 + Math.floor(random() * 100))) / 100n
            : parseEther(String(100 + Math.floor(random() * 1_900)))
          await mined(
            await wallet(t).writeContract({
              address: c('Router'),
              abi: routerAbi,
              functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
              args: [amount, 1n, sell ? [c('Token'), c('USDT')] : [c('USDT'), c('Token')], t.address, 2n ** 40n],
            }),
          )
        }
        await rpc('evm_increaseTime', [6 * 3600])
        await rpc('evm_mine')
        await k.runAll()
        for (const [job, state] of k.state) expect(state.lastError, job).toBeUndefined()
      }
      // left alone a little longer (a run every 10 minutes), the keeper finishes what is due: a conversion sells at
      // most 0.3 % of the pair per call, and after one has moved the price the next waits for the TWAP to follow
      const due = async () =>
        await client.readContract({ address: c('Token'), abi: tokenAbi, functionName: 'checkUpkeep', args: ['0x'] })
      let extraRuns = 0
      while ((await due())[0] && extraRuns < 60) {
        await rpc('evm_increaseTime', [600])
        await rpc('evm_mine')
        await k.runAll()
        extraRuns++
      }
      expect(
        await due(),
        `still due after ${extraRuns} more runs: ${JSON.stringify(k.state.get('upkeep:Token'))}`,
      ).toEqual([false, '0x'])
      const week = (await works()).slice(worksBefore)
      expect(week.filter((w) => w.status !== 'done').map((w) => `${w.workKey}: ${w.error}`)).toEqual([])
      const [liquidity, trans, burnFee] = await client.readContract({
        address: c('Token'),
        abi: tokenAbi,
        functionName: 'getSwapBalances',
      })
      expect(liquidity < tokenConfig.autoSwapMin && trans + burnFee < tokenConfig.autoSwapMin).toBe(true)
      // the USDT each receiver got is exactly what the token's events say it paid, split at SPEC's rates
      const logs = await client.getContractEvents({ address: c('Token'), abi: tokenAbi, fromBlock })
      let nft = 0n
      let burn = 0n
      let market = 0n
      let splits = 0
      for (const log of logs) {
        if (log.eventName === 'FeesDistributed') {
          const { nftAmount = 0n, burnAmount = 0n, marketAmount = 0n } = log.args
          const total = nftAmount + burnAmount + marketAmount
          expect(nftAmount).toBe((total * multi.nftShare) / 10_000n)
          expect(burnAmount).toBe((total * multi.burnShare) / 10_000n)
          nft += nftAmount
          burn += burnAmount
          market += marketAmount
          splits++
        }
        if (log.eventName === 'BurnFeeConverted') {
          expect(log.args.receiver).toBe(tokenConfig.burn)
          burn += log.args.usdt ?? 0n
        }
      }
      expect(splits).toBeGreaterThan(0)
      const after = await Promise.all(watched.map(usdt))
      expect(after.map((a, i) => a - (before[i] as bigint))).toEqual([nft, burn, market])
      const txs = week.flatMap((w) => w.transactions).filter((t) => t.status === 'mined')
      const gas = txs.reduce((sum, t) => sum + BigInt(t.gasUsed?.toString() ?? '0'), 0n)
      const byJob = Object.fromEntries(
        [...new Set(week.map((w) => w.job))].map((job) => [job, week.filter((w) => w.job === job).length]),
      )
      console.log(
        `simulated week: ${txs.length} keeper transactions ${JSON.stringify(byJob)}, gas ${gas}, ` +
          `${splits} fee splits (${extraRuns} runs after the week), nft ${nft} burn ${burn} market ${market} wei USDT, ${Date.now() - started} ms`,
      )
    } finally {
      await k.stop()
    }
  })

  it('Burn and Fomo upkeeps force out expired orders in bounded batches, paying the keeper nothing', async () => {
    const user = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 })
    const w = wallet(user)
    await mined(
      await w.writeContract({ address: c('Main'), abi: mainAbi, functionName: 'register', args: [deployer.address] }),
    )
    await mintUsdt(user.address, parseEther('10000'))
    for (const spender of [c('Burn'), c('Fomo')]) {
      await mined(
        await w.writeContract({
          address: c('USDT'),
          abi: localUSDTAbi,
          functionName: 'approve',
          args: [spender, maxUint256],
        }),
      )
    }
    const burnEvery = (await client.readContract({ address: c('Burn'), abi: burnAbi, functionName: 'getConfig' }))
      .burnEvery
    const first =
      (await client.readContract({ address: c('Burn'), abi: burnAbi, functionName: 'totalInfo' })).totalOrder + 1n
    for (let i = 0; i < 3; i++) {
      await mined(
        await w.writeContract({
          address: c('Burn'),
          abi: burnAbi,
          functionName: 'burn',
          args: [user.address, 1n, burnEvery, false],
        }),
      )
    }
    const fomoConfig = await client.readContract({ address: c('Fomo'), abi: fomoAbi, functionName: 'getConfig' })
    await mined(
      await w.writeContract({
        address: c('Fomo'),
        abi: fomoAbi,
        functionName: 'burn',
        args: [0n, 1n, fomoConfig.roundMin, true],
      }),
    )
    const fomoIndex = fomoConfig.lastIndex + 1n
    const fomoOrder = await client.readContract({
      address: c('Fomo'),
      abi: fomoAbi,
      functionName: 'orders',
      args: [fomoIndex],
    })
    const burnOrder = await client.readContract({
      address: c('Burn'),
      abi: burnAbi,
      functionName: 'orders',
      args: [first + 2n],
    })
    const forceTime = fomoOrder.endTime + fomoConfig.outDays * fomoConfig.dayTimes
    const until = forceTime > burnOrder.endTime ? forceTime : burnOrder.endTime
    await rpc('evm_setNextBlockTimestamp', [Number(until + 10n)])
    await rpc('evm_mine')
    const k = await keeper()
    try {
      const held = await client.readContract({
        address: c('USDT'),
        abi: localUSDTAbi,
        functionName: 'balanceOf',
        args: [k.account.address],
      })
      await k.runAll()
      for (let i = first; i < first + 3n; i++) {
        const order = await client.readContract({ address: c('Burn'), abi: burnAbi, functionName: 'orders', args: [i] })
        expect(order.isValid).toBe(false)
      }
      const fomoAfter = await client.readContract({
        address: c('Fomo'),
        abi: fomoAbi,
        functionName: 'orders',
        args: [fomoIndex],
      })
      expect(fomoAfter.status).toBe(4n) // forced out by the keeper
      const done = (await works()).filter((x) => x.status === 'done').map((x) => x.job)
      expect(done).toEqual(expect.arrayContaining(['upkeep:Burn', 'upkeep:Fomo']))
      expect(
        await client.readContract({
          address: c('USDT'),
          abi: localUSDTAbi,
          functionName: 'balanceOf',
          args: [k.account.address],
        }),
      ).toBe(held)
      // nothing left due for Burn: a second run sends nothing for it
      const before = (await works()).filter((x) => x.job === 'upkeep:Burn').length
      await k.runAll()
      expect((await works()).filter((x) => x.job === 'upkeep:Burn').length).toBe(before)
    } finally {
      await k.stop()
    }
  })
})

describe('fault trial', () => {
  it('RPC errors, timeouts and lost answers (also of accepted broadcasts): every due upkeep done, every withdrawal paid once', async () => {
    // due work: fees for the Token's upkeep to convert, and six accepted withdrawals of three users
    await trade(parseEther('3000'))
    await rpc('evm_increaseTime', [86_400])
    await rpc('evm_mine')
    const payer = await fundPayer(parseEther('1000'))
    const amounts = ['11', '23.5', '37', '41', '59.25', '64'] // within the threshold and what is left of the cap
    const before = await Promise.all(users.map((u) => usdtOf(u.address)))
    const accepted = []
    for (const [i, amount] of amounts.entries()) accepted.push(await withdrawal(i % 3, amount))
    const lastWork = (await works()).at(-1)?.id ?? 0
    const nonceBefore = await client.getTransactionCount({ address: payer.address })
    const fromBlock = (await client.getBlockNumber()) + 1n
    // the keeper talks to its node only through the proxy; a fault is a 429, a 500, a reset connection, a request
    // unanswered for longer than the keeper's RPC timeout, or a lost answer of a request the node executed (for a
    // broadcast: the node has the transaction, the keeper does not know it)
    const proxy = await startFaultyProxy(chain.url, 0, 2121, {
      kinds: ['429', '500', 'reset', 'timeout', 'lost'],
      // broadcasts mostly lose their answer after the node took them (the case a sender must not forget)
      kindsByMethod: { eth_sendRawTransaction: ['lost', 'lost', 'lost', '429', 'reset'] },
      hangMs: 1_500,
    })
    const k = await keeper({ RPC_URL: proxy.url, WITHDRAW_INTERVAL_MS: '3600000' }, { rpcTimeoutMs: 1_000 })
    try {
      // faulty from the keeper's start on (its journal reconciled through the faults too)
      proxy.setRate(0.2, { eth_sendRawTransaction: 0.7 })
      for (let round = 0; round < 6; round++) await k.runAll()
      const faulty = { ...proxy.methodFaults }
      // the endpoint healthy again: the keeper finishes what the faults interrupted
      proxy.setRate(0)
      for (let round = 0; round < 3; round++) await k.runAll()
      for (const [job, state] of k.state) expect(state.lastError, job).toBeUndefined()

      // every due upkeep was done: no contract says it is due any more
      for (const name of UPKEEP_CONTRACTS) {
        if (k.state.get(`upkeep:${name}`)?.lastOutcome?.startsWith('unsupported')) continue
        const { result } = await client.simulateContract({
          address: c(name),
          abi: automationCompatibleInterfaceAbi,
          functionName: 'checkUpkeep',
          args: ['0x'],
        })
        expect(result[0], `${name} still due`).toBe(false)
      }
      // every work of the trial done, by exactly one mined transaction; the keeper's nonces on chain since the
      // start are exactly the trial's mined transactions, each once: nothing sent twice, nothing sent unjournaled
      const trial = (await works()).filter((w) => w.id > lastWork)
      expect(trial.filter((w) => w.status !== 'done').map((w) => `${w.workKey}: ${w.status} ${w.error}`)).toEqual([])
      for (const w of trial)
        expect(
          w.transactions.filter((t) => t.status === 'mined'),
          w.workKey,
        ).toHaveLength(1)
      const nonceAfter = await client.getTransactionCount({ address: payer.address })
      const minedNonces = trial
        .flatMap((w) => w.transactions)
        .filter((t) => t.status === 'mined')
        .map((t) => Number(t.nonce))
        .sort((a, b) => a - b)
      expect(minedNonces).toEqual([...Array(nonceAfter - nonceBefore).keys()].map((i) => nonceBefore + i))
      expect(trial.some((w) => w.job === 'upkeep:Token')).toBe(true)

      // every accepted withdrawal paid exactly once: paid with its payout's hash, one transfer each on chain, the
      // users' balances up by exactly their sums
      const payouts = await client.getContractEvents({
        address: c('USDT'),
        abi: localUSDTAbi,
        eventName: 'Transfer',
        args: { from: c('Payouts') },
        fromBlock,
      })
      const hashes: string[] = []
      for (const w of accepted) {
        const paid = await statusOf(w.id)
        const work = trial.find((x) => x.workKey === `withdrawal:${w.id}`)
        expect(paid.status).toBe('paid')
        expect(paid.payoutTxHash).toBe(work?.txHash)
        hashes.push(paid.payoutTxHash as string)
      }
      expect(payouts.map((l) => l.transactionHash).sort()).toEqual(hashes.sort())
      const after = await Promise.all(users.map((u) => usdtOf(u.address)))
      const expected = users.map((_, u) =>
        amounts.filter((_, i) => i % 3 === u).reduce((sum, a) => sum + parseEther(a), 0n),
      )
      expect(after.map((a, i) => a - (before[i] as bigint))).toEqual(expected)

      // the faults did happen, lost answers of accepted broadcasts among them
      expect(faulty['eth_sendRawTransaction lost'] ?? 0).toBeGreaterThan(0)
      console.log(
        `fault trial: ${trial.length} works, ${nonceAfter - nonceBefore} transactions, faults ${JSON.stringify(faulty)}`,
      )
    } finally {
      await k.stop()
      await proxy.stop()
    }
  })

  it('an endpoint failing at the start: not ready, retried with backoff, ready once it answers, without a restart', async () => {
    const proxy = await startFaultyProxy(chain.url, 0, 11, { kinds: ['500'] })
    // the start's reconcile reads the signer's nonce: that read fails until the endpoint recovers
    proxy.setRate(0, { eth_getTransactionCount: 1 })
    const k = await keeper(
      { RPC_URL: proxy.url, KEEPER_UPKEEPS: 'false', WITHDRAW_INTERVAL_MS: '3600000' },
      { rpcTimeoutMs: 1_000 },
    )
    try {
      // more failed reads than one attempt's (the client's own retries: 3 requests): the start was tried again
      await expect
        .poll(() => proxy.methodFaults['eth_getTransactionCount 500'] ?? 0, { timeout: 20_000 })
        .toBeGreaterThan(3)
      expect((await fetch(`${k.url}/readyz`)).status).toBe(503)
      proxy.setRate(0)
      await expect.poll(async () => (await fetch(`${k.url}/readyz`)).status, { timeout: 30_000 }).toBe(200)
      await k.runAll()
      for (const [job, state] of k.state) expect(state.lastError, job).toBeUndefined()
    } finally {
      await k.stop()
      await proxy.stop()
    }
  })

  it('a simulation the endpoint does not answer fails the job (with backoff), and the withdrawal keeps its place and approval', async () => {
    await fundPayer(parseEther('2000'))
    const proxy = await startFaultyProxy(chain.url, 0, 5, { kinds: ['500'] })
    // a daily cap that the earlier tests' payouts today leave room under
    const k = await keeper({
      RPC_URL: proxy.url,
      KEEPER_UPKEEPS: 'false',
      WITHDRAW_INTERVAL_MS: '3600000',
      WITHDRAW_DAILY_CAP: '1000000',
    })
    try {
      await k.runAll() // started, journal reconciled
      // above the approval threshold, approved by a manager
      const w = await withdrawal(2, '1500', 'USDT', 'approved')
      // every simulation of the payout is answered 500 (a node behind a load balancer that is down)
      proxy.setRate(0, { eth_call: 1 })
      await k.runAll()
      const state = k.state.get(WITHDRAWAL_JOB)
      expect(state?.lastError).toMatch(/HTTP request failed|500/)
      expect(state?.consecutiveFailures).toBeGreaterThanOrEqual(1)
      expect(proxy.methodFaults['eth_call 500']).toBeGreaterThan(0)
      // not counted as "not due", not journaled, and still approved (not back to waiting for a manager)
      expect((await statusOf(w.id)).status).toBe('approved')
      expect(await db.prisma.keeperWork.findUnique({ where: { workKey: `withdrawal:${w.id}` } })).toBeNull()
      proxy.setRate(0)
      await k.runAll()
      expect((await statusOf(w.id)).status).toBe('paid')
      expect(k.state.get(WITHDRAWAL_JOB)?.lastError).toBeUndefined()
    } finally {
      await k.stop()
      await proxy.stop()
    }
  })

  it('a transaction whose every broadcast answer is lost (the node took it) is finished from the chain without a restart', async () => {
    const proxy = await startFaultyProxy(chain.url, 0, 7, { kinds: ['lost'], hangMs: 1_500 })
    const k = await keeper(
      { RPC_URL: proxy.url, KEEPER_UPKEEPS: 'false', WITHDRAW_INTERVAL_MS: '3600000' },
      { rpcTimeoutMs: 1_000 },
    )
    try {
      await k.runAll() // started, journal reconciled
      proxy.setRate(0, { eth_sendRawTransaction: 1 })
      const payment = { to: deployer.address, data: '0x', value: 1n } as const
      await expect(k.sender.send('test', 'test:lost', payment)).rejects.toThrow()
      const work = () => db.prisma.keeperWork.findUniqueOrThrow({ where: { workKey: 'test:lost' } })
      // journaled, never failed: pending, or already done when the keeper's own timer ran its jobs (and so its
      // journal) while the broadcasts were being lost
      expect(['pending', 'done']).toContain((await work()).status)
      proxy.setRate(0)
      // the next job run finishes it from the chain: mined, recorded, not sent again
      await k.runAll()
      const done = await work()
      expect(done.status).toBe('done')
      const receipt = await client.getTransactionReceipt({ hash: done.txHash as `0x${string}` })
      expect(receipt.status).toBe('success')
      expect(proxy.methodFaults['eth_sendRawTransaction lost']).toBeGreaterThan(0)
    } finally {
      await k.stop()
      await proxy.stop()
    }
  })
})

describe('the approval threshold per account and UTC day', () => {
  it('5,000 taken as 5 × 1,000 the same day: the first paid, the rest wait for a manager', async () => {
    await fundPayer(parseEther('5000'))
    const splitter = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 8 })
    const owner = await db.prisma.legacyUser.create({
      data: { address: splitter.address.toLowerCase(), username: 'splitter' },
    })
    const parts: { id: number }[] = []
    for (let i = 0; i < 5; i++) {
      parts.push(
        await db.prisma.legacyWithdrawal.create({
          data: {
            userId: owner.id,
            creditType: 'USDT',
            amount: '1000',
            txHash: nextHash(),
          },
        }),
      )
    }
    const before = await usdtOf(splitter.address)
    // a daily cap far above: only the threshold (1,000 per account and day) holds them
    const k = await keeper({ KEEPER_UPKEEPS: 'false', WITHDRAW_INTERVAL_MS: '3600000', WITHDRAW_DAILY_CAP: '1000000' })
    try {
      await k.runAll()
      const statuses = async () => await Promise.all(parts.map(async (w) => (await statusOf(w.id)).status))
      expect(await statuses()).toEqual(['paid', 'pending', 'pending', 'pending', 'pending'])
      expect((await usdtOf(splitter.address)) - before).toBe(parseEther('1000'))
      // a manager approves the second: it is paid; the third still waits (2,000 asked for without a manager)
      await db.prisma.legacyWithdrawal.update({ where: { id: parts[1]?.id }, data: { status: 'approved' } })
      await k.runAll()
      expect(await statuses()).toEqual(['paid', 'paid', 'pending', 'pending', 'pending'])
    } finally {
      await k.stop()
    }
  })
})
