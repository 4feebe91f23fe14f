// Legacy withdrawal payouts: a withdrawal the legacy API accepted (`withdraw {num, credit_type, hash}`, status
// pending) is paid through the Payouts contract, `pay(id, to, token, amount)` with the withdrawal's id, which pays
// an id at most once and refuses it after `cancel(id)`. The chain decides: the keeper reads the requests through the
// legacy API's view `legacy_withdrawal_request`, keeps its own record in `keeper_payout` (docs/database.md), and
// moves that record only from what `Payouts.stateOf(id)` says at a final block (KEEPER_CONFIRMATIONS deep).
//
// States of `keeper_payout` (docs/database.md "Withdrawal payouts", the keeper's README):
// - paying: claimed (a row inserted while the request's row is locked FOR SHARE, so that a manager's rejection
//   either came first or sees the claim), then sent through the journaled sender under the work key
//   `withdrawal:<id>`; the work is journaled (only while the claim is still there) before it is broadcast.
// - paid: the id is Paid at a final block (the Paid event's transaction is recorded).
// - failed: the id is Unused at a final block and the work's transaction can no longer be mined (its nonce used at a
//   final block, or it reverted). The keeper then sends `cancel(id)` (work key `withdrawal-cancel:<id>`).
// - cancelled: the id is Cancelled at a final block: it can never be paid; only now may a manager's rejection
//   refund the amount (the legacy API refuses to reject a failed payout before).
// A request a manager rejected before the keeper claimed it (`rejecting`, the legacy API's decision) is never paid:
// the keeper sends `cancel(id)` (work key `withdrawal-cancel:<id>`) and, once the id is Cancelled at a final block,
// records its payout `cancelled` (the legacy API then refunds it and makes it `rejected`); should the id be Paid at
// a final block (paid by a transaction the database lost), it records it `paid` with the Paid event's transaction,
// and nothing is refunded.
// Nothing but the chain moves a payout, so a withdrawal is paid or refunded, never both, whatever keepers, nodes or
// the database do: pay and cancel of one id exclude each other on chain, and a refund needs a cancelled payout. A
// cancel whose transaction failed (its nonce taken) is sent again under a new key (`withdrawal-cancel:<id>#<n>`).
//
// Amounts above WITHDRAW_APPROVAL_THRESHOLD wait for a manager (status approved); each credit type pays at most
// WITHDRAW_DAILY_CAP per UTC day, the rest waits for the next day. Requests that cannot be paid yet do not hold up
// later ones: the job looks through every open request in order of arrival.
import { payoutsAbi } from '@nexus/abi'
import { awaitsApproval, type WithdrawalPolicy } from '@nexus/abi/node'
import { accountDayTotal, type PrismaClient, withdrawnToday } from '@nexus/db'
import {
  type Address,
  BaseError,
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  parseEventLogs,
  parseUnits,
  type PublicClient,
} from 'viem'
import type { Job, JobOutcome } from './jobs.ts'
import type { JournaledSender } from './sender.ts'

export const WITHDRAWAL_JOB = 'withdrawals'
export const withdrawalWorkKey = (id: number) => `withdrawal:${id}`
export const cancelWorkKey = (id: number) => `withdrawal-cancel:${id}`

/** Payouts.State: Unused, Paid, Cancelled. */
export const PayoutState = { Unused: 0, Paid: 1, Cancelled: 2 } as const

export type WithdrawalJobOptions = {
  prisma: PrismaClient
  client: PublicClient
  sender: JournaledSender
  /** The Payouts contract (the keeper's signer is its payer). */
  payouts: Address
  /** ERC-20 paid for each credit type (18 decimals, as the legacy amounts); a type without one waits. */
  tokens: Partial<Record<string, Address>>
  policy: WithdrawalPolicy
  intervalMs: number
  /** Most withdrawals paid per run. @default 10 */
  batch?: number
  /** Open requests read per query while looking for payable ones. @default 200 */
  pageSize?: number
  now?: () => Date
}

const units = (amount: string) => parseUnits(amount, 18)

export function withdrawalJob(options: WithdrawalJobOptions): Job {
  const { prisma, client, sender, payouts, tokens, policy, intervalMs, batch = 10, pageSize = 200 } = options
  const now = options.now ?? (() => new Date())

  /**
   * Gives a claimed payout back when nothing was journaled for it (so nothing was sent): the request is in the queue
   * again. The claim's row is locked first; the journal is read after, by a statement of its own, so a keeper that
   * journals the work (holding the same row, see `stillClaimed`) either committed first and is seen, or finds no
   * claim and sends nothing.
   */
  async function unclaim(id: number) {
    await prisma.$transaction(async (tx) => {
      const [claim] = await tx.$queryRaw<{ status: string }[]>`
        SELECT status FROM keeper_payout WHERE withdrawal_id = ${id} FOR UPDATE`
      if (claim?.status !== 'paying') return
      const [work] = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM keeper_work WHERE work_key = ${withdrawalWorkKey(id)}`
      if (!work) await tx.$executeRaw`DELETE FROM keeper_payout WHERE withdrawal_id = ${id}`
    })
  }

  /** The journal's guard of a payout: the claim is still there (locked until the work is written). */
  const stillClaimed = (id: number) => async (tx: Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]) => {
    const rows = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM keeper_payout WHERE withdrawal_id = ${id} FOR UPDATE`
    return rows[0]?.status === 'paying'
  }

  /**
   * Claims the payout of request `id` if the legacy API still has it pending or approved: its row is locked (FOR
   * SHARE, through the view) while the claim is inserted, so a rejection (which locks it FOR UPDATE, then looks for
   * a claim) either committed first, and is seen here, or waits and then sees the claim.
   */
  async function claim(id: number): Promise<boolean> {
    return await prisma.$transaction(async (tx) => {
      const [request] = await tx.$queryRaw<{ status: string }[]>`
        SELECT status FROM legacy_withdrawal_request WHERE id = ${id} FOR SHARE`
      if (request?.status !== 'pending' && request?.status !== 'approved') return false
      const claimed = await tx.keeperPayout.createMany({ data: [{ withdrawalId: id }], skipDuplicates: true })
      return claimed.count === 1
    })
  }

  /**
   * Sends `cancel(id)` once under its work key; after a failed attempt (e.g. its nonce taken by another transaction of
   * the key), again under the next key. A cancel of an id that is no longer Unused is refused by the simulation
   * (skipped), so an attempt more never does harm.
   */
  async function sendCancel(id: number) {
    const base = cancelWorkKey(id)
    const tried = await prisma.keeperWork.findMany({
      where: { OR: [{ workKey: base }, { workKey: { startsWith: `${base}#` } }] },
      select: { workKey: true, status: true },
      orderBy: { id: 'asc' },
    })
    const last = tried.at(-1)
    const workKey = !last ? base : last.status === 'failed' ? `${base}#${tried.length + 1}` : last.workKey
    return await sender.send(WITHDRAWAL_JOB, workKey, {
      to: payouts,
      data: encodeFunctionData({ abi: payoutsAbi, functionName: 'cancel', args: [BigInt(id)] }),
    })
  }

  /**
   * A request a manager rejected before any claim (`rejecting`): never paid; its id is cancelled on chain, and the
   * chain's final word recorded as its payout: `cancelled` (the legacy API refunds it) or, if the id was paid after
   * all, `paid` with the Paid event's transaction. Returns the record, or `cancelling` while the cancel is not final
   * (or `failed` when its transaction failed: the next run sends it again).
   */
  async function cancelRejected(id: number, final: bigint): Promise<'cancelled' | 'paid' | 'cancelling' | 'failed'> {
    const record = async (state: number, at: bigint) => {
      const paid = state === PayoutState.Paid
      await prisma.keeperPayout.createMany({
        data: [
          paid
            ? { withdrawalId: id, status: 'paid', payoutTxHash: await paidTx(id, at), paidAt: now() }
            : { withdrawalId: id, status: 'cancelled', reason: null },
        ],
        skipDuplicates: true,
      })
      return paid ? ('paid' as const) : ('cancelled' as const)
    }
    const state = await stateAt(id, final)
    if (state !== PayoutState.Unused) return await record(state, final)
    const cancel = await sendCancel(id)
    if (cancel.status === 'failed') return 'failed'
    if (cancel.status !== 'done') return 'cancelling' // not final yet, or refused because paid at a younger block
    const { final: latest } = await sender.finality()
    const after = await stateAt(id, latest)
    return after === PayoutState.Unused ? 'cancelling' : await record(after, latest)
  }

  /** The id's state in the Payouts contract at block `final`. */
  const stateAt = async (id: number, final: bigint) =>
    Number(
      await client.readContract({
        address: payouts,
        abi: payoutsAbi,
        functionName: 'stateOf',
        args: [BigInt(id)],
        blockNumber: final,
      }),
    )

  /**
   * The transaction of the id's Paid event, up to block `final`: the journaled payout's (its receipt has the event),
   * else (paid by another transaction of the payer) the event in the block Payouts recorded for the id, however long
   * ago (one block: within any node's log range).
   */
  async function paidTx(id: number, final: bigint): Promise<Hex | null> {
    const work = await prisma.keeperWork.findUnique({
      where: { workKey: withdrawalWorkKey(id) },
      include: { transactions: true },
    })
    for (const tx of work?.transactions ?? []) {
      const receipt = await client.getTransactionReceipt({ hash: tx.txHash as Hex }).catch((error: unknown) => {
        if (error instanceof BaseError && error.name === 'TransactionReceiptNotFoundError') return undefined
        throw error
      })
      if (!receipt || receipt.status !== 'success' || receipt.blockNumber > final) continue
      const paid = parseEventLogs({ abi: payoutsAbi, eventName: 'Paid', logs: receipt.logs })
      if (paid.some((log) => isAddressEqual(log.address, payouts) && log.args.id === BigInt(id))) {
        return tx.txHash as Hex
      }
    }
    const paidIn = await client.readContract({
      address: payouts,
      abi: payoutsAbi,
      functionName: 'blockOf',
      args: [BigInt(id)],
      blockNumber: final,
    })
    if (paidIn === 0n || paidIn > final) return null
    const logs = await client.getContractEvents({
      address: payouts,
      abi: payoutsAbi,
      eventName: 'Paid',
      args: { id: BigInt(id) },
      fromBlock: paidIn,
      toBlock: paidIn,
    })
    return logs[0]?.transactionHash ?? null
  }

  /**
   * Moves a claimed payout (paying or failed) from the chain: the id's state at a final block, then the journal.
   * Returns its state afterwards.
   */
  async function settle(id: number, final: bigint): Promise<'paying' | 'paid' | 'failed' | 'cancelled' | 'unclaimed'> {
    const state = await stateAt(id, final)
    if (state === PayoutState.Paid) {
      await prisma.keeperPayout.updateMany({
        where: { withdrawalId: id, status: { in: ['paying', 'failed'] } },
        data: { status: 'paid', payoutTxHash: await paidTx(id, final), paidAt: now(), reason: null },
      })
      return 'paid'
    }
    if (state === PayoutState.Cancelled) {
      await prisma.keeperPayout.updateMany({
        where: { withdrawalId: id, status: { in: ['paying', 'failed'] } },
        data: { status: 'cancelled' },
      })
      return 'cancelled'
    }
    const result = await sender.resume(withdrawalWorkKey(id))
    if (!result) {
      // claimed, then the keeper died before journaling anything: nothing was sent, back in the queue
      await unclaim(id)
      return 'unclaimed'
    }
    if (result.status !== 'failed') return 'paying' // mined but not final yet (or final after this state was read)
    // never paid at a final block, and its transaction can no longer be mined: failed, then cancelled on chain
    await prisma.keeperPayout.updateMany({
      where: { withdrawalId: id, status: 'paying' },
      data: { status: 'failed', reason: `payout failed: ${result.error}` },
    })
    const cancel = await sendCancel(id)
    if (cancel.status === 'done') {
      const { final: now } = await sender.finality()
      if ((await stateAt(id, now)) === PayoutState.Cancelled) {
        await prisma.keeperPayout.updateMany({
          where: { withdrawalId: id, status: 'failed' },
          data: { status: 'cancelled' },
        })
        return 'cancelled'
      }
    }
    return 'failed'
  }

  const paidToday = async (creditType: string) => units(await withdrawnToday(prisma, creditType, now()))

  return {
    name: WITHDRAWAL_JOB,
    intervalMs,
    async run(): Promise<JobOutcome> {
      const { final } = await sender.finality()
      // first the claimed ones: whatever a crash left half done, payouts waiting for confirmations, failed ones
      let failed = 0
      for (const p of await prisma.keeperPayout.findMany({
        where: { status: { in: ['paying', 'failed'] } },
        select: { withdrawalId: true },
        orderBy: { withdrawalId: 'asc' },
      })) {
        if ((await settle(p.withdrawalId, final)) === 'failed') failed++
      }
      // then the requests managers rejected before any claim: cancelled on chain, never paid
      let cancelled = 0
      for (const r of await prisma.$queryRaw<{ id: number }[]>`
        SELECT r.id FROM legacy_withdrawal_request r
        WHERE r.status = 'rejecting' AND NOT EXISTS (SELECT 1 FROM keeper_payout p WHERE p.withdrawal_id = r.id)
        ORDER BY r.id LIMIT ${pageSize}`) {
        const outcome = await cancelRejected(r.id, final)
        if (outcome === 'failed') failed++
        else if (outcome === 'cancelled') cancelled++
      }
      // then every request the legacy API accepted that has no payout yet, in order of arrival, page by page: one
      // that cannot be paid yet (waiting for approval, no token, the daily cap) does not hold up those after it
      let paid = 0
      const waiting: string[] = []
      let after = 0
      for (;;) {
        if (paid >= batch) break
        const candidates = await prisma.$queryRaw<
          { id: number; address: string; creditType: string; amount: string; status: string }[]
        >`
          SELECT r.id, r.address, r.credit_type AS "creditType", r.amount::text AS amount, r.status
          FROM legacy_withdrawal_request r
          WHERE r.status IN ('pending', 'approved') AND r.id > ${after}
            AND NOT EXISTS (SELECT 1 FROM keeper_payout p WHERE p.withdrawal_id = r.id)
          ORDER BY r.id LIMIT ${pageSize}`
        if (!candidates.length) break
        after = candidates.at(-1)?.id ?? after
        for (const w of candidates) {
          if (paid >= batch) break
          const amount = units(w.amount)
          // what its account asked for today up to it, above the threshold: a manager approves it first
          if (awaitsApproval(policy, w.status, units(await accountDayTotal(prisma, w.id)))) continue
          const token = tokens[w.creditType]
          if (!token) {
            waiting.push(`#${w.id}: no token for ${w.creditType}`)
            continue
          }
          if ((await paidToday(w.creditType)) + amount > policy.dailyCap) {
            waiting.push(`#${w.id}: daily cap of ${w.creditType} reached`)
            continue
          }
          if (!(await claim(w.id))) continue // rejected meanwhile
          const result = await sender
            .send(
              WITHDRAWAL_JOB,
              withdrawalWorkKey(w.id),
              {
                to: payouts,
                data: encodeFunctionData({
                  abi: payoutsAbi,
                  functionName: 'pay',
                  args: [BigInt(w.id), w.address as Address, token, amount],
                }),
              },
              stillClaimed(w.id),
            )
            .catch(async (error: unknown) => {
              // the endpoint failed before anything was journaled: back in the queue as it was (an approval kept);
              // once journaled, the work is finished from the chain by the next run (settle)
              await unclaim(w.id)
              throw error
            })
          const { final: latestFinal } = await sender.finality()
          // not sent (e.g. Payouts lacks the token, or the fee is above the cap): back in the queue, unless the chain
          // says the id was paid already (then it is recorded paid)
          const settled = await settle(w.id, latestFinal)
          if (result.status === 'skipped' && settled === 'unclaimed') {
            waiting.push(`#${w.id}: ${result.reason}`)
            continue
          }
          if (settled === 'paid') paid++
          else if (settled === 'failed') failed++
        }
      }
      if (failed) throw new Error(`${failed} withdrawal payout(s) failed`)
      const detail = [
        paid ? `${paid} paid` : '',
        cancelled ? `${cancelled} rejected cancelled` : '',
        ...waiting.slice(0, 3),
      ]
        .filter(Boolean)
        .join('; ')
      return detail ? { kind: 'idle', detail } : { kind: 'idle' }
    },
  }
}
