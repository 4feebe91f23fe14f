import { Prisma } from '@nexus/db'
import type { FastifyInstance } from 'fastify'
import type { LegacyContext } from '../../../../context.ts'
import { rejected } from '../../../../errors.ts'
import { checkMachinePurchase, maxMachinesPerPurchase } from '../../../../internal/machinePurchase.ts'
import { fromUnits, toUnits } from '../../../../internal/money.ts'
import { recordPayment } from '../../../../internal/recordPayment.ts'
import { userPower } from '../../../../internal/power.ts'
import { requireUser } from '../../../../internal/requireUser.ts'
import { creditWallet } from '../../../../internal/wallets.ts'
import { ok } from '../../../../plugins/app/ok.ts'
import { hashField, integerField } from '../../../../schemas/fields.ts'

/** Share of a machine purchase credited to the buyer's recommender, in USDT: 10 %. */
export const referralRate = { numerator: 10n, denominator: 100n }

/**
 * POST buyMachine {id, num, hash}: records a purchase of `num` machines of type `id` paid by the USDT transfer
 * `hash` (verified on chain; each hash counts once). The machines start now; the buyer's power grows; the
 * recommender gets 10 % in USDT. data: the purchase (as in buyMachineLog).
 */
export function buyMachineRoute(app: FastifyInstance, context: LegacyContext) {
  const { prisma, payments, dayLength, rateLimits } = context
  app.post(
    '/buyMachine',
    { config: { rateLimit: { max: rateLimits.purchase, timeWindow: 60_000 } } },
    async (request) => {
      const user = await requireUser(context, request)
      const id = integerField(request.body, 'id', { min: 1, max: 1_000_000 })
      const num = integerField(request.body, 'num', { min: 1, max: maxMachinesPerPurchase })
      const hash = hashField(request.body, 'hash')
      const { amount } = await checkMachinePurchase(prisma, user.id, id, num)
      if (await prisma.legacyPayment.findUnique({ where: { txHash: hash }, select: { txHash: true } })) {
        throw rejected('txUsed')
      }
      const payment = await payments.verify({ hash, payer: user.address as `0x${string}`, amount, asset: 'token' })

      const machine = await prisma
        .$transaction(async (tx) => {
          // One purchase of a user at a time: the per-user limit is checked again under this lock.
          await tx.$queryRaw`SELECT id FROM legacy_user WHERE id = ${user.id} FOR UPDATE`
          const { type } = await checkMachinePurchase(tx, user.id, id, num)
          await recordPayment(tx, { userId: user.id, kind: 'machine', payment })
          const sold = await tx.$executeRaw`
        UPDATE legacy_machine_type SET sold = sold + ${num} WHERE id = ${id} AND sold + ${num} <= stock`
          if (sold !== 1) throw rejected('soldOut', { left: String(type.stock - type.sold) })
          const now = new Date()
          const power = toUnits(type.power) * BigInt(num)
          const created = await tx.legacyMachine.create({
            data: {
              userId: user.id,
              typeId: id,
              num,
              price: type.price,
              amount: fromUnits(amount),
              power: fromUnits(power),
              dailyOutput: fromUnits(toUnits(type.dailyOutput) * BigInt(num)),
              days: type.days,
              txHash: hash,
              startAt: now,
              endAt: new Date(now.getTime() + type.days * dayLength * 1000),
            },
          })
          const total = await userPower(tx, user.id, now)
          await tx.legacyPowerLog.create({
            data: {
              userId: user.id,
              amount: fromUnits(power),
              power: fromUnits(total),
              kind: 'machine',
              refId: created.id,
            },
          })
          if (user.recommender) {
            const referrer = await tx.legacyUser.findUnique({
              where: { address: user.recommender },
              select: { id: true },
            })
            const reward = (amount * referralRate.numerator) / referralRate.denominator
            if (referrer && reward > 0n) {
              await creditWallet(tx, {
                userId: referrer.id,
                creditType: 'USDT',
                amount: reward,
                kind: 'referral',
                refId: created.id,
              })
            }
          }
          return created
        })
        .catch((error: unknown) => {
          if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw rejected('txUsed')
          throw error
        })
      return ok(request, machineView(machine))
    },
  )
}

/** A purchase of machines as buyMachine and buyMachineLog show it. */
export function machineView(machine: Prisma.LegacyMachineModel, now = new Date()) {
  return {
    id: machine.id,
    typeId: machine.typeId,
    num: machine.num,
    price: fromUnits(toUnits(machine.price)),
    amount: fromUnits(toUnits(machine.amount)),
    power: fromUnits(toUnits(machine.power)),
    dailyOutput: fromUnits(toUnits(machine.dailyOutput)),
    days: machine.days,
    settledDays: machine.settledDays,
    hash: machine.txHash,
    status: machine.endAt > now ? 'running' : 'expired',
    startAt: machine.startAt.toISOString(),
    endAt: machine.endAt.toISOString(),
  }
}
