import type { WithdrawalPolicy } from '@nexus/abi/node'
import type { Pool, PrismaClient } from '@nexus/db'
import type { Auth } from './plugins/app/auth.ts'
import type { PaymentVerifier } from './payments/createPaymentVerifier.ts'

/** What every route of /api/api/invest/ works with. */
export type LegacyContext = {
  prisma: PrismaClient
  /**
   * The same database's raw pool, for the few reads on the polled hot paths (token check, home, teamInfo).
   * @dev Measured here: a pg query costs ~55 µs of CPU, Prisma's $queryRaw ~220 µs and findUnique ~90 µs; at the
   * 1,000 req/s of the benchmark that difference is most of a core. Every write goes through Prisma.
   */
  pool: Pool
  /**
   * The pool of reads that may come from a streaming replica (DATABASE_READ_URL): the replica once it has replayed
   * everything the primary had committed when the read began (waiting up to READ_REPLICA_WAIT_MS), else the
   * primary; without a replica, `pool`. Only for reads of other accounts' data (the indexer's tree); a user's own
   * rows, the token check and every write stay on `pool`.
   */
  readPool: () => Promise<Pick<Pool, 'query'>>
  /** The chain of payments and of the indexer's referral tree (`registration.chain_id`). */
  chainId: number
  auth: Auth
  payments: PaymentVerifier
  /** Length of a mining day in seconds (86,400; shorter on a local demo chain). */
  dayLength: number
  /** Native-coin fee of a withdrawal, in base units, paid by the transaction the request names. */
  withdrawFee: bigint
  /** The keeper's approval threshold and daily cap of withdrawals (WITHDRAW_*), shown to managers by withdrawQueue. */
  withdrawPolicy: WithdrawalPolicy
  /** The credit types the keeper pays out (see `payoutCreditTypesSetting`); a withdrawal in another is refused. */
  payoutCreditTypes: readonly string[]
  /** Whether `address` is a manager (Main.isManager on chain): the withdrawal approval routes. */
  isManager: (address: `0x${string}`) => Promise<boolean>
  /** Requests per client IP per minute on the sign-in routes and on the purchase and withdrawal routes. */
  rateLimits: { login: number; purchase: number }
}
