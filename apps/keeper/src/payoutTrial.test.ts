// Paid exactly once or refunded exactly once, whatever happens: an interleaving trial and a model-based test of the
// payout states, on a real chain (the whole system, Payouts among it) and a real PostgreSQL; the trial also on the
// embedded PGlite of `npm start`, where every client shares one session.
//
// The trial runs two keepers on one database and one key (as when the single-writer lock fails): the first is
// stopped dead (its every later RPC call hangs, as a process killed -9 from the chain's and the database's point of
// view) at each step of a payout — claimed, signed, sent, mined, recorded — and a reorganisation drops its mined
// payout in one round; the second keeper runs meanwhile with managers approving and rejecting at the same time; then
// the first one is let go again. A manager's rejection of a request never claimed makes it `rejecting`: the keeper
// cancels its id on chain, and the legacy API's refund (`finishRejections`) follows only a final cancel. After each
// round, for every withdrawal: exactly one of {one Paid event on chain, one refund}, never both, and the users'
// tokens equal the Paid events.
//
// The model-based test (fast-check commands) drives one keeper with random requests, approvals, rejections, the
// legacy API's refunds, keeper runs, transactions of the keeper's key that take its nonce, and cancellations on
// chain, and checks after every command that each payout and each decision moved only along the allowed transitions
// and agrees with the chain.
//
// FUZZ_DEEP=1 runs more rounds and more command sequences.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { localUSDTAbi, payoutsAbi } from '@nexus/abi'
import { createDatabase, type Database, finishRejections, refundsOf } from '@nexus/db'
import { createTestDatabase, type TestDatabase } from '@nexus/db/testing'
import { startSystemChain, type SystemChain } from '@nexus/testing'
import fc from 'fast-check'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  getAbiItem,
  http,
  parseEther,
  parseGwei,
  type PublicClient,
  toFunctionSelector,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_MNEMONIC, readConfig } from './config.ts'
import { keeperAccount } from './createKeeper.ts'
import { createLogger } from './log.ts'
import { createMetrics } from './metrics.ts'
import { JournaledSender } from './sender.ts'
import { PayoutState, withdrawalJob } from './withdrawals.ts'
import { legacyWithdrawals } from './_test/legacyWithdrawals.ts'
import { mintLocalUsdt } from './_test/localUsdt.ts'

const deep = process.env.FUZZ_DEEP === '1'
const log = createLogger({ level: 'silent' })
const users = [20, 21, 22].map((addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex }))
const payer = keeperAccount({ privateKey: undefined })
const PAY = toFunctionSelector(getAbiItem({ abi: payoutsAbi, name: 'pay' }))

let chain: SystemChain
let client: PublicClient
let testDb: TestDatabase | undefined
let pgliteDir: string | undefined
let db: Database

const rpc = (method: string, params: unknown[] = []) =>
  client.request({ method: method as never, params: params as never })
const c = (name: string) => chain.contracts[name] as Address
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const policy = readConfig({ CHAIN_ID: '31337', WITHDRAW_DAILY_CAP: '100000000' }).withdrawPolicy

/** One keeper (sender and withdrawal job) on `transport`; `run` does what the keeper's runtime does each round. */
function keeperOn(transport: ReturnType<typeof custom> | ReturnType<typeof http>) {
  const keeperClient = createPublicClient({ transport })
  const sender = new JournaledSender({
    prisma: db.prisma,
    client: keeperClient,
    account: payer,
    chainId: 31337,
    gasPriceCap: parseGwei('20'),
    txTimeoutMs: 200,
    gasBumpPercent: 20,
    log,
    metrics: createMetrics(),
    pollMs: 10,
  })
  const job = withdrawalJob({
    prisma: db.prisma,
    client: keeperClient,
    sender,
    payouts: c('Payouts'),
    tokens: { USDT: c('USDT') },
    policy,
    intervalMs: 3_600_000,
  })
  let reconciled = false
  return {
    sender,
    async run() {
      if (!reconciled) await sender.reconcile()
      reconciled = true
      await sender.finishPending()
      return await job.run()
    },
  }
}

type Step = 'claimed' | 'signed' | 'sent' | 'mined' | 'recorded'

/**
 * A keeper that stops dead at `step` of the payout of withdrawal `id`: from then on its calls to the node hang until
 * `release` (a process killed -9 holds no lock and sends nothing more; one let go again continues where it was).
 */
function stoppedKeeper(step: Step, id: () => number | undefined) {
  const raw = createPublicClient({ transport: http(chain.url) })
  let stopped = false
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const stop = async () => {
    stopped = true
    await gate
  }
  const keeper = keeperOn(
    custom({
      async request({ method, params }: { method: string; params?: unknown }) {
        if (stopped) await gate
        const args = params as [{ data?: string }] | undefined
        if (step === 'claimed' && method === 'eth_call' && args?.[0]?.data?.startsWith(PAY)) await stop()
        if (step === 'signed' && method === 'eth_sendRawTransaction') await stop()
        if (step === 'recorded') {
          const target = id()
          const payout = target && (await db.prisma.keeperPayout.findUnique({ where: { withdrawalId: target } }))
          if (payout && payout.status === 'paid') await stop()
        }
        const answer = await raw.request({ method: method as never, params: params as never })
        if (step === 'sent' && method === 'eth_sendRawTransaction') await stop()
        if (step === 'mined' && method === 'eth_getTransactionReceipt' && answer) await stop()
        return answer
      },
    }),
  )
  return { ...keeper, isStopped: () => stopped, release: () => release() }
}

const { withdrawal, reject } = legacyWithdrawals({ db: () => db, users, usernamePrefix: 'trial', hashFill: 'b' })
async function request(user: number, amount: string, status = 'pending') {
  const w = await withdrawal(user, amount, 'USDT', status)
  return { id: w.id, user, amount }
}

/** A manager's approval as withdrawApprove makes it: a pending withdrawal the keeper has not claimed. */
async function approve(id: number): Promise<boolean> {
  return await db.prisma.$transaction(async (tx) => {
    const [w] = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status FROM legacy_withdrawal WHERE id = ${id} FOR UPDATE`
    if (w?.status !== 'pending') return false
    const [p] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM keeper_withdrawal_payout WHERE withdrawal_id = ${id}`
    if (p) return false
    await tx.$executeRaw`UPDATE legacy_withdrawal SET status = 'approved' WHERE id = ${id}`
    return true
  })
}

type Observed = { payout: string; decision: string; chain: number; paidEvents: number; refunds: number }
async function observe(id: number): Promise<Observed> {
  const [w, p, state, events, refunds] = await Promise.all([
    db.prisma.legacyWithdrawal.findUniqueOrThrow({ where: { id } }),
    db.prisma.keeperPayout.findUnique({ where: { withdrawalId: id } }),
    client.readContract({ address: c('Payouts'), abi: payoutsAbi, functionName: 'stateOf', args: [BigInt(id)] }),
    client.getContractEvents({
      address: c('Payouts'),
      abi: payoutsAbi,
      eventName: 'Paid',
      args: { id: BigInt(id) },
      fromBlock: 0n,
    }),
    refundsOf(db.prisma, id),
  ])
  return { payout: p?.status ?? 'none', decision: w.status, chain: Number(state), paidEvents: events.length, refunds }
}

/**
 * Never paid and refunded; at most one payment and one refund, a refund exactly when rejected, and only after the id
 * was recorded cancelled; the record agrees with the chain where it says paid or cancelled.
 */
function expectConsistent(id: number, o: Observed) {
  const where = `withdrawal ${id}: ${JSON.stringify(o)}`
  expect(o.paidEvents, where).toBeLessThanOrEqual(1)
  expect(o.paidEvents === 1, where).toBe(o.chain === PayoutState.Paid)
  expect(o.refunds, where).toBe(o.decision === 'rejected' ? 1 : 0)
  expect(o.decision === 'rejected' && o.chain === PayoutState.Paid, where).toBe(false)
  if (o.payout === 'paid') expect(o.chain, where).toBe(PayoutState.Paid)
  if (o.payout === 'cancelled') expect(o.chain, where).toBe(PayoutState.Cancelled)
  if (o.decision === 'rejected') expect(o.payout, where).toBe('cancelled')
  // a rejection is never paid by the keeper: its payout is none (being cancelled), cancelled, or paid by the chain's
  // word (paid before the rejection)
  if (o.decision === 'rejecting') expect(['none', 'cancelled', 'paid'], where).toContain(o.payout)
}

const usdtOf = async (address: Address) =>
  await client.readContract({ address: c('USDT'), abi: localUSDTAbi, functionName: 'balanceOf', args: [address] })

/** A fresh chain (Payouts' ids start unused) and a fresh database of `kind`, as the module's chain, client and db. */
async function open(kind: 'PostgreSQL' | 'PGlite') {
  if (kind === 'PostgreSQL') {
    ;[chain, testDb] = await Promise.all([
      startSystemChain({ seed: false }),
      createTestDatabase(inject('databaseUrl'), 'keeper_payout_trial'),
    ])
    db = await createDatabase({ url: testDb.url })
  } else {
    // the embedded database of `npm start`: every client shares its one session
    pgliteDir = mkdtempSync(join(tmpdir(), 'keeper-payout-trial-'))
    ;[chain, db] = await Promise.all([startSystemChain({ seed: false }), createDatabase({ pgliteDir })])
  }
  client = createPublicClient({ chain: hardhat, transport: http(chain.url) })
  await rpc('hardhat_setBalance', [payer.address, `0x${parseEther('1000').toString(16)}`])
  await mintLocalUsdt(chain, c('Payouts'), parseEther('10000000'))
}
async function close() {
  await db?.close()
  await testDb?.drop()
  await chain?.stop()
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true })
  testDb = undefined
  pgliteDir = undefined
}

describe.each(['PostgreSQL', 'PGlite'] as const)('interleaving trial on %s', (kind) => {
  beforeAll(() => open(kind), 120_000)
  afterAll(close)
  const steps: Step[] = ['claimed', 'signed', 'sent', 'mined', 'recorded']
  const rounds = deep ? 4 : 1
  it(`two keepers, the first stopped dead at each step (${steps.join(', ')}), a reorganisation, managers deciding meanwhile: paid once or refunded once`, async () => {
    const all: { id: number; user: number; amount: string }[] = []
    const before = await Promise.all(users.map((u) => usdtOf(u.address)))
    for (let round = 0; round < rounds; round++) {
      for (const step of steps) {
        const batch = [
          await request(0, '3'),
          await request(1, '4'),
          await request(2, '1500'), // above the approval threshold
          await request(0, '5'),
        ]
        all.push(...batch)
        const target = batch[0]?.id
        const a = stoppedKeeper(step, () => target)
        const reorg = step === 'mined' && round % 2 === 0
        const snapshot = reorg ? await rpc('evm_snapshot') : undefined
        const first = a.run().catch((error: unknown) => error)
        for (const deadline = Date.now() + 30_000; !a.isStopped(); await sleep(10)) {
          if (Date.now() > deadline) throw new Error(`the first keeper never reached ${step}`)
        }
        // a reorganisation drops what the first keeper had mined
        if (snapshot !== undefined) await rpc('evm_revert', [snapshot])
        const b = keeperOn(http(chain.url))
        // the second keeper runs while managers approve the large one and try to reject the others
        await Promise.all([
          b.run().catch((error: unknown) => error),
          approve(batch[2]?.id as number),
          ...batch.map((w) => reject(w.id)),
          finishRejections(db.prisma),
        ])
        await b.run()
        await finishRejections(db.prisma)
        // the first keeper is let go again and finishes what it was doing
        a.release()
        await first
        await b.run()
        await Promise.all([b.run(), finishRejections(db.prisma)])
        await finishRejections(db.prisma)
        for (const w of all) expectConsistent(w.id, await observe(w.id))
      }
    }
    // quiet: every withdrawal is paid once or was refunded once; the users got exactly the Paid amounts
    const b = keeperOn(http(chain.url))
    await b.run()
    await b.run()
    await finishRejections(db.prisma)
    const received = users.map(() => 0n)
    let refunded = 0
    for (const w of all) {
      const o = await observe(w.id)
      expectConsistent(w.id, o)
      const paid = o.chain === PayoutState.Paid
      refunded += o.refunds
      expect(Number(paid) + o.refunds, `withdrawal ${w.id}: ${JSON.stringify(o)}`).toBe(1)
      if (paid) received[w.user] = (received[w.user] ?? 0n) + parseEther(w.amount)
    }
    const after = await Promise.all(users.map((u) => usdtOf(u.address)))
    expect(after.map((x, i) => x - (before[i] as bigint))).toEqual(received)
    console.log(
      `interleaving trial on ${kind}: ${rounds} round(s) of ${steps.length} steps, ${all.length} withdrawals, ` +
        `${all.length - refunded} paid once, ${refunded} refunded`,
    )
  })
})

/** The allowed moves of a keeper payout (docs/database.md "Withdrawal payouts"); one keeper run may take several. */
const allowed: Record<string, readonly string[]> = {
  none: ['none', 'paying', 'paid', 'failed', 'cancelled'],
  paying: ['paying', 'paid', 'failed', 'cancelled', 'none'],
  failed: ['failed', 'cancelled', 'paid'],
  paid: ['paid'],
  cancelled: ['cancelled'],
}
/**
 * The allowed moves of the legacy API's decision: approved by a manager; rejecting by a manager (not yet claimed: the
 * keeper cancels its id); rejected (refunded) only once its payout is cancelled; rejected is final.
 */
const decisionMoves: Record<string, readonly string[]> = {
  pending: ['pending', 'approved', 'rejecting', 'rejected'],
  approved: ['approved', 'rejecting', 'rejected'],
  rejecting: ['rejecting', 'rejected'],
  rejected: ['rejected'],
}

type Model = { seen: Map<number, Observed>; ids: number[]; refunded: Set<number> }
type Real = { keeper: ReturnType<typeof keeperOn> }

/** Checks every withdrawal of the model against the chain and its last observation; records the new one. */
async function checkAll(model: Model) {
  for (const id of model.ids) {
    const o = await observe(id)
    expectConsistent(id, o)
    const last = model.seen.get(id)
    if (last) {
      expect(allowed[last.payout], `withdrawal ${id}: ${last.payout} → ${o.payout}`).toContain(o.payout)
      // the chain's state of an id never goes back (no reorganisations in this test)
      if (last.chain !== PayoutState.Unused) expect(o.chain, `withdrawal ${id}`).toBe(last.chain)
      expect(decisionMoves[last.decision], `withdrawal ${id}: ${last.decision} → ${o.decision}`).toContain(o.decision)
    }
    expect(o.decision === 'rejected', `withdrawal ${id}`).toBe(model.refunded.has(id))
    model.seen.set(id, o)
  }
}

class Request implements fc.AsyncCommand<Model, Real> {
  readonly user: number
  readonly amount: string
  constructor(user: number, amount: string) {
    this.user = user
    this.amount = amount
  }
  check = () => true
  async run(model: Model) {
    model.ids.push((await request(this.user, this.amount)).id)
    await checkAll(model)
  }
  toString = () => `request(${this.user}, ${this.amount})`
}
class RunKeeper implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real) {
    await real.keeper.run().catch(() => undefined)
    await checkAll(model)
  }
  toString = () => 'runKeeper'
}
class Reject implements fc.AsyncCommand<Model, Real> {
  readonly pick: number
  constructor(pick: number) {
    this.pick = pick
  }
  check = (model: Readonly<Model>) => model.ids.length > 0
  async run(model: Model) {
    const id = model.ids[this.pick % model.ids.length] as number
    if ((await reject(id)) === 'rejected') model.refunded.add(id)
    await checkAll(model)
  }
  toString = () => `reject(#${this.pick})`
}
/** The legacy API's refund of the rejections whose id the keeper recorded cancelled (it runs every few seconds). */
class Refund implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model) {
    for (const id of await finishRejections(db.prisma)) model.refunded.add(id)
    await checkAll(model)
  }
  toString = () => 'refund'
}
class Approve implements fc.AsyncCommand<Model, Real> {
  readonly pick: number
  constructor(pick: number) {
    this.pick = pick
  }
  check = (model: Readonly<Model>) => model.ids.length > 0
  async run(model: Model) {
    await approve(model.ids[this.pick % model.ids.length] as number)
    await checkAll(model)
  }
  toString = () => `approve(#${this.pick})`
}
/** Another transaction of the keeper's key (an operator by hand): it takes the nonce the keeper counts on. */
class TakeNonce implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model) {
    const wallet = createWalletClient({ chain: hardhat, transport: http(chain.url), account: payer })
    await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: payer.address, value: 0n }) })
    await checkAll(model)
  }
  toString = () => 'takeNonce'
}
/** The payer cancels an id on chain by hand (the owner may too): it can then never be paid. */
class CancelOnChain implements fc.AsyncCommand<Model, Real> {
  readonly pick: number
  constructor(pick: number) {
    this.pick = pick
  }
  check = (model: Readonly<Model>) => model.ids.length > 0
  async run(model: Model) {
    const id = model.ids[this.pick % model.ids.length] as number
    const wallet = createWalletClient({ chain: hardhat, transport: http(chain.url), account: payer })
    const data = encodeFunctionData({ abi: payoutsAbi, functionName: 'cancel', args: [BigInt(id)] })
    const simulated = await client.call({ account: payer.address, to: c('Payouts'), data }).then(
      () => true,
      () => false,
    )
    if (simulated)
      await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: c('Payouts'), data }) })
    await checkAll(model)
  }
  toString = () => `cancelOnChain(#${this.pick})`
}

describe('model of the payout states', () => {
  beforeAll(() => open('PostgreSQL'), 120_000)
  afterAll(close)
  it('random requests, approvals, rejections, refunds, keeper runs, taken nonces and cancels: only allowed moves, chain and record agree', async () => {
    const commands = [
      fc.tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom('1', '2.5', '1500')).map(([u, a]) => new Request(u, a)),
      fc.constant(new RunKeeper()),
      fc.nat().map((n) => new Reject(n)),
      fc.constant(new Refund()),
      fc.nat().map((n) => new Approve(n)),
      fc.constant(new TakeNonce()),
      fc.nat().map((n) => new CancelOnChain(n)),
    ]
    const outcomes: Record<string, number> = {}
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: deep ? 60 : 25, size: 'medium' }), async (cmds) => {
        const model: Model = { seen: new Map(), ids: [], refunded: new Set() }
        const real: Real = { keeper: keeperOn(http(chain.url)) }
        await fc.asyncModelRun(() => ({ model, real }), cmds)
        // quiet: a few keeper runs finish everything that can be finished
        for (let i = 0; i < 3; i++) await real.keeper.run().catch(() => undefined)
        for (const id of await finishRejections(db.prisma)) model.refunded.add(id)
        await checkAll(model)
        // then a manager rejects everything left: refunded at once those cancelled on chain, the others once the
        // keeper cancelled them
        for (const id of model.ids) if ((await reject(id)) === 'rejected') model.refunded.add(id)
        await checkAll(model)
        for (let i = 0; i < 3; i++) await real.keeper.run().catch(() => undefined)
        for (const id of await finishRejections(db.prisma)) model.refunded.add(id)
        await checkAll(model)
        for (const id of model.ids) {
          const o = model.seen.get(id) as Observed
          // nothing left half done: each one paid once or refunded once
          expect(o.chain === PayoutState.Paid || o.decision === 'rejected', `withdrawal ${id}`).toBe(true)
          expect(['paying', 'failed'], `withdrawal ${id} left ${o.payout}`).not.toContain(o.payout)
          if (o.decision === 'rejecting') expect(o.payout, `withdrawal ${id}`).toBe('paid')
          const outcome = `${o.decision === 'rejected' ? 'refunded' : o.decision}/${o.payout}`
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
        }
      }),
      { numRuns: deep ? 40 : 6, endOnFailure: true },
    )
    console.log(`payout model: outcomes (decision/payout) ${JSON.stringify(outcomes)}`)
  })
})
