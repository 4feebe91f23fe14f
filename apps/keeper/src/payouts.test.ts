// The withdrawal payouts with the chain as the source of truth, on a real chain (the whole system deployed, Payouts
// among it) and a real PostgreSQL: a transaction mined between two reads of the sender, requests that cannot be
// paid yet ahead of payable ones, reorganisations that drop mined payouts (recorded too early, or not final yet), a
// payout whose nonce another transaction took (failed, then cancelled on chain), and /readyz of a job that keeps
// failing.
import { payoutsAbi, localUSDTAbi } from '@nexus/abi'
import { createDatabase, type Database, finishRejections, refundsOf } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { startSystemChain, type SystemChain } from '@nexus/testing'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type Hex,
  http,
  parseEther,
  parseGwei,
  type PublicClient,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_MNEMONIC, readConfig } from './config.ts'
import { createKeeper, type Keeper, keeperAccount } from './createKeeper.ts'
import { createLogger } from './log.ts'
import { createMetrics } from './metrics.ts'
import { JournaledSender } from './sender.ts'
import { WITHDRAWAL_JOB } from './withdrawals.ts'
import { legacyWithdrawals } from './_test/legacyWithdrawals.ts'
import { mintLocalUsdt } from './_test/localUsdt.ts'
const PayoutState = { Unused: 0, Paid: 1, Cancelled: 2 }

const log = createLogger({ level: 'silent' })
const users = [5, 6, 7].map((addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex }))
const payer = keeperAccount({ privateKey: undefined })

let chain: SystemChain
let client: PublicClient
let testDb: TestDatabase
let db: Database

const rpc = (method: string, params: unknown[] = []) =>
  client.request({ method: method as never, params: params as never })
const c = (name: string) => chain.contracts[name] as Address
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function keeper(extra: Record<string, string> = {}): Promise<Keeper> {
  const config = readConfig({
    RPC_URL: chain.url,
    CHAIN_ID: '31337',
    PORT: '0',
    KEEPER_INTERVAL_MS: '3600000',
    WITHDRAW_INTERVAL_MS: '3600000',
    KEEPER_UPKEEPS: 'false',
    ...extra,
  })
  return await createKeeper({ config, db, log, contracts: chain.contracts, pollMs: 20 })
}

const { withdrawal, reject } = legacyWithdrawals({ db: () => db, users, hashFill: 'a' })
/** The USDT wallet balance the legacy API holds for test user `user` ('0' without a wallet). */
async function walletOf(user: number) {
  const owner = await db.prisma.legacyUser.findUniqueOrThrow({
    where: { address: (users[user]?.address as Address).toLowerCase() },
  })
  const wallet = await db.prisma.legacyWallet.findUnique({
    where: { userId_creditType: { userId: owner.id, creditType: 'USDT' } },
  })
  return wallet?.balance.toString() ?? '0'
}
const usdtOf = async (address: Address) =>
  await client.readContract({ address: c('USDT'), abi: localUSDTAbi, functionName: 'balanceOf', args: [address] })
const fundPayouts = (usdt: bigint) => mintLocalUsdt(chain, c('Payouts'), usdt)
const stateOf = async (id: number) =>
  Number(
    await client.readContract({ address: c('Payouts'), abi: payoutsAbi, functionName: 'stateOf', args: [BigInt(id)] }),
  )
const paidEvents = async (id: number) =>
  await client.getContractEvents({
    address: c('Payouts'),
    abi: payoutsAbi,
    eventName: 'Paid',
    args: { id: BigInt(id) },
    fromBlock: 0n,
  })
const payoutOf = async (id: number) => await db.prisma.keeperPayout.findUnique({ where: { withdrawalId: id } })

beforeAll(async () => {
  ;[chain, testDb] = await Promise.all([
    startSystemChain({ seed: false }),
    createTestDatabase(inject('databaseUrl'), 'keeper_payouts'),
  ])
  client = createPublicClient({ chain: hardhat, transport: http(chain.url) })
  db = await createDatabase({ url: testDb.url })
  await fundPayouts(parseEther('100000'))
})
afterAll(async () => {
  await db?.close()
  await testDb?.drop()
  await chain?.stop()
})

describe('the sender decides from the chain', () => {
  it('a transaction mined between the receipt read and the nonce read is recorded done, never failed', async () => {
    const raw = createPublicClient({ transport: http(chain.url) })
    let broadcast = false
    let minedBetween = false
    // the real node; a block is mined right before the first nonce read after the broadcast (the interleaving)
    const transport = custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        if (method === 'eth_getTransactionCount' && broadcast && !minedBetween) {
          minedBetween = true
          await raw.request({ method: 'evm_mine' as never })
        }
        const answer = await raw.request({ method: method as never, params: params as never })
        if (method === 'eth_sendRawTransaction') broadcast = true
        return answer
      },
    })
    const sender = new JournaledSender({
      prisma: db.prisma,
      client: createPublicClient({ transport }),
      account: payer,
      chainId: 31337,
      gasPriceCap: parseGwei('20'),
      txTimeoutMs: 300,
      gasBumpPercent: 20,
      log,
      metrics: createMetrics(),
      pollMs: 20,
    })
    await rpc('hardhat_setBalance', [payer.address, `0x${parseEther('1000').toString(16)}`])
    await sender.reconcile()
    await rpc('evm_setAutomine', [false])
    try {
      const result = await sender.send('test', 'mined-between-reads', { to: users[0]?.address as Address, data: '0x' })
      expect(minedBetween).toBe(true)
      expect(result.status).toBe('done')
      const work = await db.prisma.keeperWork.findUniqueOrThrow({ where: { workKey: 'mined-between-reads' } })
      expect(work.status).toBe('done')
    } finally {
      await rpc('evm_setAutomine', [true])
    }
  })
})

describe('withdrawal payouts through Payouts', () => {
  it('pays through Payouts.pay with the withdrawal id; a payable request is not held up by any number before it', async () => {
    // 60 waiting for a manager and 60 in a credit type without a payout token, before one that can be paid
    const waiting: number[] = []
    for (let i = 0; i < 60; i++) waiting.push((await withdrawal(0, '1500')).id)
    for (let i = 0; i < 60; i++) waiting.push((await withdrawal(1, '2', 'ARB')).id)
    const payable = await withdrawal(2, '5')
    const to = users[2]?.address as Address
    const before = await usdtOf(to)
    const k = await keeper()
    try {
      await k.runAll()
      expect(await payoutOf(payable.id)).toMatchObject({ status: 'paid' })
      expect(await stateOf(payable.id)).toBe(PayoutState.Paid)
      const [event, ...more] = await paidEvents(payable.id)
      expect(more).toEqual([])
      expect(event?.args).toMatchObject({ to, token: c('USDT'), amount: parseEther('5') })
      expect((await payoutOf(payable.id))?.payoutTxHash).toBe(event?.transactionHash)
      expect((await usdtOf(to)) - before).toBe(parseEther('5'))
    } finally {
      await k.stop()
      // those that wait are removed, so that they do not count against their accounts' daily threshold later
      await db.prisma.legacyWithdrawal.deleteMany({ where: { id: { in: waiting } } })
    }
  })

  it('a reorganisation drops a payout recorded paid: its journaled transaction is sent again, later work goes on', async () => {
    const k = await keeper()
    try {
      await k.runAll()
      const snapshot = await rpc('evm_snapshot')
      const first = await withdrawal(0, '7')
      await k.runAll()
      const recorded = await payoutOf(first.id)
      expect(recorded?.status).toBe('paid') // 0 confirmations: final at once (the local default)
      await rpc('evm_revert', [snapshot]) // a reorganisation deeper than the confirmations
      expect(await stateOf(first.id)).toBe(PayoutState.Unused)
      const before = await Promise.all(users.map((u) => usdtOf(u.address)))
      const second = await withdrawal(1, '8')
      await k.runAll()
      // the node refused the next nonce as too high: the dropped one was sent again, the same bytes
      expect(k.state.get(WITHDRAWAL_JOB)?.lastError).toBeUndefined()
      expect(await payoutOf(second.id)).toMatchObject({ status: 'paid' })
      for (const w of [first, second]) {
        expect(await stateOf(w.id)).toBe(PayoutState.Paid)
        expect(await paidEvents(w.id)).toHaveLength(1)
      }
      expect((await paidEvents(first.id))[0]?.transactionHash).toBe(recorded?.payoutTxHash)
      const after = await Promise.all(users.map((u) => usdtOf(u.address)))
      expect(after.map((a, i) => a - (before[i] as bigint))).toEqual([parseEther('7'), parseEther('8'), 0n])
    } finally {
      await k.stop()
    }
  })

  it('a payout mined in a block that is not final stays paying; a reorganisation drops it; paid once when final', async () => {
    const k = await keeper({ KEEPER_CONFIRMATIONS: '2' })
    try {
      await k.runAll()
      const w = await withdrawal(2, '9')
      const to = users[2]?.address as Address
      const before = await usdtOf(to)
      const snapshot = await rpc('evm_snapshot')
      await k.runAll()
      const journaled = await db.prisma.keeperWork.findUniqueOrThrow({
        where: { workKey: `withdrawal:${w.id}` },
        include: { transactions: true },
      })
      const hash = journaled.transactions[0]?.txHash as Hex
      expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
      expect(await payoutOf(w.id)).toMatchObject({ status: 'paying' }) // mined, not final
      await rpc('evm_revert', [snapshot])
      expect(await client.getTransactionReceipt({ hash }).catch(() => undefined)).toBeUndefined()
      await k.runAll() // sent again (the same transaction), mined again, still not final
      expect(await payoutOf(w.id)).toMatchObject({ status: 'paying' })
      await rpc('hardhat_mine', ['0x2'])
      await k.runAll()
      expect(await payoutOf(w.id)).toMatchObject({ status: 'paid', payoutTxHash: hash })
      expect(await paidEvents(w.id)).toHaveLength(1)
      expect((await usdtOf(to)) - before).toBe(parseEther('9'))
    } finally {
      await k.stop()
    }
  })

  it('a payout whose nonce another transaction took is failed at a final block, then cancelled on chain', async () => {
    const k = await keeper({ TX_TIMEOUT_MS: '300' })
    const to = users[0]?.address as Address
    try {
      await k.runAll()
      const before = await usdtOf(to)
      const w = await withdrawal(0, '11')
      await rpc('evm_setAutomine', [false])
      const run = k.runAll()
      let hash: Hex | undefined
      for (const deadline = Date.now() + 30_000; !hash; await sleep(20)) {
        if (Date.now() > deadline) throw new Error('no payout journaled')
        const work = await db.prisma.keeperWork.findUnique({
          where: { workKey: `withdrawal:${w.id}` },
          include: { transactions: true },
        })
        const first = work?.transactions[0]
        if (first && (await client.getTransaction({ hash: first.txHash as Hex }).catch(() => undefined))) {
          hash = first.txHash as Hex
        }
      }
      // the same key sends something else with the payout's nonce and a higher fee (an operator by hand, a second
      // signer): that one is mined, the payout never can be
      const nonce = (await client.getTransaction({ hash })).nonce
      await createWalletClient({ chain: hardhat, transport: http(chain.url), account: payer }).sendTransaction({
        to: payer.address,
        value: 0n,
        nonce,
        maxFeePerGas: parseGwei('100'),
        maxPriorityFeePerGas: parseGwei('50'),
      })
      await rpc('evm_mine')
      await rpc('evm_setAutomine', [true])
      await run
      expect(await stateOf(w.id)).toBe(PayoutState.Cancelled)
      expect(await payoutOf(w.id)).toMatchObject({ status: 'cancelled' })
      expect((await payoutOf(w.id))?.reason).toMatch(/nonce .* was used by another transaction/)
      expect(await paidEvents(w.id)).toEqual([])
      expect(await usdtOf(to)).toBe(before)
      // never paid later: the id is cancelled on chain
      await k.runAll()
      expect(await payoutOf(w.id)).toMatchObject({ status: 'cancelled' })
    } finally {
      await rpc('evm_setAutomine', [true])
      await k.stop()
    }
  })
})

describe("a manager's rejection is refunded only after a final cancel on chain", () => {
  it('a request rejected before any claim is never paid: its id is cancelled on chain at a final block, then refunded once', async () => {
    const k = await keeper({ KEEPER_CONFIRMATIONS: '2' })
    const to = users[1]?.address as Address
    try {
      await k.runAll()
      const w = await withdrawal(1, '12.5')
      const [usdtBefore, walletBefore] = [await usdtOf(to), await walletOf(1)]
      expect(await reject(w.id)).toBe('rejecting')
      expect(await finishRejections(db.prisma)).toEqual([]) // nothing cancelled yet: no refund
      await k.runAll()
      // the keeper sent Payouts.cancel(id), never pay; mined, not final yet: no record, no refund
      expect(await stateOf(w.id)).toBe(PayoutState.Cancelled)
      const work = await db.prisma.keeperWork.findUniqueOrThrow({ where: { workKey: `withdrawal-cancel:${w.id}` } })
      expect(work.status).toBe('pending')
      expect(await db.prisma.keeperWork.findUnique({ where: { workKey: `withdrawal:${w.id}` } })).toBeNull()
      expect(await payoutOf(w.id)).toBeNull()
      expect(await finishRejections(db.prisma)).toEqual([])
      expect(await refundsOf(db.prisma, w.id)).toBe(0)
      // final: recorded cancelled, and only now refunded, once
      await rpc('hardhat_mine', ['0x2'])
      await k.runAll()
      expect(await payoutOf(w.id)).toMatchObject({ status: 'cancelled' })
      expect(k.state.get(WITHDRAWAL_JOB)?.lastError).toBeUndefined()
      expect(await finishRejections(db.prisma)).toEqual([w.id])
      expect(await finishRejections(db.prisma)).toEqual([])
      expect((await db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('rejected')
      expect(await refundsOf(db.prisma, w.id)).toBe(1)
      expect(Number(await walletOf(1)) - Number(walletBefore)).toBe(12.5)
      // the database refuses a second refund, whoever writes it
      const owner = await db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id: w.id } })
      await expect(
        db.pool.query(
          `INSERT INTO legacy_wallet_log (user_id, credit_type, amount, balance, kind, ref_id)
           VALUES ($1, 'USDT', 12.5, 25, 'withdraw_refund', $2)`,
          [owner.userId, w.id],
        ),
      ).rejects.toThrow(/refunded already/)
      expect(await paidEvents(w.id)).toEqual([])
      expect(await usdtOf(to)).toBe(usdtBefore)
    } finally {
      await k.stop()
    }
  })

  it('a request paid on chain 10,000 blocks before the database hears of it (a lost claim), then rejected: recorded paid with its hash, never refunded', async () => {
    const k = await keeper()
    const to = users[2]?.address as Address
    try {
      await k.runAll()
      const w = await withdrawal(2, '13')
      const [usdtBefore, walletBefore] = [await usdtOf(to), await walletOf(2)]
      // the payer key pays it directly: the database never heard of the claim
      const payerWallet = createWalletClient({ chain: hardhat, transport: http(chain.url), account: payer })
      const hash = await payerWallet.writeContract({
        address: c('Payouts'),
        abi: payoutsAbi,
        functionName: 'pay',
        args: [BigInt(w.id), to, c('USDT'), parseEther('13')],
      })
      await client.waitForTransactionReceipt({ hash })
      expect(await payoutOf(w.id)).toBeNull()
      expect(await reject(w.id)).toBe('rejecting')
      // long before the keeper looks: the payment's event is found in the block Payouts recorded for the id
      await rpc('hardhat_mine', ['0x2710'])
      await k.runAll()
      expect(await payoutOf(w.id)).toMatchObject({ status: 'paid', payoutTxHash: hash })
      expect(await finishRejections(db.prisma)).toEqual([])
      expect((await db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id: w.id } })).status).toBe('rejecting')
      expect(await refundsOf(db.prisma, w.id)).toBe(0)
      expect(await walletOf(2)).toBe(walletBefore)
      // the database refuses to make it rejected: its payout is not cancelled
      await expect(
        db.pool.query(`UPDATE legacy_withdrawal SET status = 'rejected' WHERE id = $1`, [w.id]),
      ).rejects.toThrow(/rejected only once its payout is cancelled on chain/)
      expect(await paidEvents(w.id)).toHaveLength(1)
      expect((await usdtOf(to)) - usdtBefore).toBe(parseEther('13'))
    } finally {
      await k.stop()
    }
  })
})

describe('readiness', () => {
  it('a job that keeps failing makes /readyz answer 503, and 200 again once it succeeds', async () => {
    let failing = true
    const config = readConfig({
      RPC_URL: chain.url,
      CHAIN_ID: '31337',
      PORT: '0',
      KEEPER_UPKEEPS: 'false',
      KEEPER_INTERVAL_MS: '3600000',
      WITHDRAW_INTERVAL_MS: '3600000',
      KEEPER_NOT_READY_AFTER: '3',
    })
    const k = await createKeeper({
      config,
      db,
      log,
      contracts: chain.contracts,
      pollMs: 20,
      extraJobs: () => [
        {
          name: 'flaky',
          intervalMs: 3_600_000,
          run: async () => {
            if (failing) throw new Error('Nonce too high. Expected nonce to be 22 but got 23.')
            return { kind: 'idle' }
          },
        },
      ],
    })
    try {
      await k.runAll()
      await k.runAll()
      await k.runAll()
      const answer = await fetch(`${k.url}/readyz`)
      expect(answer.status).toBe(503)
      expect(((await answer.json()) as { reason: string }).reason).toMatch(
        /flaky failed \d+ times in a row: Nonce too high/,
      )
      failing = false
      await k.runAll()
      expect((await fetch(`${k.url}/readyz`)).status).toBe(200)
    } finally {
      await k.stop()
    }
  })
})
