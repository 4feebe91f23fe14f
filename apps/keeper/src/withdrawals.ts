// Legacy withdrawal payouts: a withdrawal the legacy API accepted (`withdraw {num, credit_type, hash}`, status
// pending) is paid from the keeper's wallet with an ERC-20 transfer, exactly once. The keeper reads the requests
// through the legacy API's view `legacy_withdrawal_request` and keeps the payout's state in its own table
// `keeper_payout` (docs/database.md). The job first claims a request (a `paying` row, inserted while the request's
// row is locked FOR SHARE, so that a manager's rejection either came first or sees the claim and is refused), then
// sends through the journaled sender under the work key `withdrawal:<id>`; the work is journaled before it is
// broadcast and finished from the chain after a restart. Done → paid (payout hash); failed (reverted, or never
// mined) → failed with the reason (nothing was paid; a manager may reject it, which returns the amount to the
// wallet). Amounts above WITHDRAW_APPROVAL_THRESHOLD wait for a manager (status approved); each credit type pays at
// most WITHDRAW_DAILY_CAP per UTC day, the rest waits for the next day.
import { type PrismaClient, withdrawnToday } from '@nexus/db'
import { awaitsApproval, type WithdrawalPolicy } from '@nexus/abi/node'
import { type Address, encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import type { Job, JobOutcome } from './jobs.ts'
import type { JournaledSender } from './sender.ts'

export const WITHDRAWAL_JOB = 'withdrawals'
export const withdrawalWorkKey = (id: number) => `withdrawal:${id}`

export type WithdrawalJobOptions = {
  prisma: PrismaClient
  sender: JournaledSender
  /** ERC-20 paid for each credit type (18 decimals, as the legacy amounts); a type without one waits. */
  tokens: Partial<Record<string, Address>>
  policy: WithdrawalPolicy
  intervalMs: number
  /** Most withdrawals paid per run. @default 10 */
  batch?: number
  now?: () => Date
}

const units = (amount: string) => parseUnits(amount, 18)

export function withdrawalJob(options: WithdrawalJobOptions): Job {
  const { prisma, sender, tokens, policy, intervalMs, batch = 10 } = options
  const now = options.now ?? (() => new Date())

  /** Gives a claimed payout back (nothing was journaled, so nothing was sent): the request is in the queue again. */
  const unclaim = (id: number) => prisma.keeperPayout.deleteMany({ where: { withdrawalId: id, status: 'paying' } })

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
   * Records the outcome of a claimed payout from its journaled work (after the send, after a restart, or after a
   * crash between the send and this record): the journal, not this table, says whether it was sent.
   */
  async function settle(id: number): Promise<'paid' | 'failed' | 'pending'> {
    const result = await sender.resume(withdrawalWorkKey(id))
    if (!result) {
      // claimed, then the keeper died before journaling anything: nothing was sent, back in the queue
      await unclaim(id)
      return 'pending'
    }
    if (result.status === 'done') {
      await prisma.keeperPayout.updateMany({
        where: { withdrawalId: id, status: 'paying' },
        data: { status: 'paid', payoutTxHash: result.txHash, paidAt: now() },
      })
      return 'paid'
    }
    if (result.status === 'failed') {
      await prisma.keeperPayout.updateMany({
        where: { withdrawalId: id, status: 'paying' },
        data: { status: 'failed', reason: `payout failed: ${result.error}` },
      })
      return 'failed'
    }
    return 'pending'
  }

  const paidToday = async (creditType: string) => units(await withdrawnToday(prisma, creditType, now()))

  return {
    name: WITHDRAWAL_JOB,
    intervalMs,
    async run(): Promise<JobOutcome> {
      // first whatever a crash left half done
      for (const p of await prisma.keeperPayout.findMany({
        where: { status: 'paying' },
        select: { withdrawalId: true },
      })) {
        await settle(p.withdrawalId)
      }
      // requests the legacy API accepted that have no payout yet (a failed one is not tried again: its work failed)
      const candidates = await prisma.$queryRaw<
        { id: number; address: string; creditType: string; amount: string; status: string }[]
      >`
        SELECT r.id, r.address, r.credit_type AS "creditType", r.amount::text AS amount, r.status
        FROM legacy_withdrawal_request r
        WHERE r.status IN ('pending', 'approved')
          AND NOT EXISTS (SELECT 1 FROM keeper_payout p WHERE p.withdrawal_id = r.id)
        ORDER BY r.id LIMIT ${batch * 5}`
      let paid = 0
      let failed = 0
      const waiting: string[] = []
      for (const w of candidates) {
        if (paid + failed >= batch) break
        const amount = units(w.amount)
        if (awaitsApproval(policy, w.status, amount)) continue // a manager approves it first
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
          .send(WITHDRAWAL_JOB, withdrawalWorkKey(w.id), {
            to: token,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [w.address as Address, amount],
            }),
          })
          .catch(async (error: unknown) => {
            // the endpoint failed before anything was journaled: back in the queue as it was (an approval kept);
            // once journaled, the work is finished from the chain by the next run (settle)
            const journaled = await prisma.keeperWork.findUnique({ where: { workKey: withdrawalWorkKey(w.id) } })
            if (!journaled) await unclaim(w.id)
            throw error
          })
        if (result.status === 'skipped') {
          // not sent (e.g. the operator wallet lacks the token, or the fee is above the cap): back in the queue
          await unclaim(w.id)
          waiting.push(`#${w.id}: ${result.reason}`)
          continue
        }
        const settled = await settle(w.id)
        if (settled === 'paid') paid++
        else if (settled === 'failed') failed++
      }
      if (failed) throw new Error(`${failed} withdrawal payout(s) failed`)
      const detail = [paid ? `${paid} paid` : '', ...waiting.slice(0, 3)].filter(Boolean).join('; ')
      return detail ? { kind: 'idle', detail } : { kind: 'idle' }
    },
  }
}
