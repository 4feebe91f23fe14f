import type { Prisma } from '@nexus/db'
import type { VerifiedPayment } from '../payments/createPaymentVerifier.ts'

/**
 * Inserts a verified payment inside the transaction that records what it paid for.
 * @dev `legacy_payment.tx_hash` is the primary key: a second use of the hash fails here with P2002 (also when
 * two requests race), which rolls the whole purchase back.
 */
export async function recordPayment(
  tx: Prisma.TransactionClient,
  entry: { userId: number; kind: 'machine' | 'node' | 'withdraw'; payment: VerifiedPayment },
) {
  const { payment } = entry
  await tx.legacyPayment.create({
    data: {
      txHash: payment.hash,
      userId: entry.userId,
      kind: entry.kind,
      payer: payment.payer,
      recipient: payment.recipient,
      token: payment.token,
      amount: payment.amount.toString(),
      blockNumber: payment.blockNumber,
    },
  })
}
