// Legacy withdrawal payouts: a withdrawal the legacy API accepted (`withdraw {num, credit_type, hash}`, status
// pending) is paid from the keeper's wallet with an ERC-20 transfer, exactly once. The job first claims it
// (pending/approved → paying, one conditional UPDATE, so a manager can no longer reject it), then sends through
// the journaled sender under the work key `withdrawal:<id>`; the work is journaled before it is broadcast and
// finished from the chain after a restart. Done → paid (payout hash); failed (reverted, or never mined) → failed
// with the reason (nothing was paid; a manager may reject it, which returns the amount to the wallet).
// Amounts above WITHDRAW_APPROVAL_THRESHOLD wait for a manager (status approved); each credit type pays at most
// WITHDRAW_DAILY_CAP per UTC day, the rest waits for the next day.
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

const units = (amount: { toString(): string }) => parseUnits(amount.toString(), 18)

export function withdrawalJob(options: WithdrawalJobOptions): Job {
  const { prisma, sender, tokens, policy, intervalMs, batch = 10 } = options
  const now = options.now ?? (() => new Date())

  /** Finishes a withdrawal whose payout work exists (after a restart, or a crash between the two updates). */
  async function settle(id: number): Promise<'paid' | 'failed' | 'pending'> {
    const result = await sender.resume(withdrawalWorkKey(id))
    if (!result) {
      // claimed, then the keeper died before journaling anything: nothing was sent, back in the queue
      await prisma.legacyWithdrawal.updateMany({ where: { id, status: 'paying' }, data: { status: 'pending' } })
      return 'pending'
    }
    if (result.status === 'done') {
      await prisma.legacyWithdrawal.updateMany({
        where: { id, status: 'paying' },
        data: { status: 'paid', payoutTxHash: result.txHash, paidAt: now() },
      })
      return 'paid'
    }
    if (result.status === 'failed') {
      await prisma.legacyWithdrawal.updateMany({
        where: { id, status: 'paying' },
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
      for (const w of await prisma.legacyWithdrawal.findMany({ where: { status: 'paying' }, select: { id: true } })) {
        await settle(w.id)
      }
      const candidates = await prisma.legacyWithdrawal.findMany({
        where: { status: { in: ['pending', 'approved'] } },
        orderBy: { id: 'asc' },
        take: batch * 5,
        include: { user: { select: { address: true } } },
      })
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
        const claimed = await prisma.legacyWithdrawal.updateMany({
          where: { id: w.id, status: { in: ['pending', 'approved'] } },
          data: { status: 'paying' },
        })
        if (claimed.count === 0) continue // rejected meanwhile
        const restore = () =>
          prisma.legacyWithdrawal.updateMany({ where: { id: w.id, status: 'paying' }, data: { status: w.status } })
        const result = await sender
          .send(WITHDRAWAL_JOB, withdrawalWorkKey(w.id), {
            to: token,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [w.user.address as Address, amount],
            }),
          })
          .catch(async (error: unknown) => {
            // the endpoint failed before anything was journaled: back in the queue as it was (an approval kept);
            // once journaled, the work is finished from the chain by the next run (settle)
            const journaled = await prisma.keeperWork.findUnique({ where: { workKey: withdrawalWorkKey(w.id) } })
            if (!journaled) await restore()
            throw error
          })
        if (result.status === 'skipped') {
          // not sent (e.g. the operator wallet lacks the token, or the fee is above the cap): back in the queue
          await restore()
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
