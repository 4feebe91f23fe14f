import { Prisma } from '@nexus/db'
import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { fromUnits, toUnits } from '../../../../internal/money.ts'
import { recordPayment } from '../../../../internal/recordPayment.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { settleMining } from '../../../../internal/settleMining.ts'
import { debitWallet, walletBalances } from '../../../../internal/wallets.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { amountField, creditTypeField, hashField, type CreditType } from '../../../../schemas/fields.ts'

/** A withdrawal must be more than this (SPEC §5: "ARB withdrawal requires more than 10"); USDT: more than 0. */
export const withdrawMinimum: Record<CreditType, bigint> = { USDT: 0n, ARB: toUnits('10') }

/**
 * POST withdraw {num, credit_type, hash}: takes `num` from the wallet into a pending withdrawal that an operator
 * pays out. `hash` is the transaction that paid the withdrawal fee (native coin, to the payment address;
 * verified on chain, counted once). A credit type the keeper pays no token for (`payoutCreditTypes`: ARB unless
 * WITHDRAW_TOKEN_ARB is set) is refused at once (4800). data: `{ id, credit_type, amount, balance, status, hash }`.
 */
export function withdrawRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, payments, dayLength, withdrawFee, rateLimits, payoutCreditTypes } = context
  app.post(
    '/withdraw',
    { config: { rateLimit: { max: rateLimits.purchase, timeWindow: 60_000 } } },
    async (request) => {
      const user = await requireUser(context, request)
      const amount = amountField(request.body, 'num')
      const creditType = creditTypeField(request.body, 'credit_type')
      const hash = hashField(request.body, 'hash')
      // the keeper pays no token for this type (ARB without WITHDRAW_TOKEN_ARB): refused now, not left waiting
      if (!payoutCreditTypes.includes(creditType)) throw rejected('withdrawNotPaidOut', { symbol: creditType })
      const minimum = withdrawMinimum[creditType]
      if (amount <= minimum) throw rejected('withdrawMinimum', { symbol: creditType, min: fromUnits(minimum) })
      await settleMining(prisma, user.id, dayLength)
      const balances = await walletBalances(prisma, user.id)
      if (toUnits(balances[creditType]) < amount) throw rejected('balanceInsufficient')
      if (await prisma.legacyPayment.findUnique({ where: { txHash: hash }, select: { txHash: true } })) {
        throw rejected('txUsed')
      }
      const payment = await payments.verify({
        hash,
        payer: user.address as `0x${string}`,
        amount: withdrawFee,
        asset: 'native',
      })
      const result = await prisma
        .$transaction(async (tx) => {
          await recordPayment(tx, { userId: user.id, kind: 'withdraw', payment })
          const withdrawal = await tx.legacyWithdrawal.create({
            data: { userId: user.id, creditType, amount: fromUnits(amount), txHash: hash },
          })
          const balance = await debitWallet(tx, {
            userId: user.id,
            creditType,
            amount,
            kind: 'withdraw',
            refId: withdrawal.id,
          })
          return { withdrawal, balance }
        })
        .catch((error: unknown) => {
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw rejected('txUsed')
          throw error
        })
      return ok(request, {
        id: result.withdrawal.id,
        credit_type: creditType,
        amount: fromUnits(amount),
        balance: fromUnits(result.balance),
        status: result.withdrawal.status,
        hash,
      })
    },
  )
}
