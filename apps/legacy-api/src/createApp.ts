import {
  payoutCreditTypesSetting,
  unreachableDependency,
  type WithdrawalPolicy,
  withdrawalPolicySetting,
} from '@nexus/abi/node'
import { type Database, finishRejections, type ReadReplica } from '@nexus/db'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { createPublicClient, http, type Address, type PublicClient } from 'viem'
import type { LegacyContext } from './context.ts'
import { createPaymentVerifier } from './payments/createPaymentVerifier.ts'
import { createAuth } from './plugins/app/auth.ts'
import { runPeriodically, startTeamFold, startTeamSync } from './internal/teamFold.ts'
import { registerErrorHandler } from './plugins/app/errorHandler.ts'
import { registerExternalPlugins } from './plugins/external/registerExternalPlugins.ts'
import {
  createLegacyMetrics,
  createReadPool,
  registerOperations,
  type LegacyMetrics,
} from './plugins/app/operations.ts'
import { investRoutes } from './routes/api/api/invest/index.ts'

export type CreateAppParameters = {
  db: Pick<Database, 'prisma' | 'pool'>
  /**
   * A streaming replica of `db` (DATABASE_READ_URL) for the reads of the indexer's tree (`recommendList`): used once
   * it has replayed what the primary had committed when the read began, else the primary reads.
   */
  replica?: Pick<ReadReplica, 'pool' | 'lag' | 'caughtUp'> | undefined
  /** How long such a read waits for the replica (default 1,000 ms). */
  readWaitMs?: number
  /** /readyz answers 503 while the replica is more than this many seconds behind (default 30). */
  readMaxLagSeconds?: number
  /** Prometheus metrics served on /metrics (default: a registry of this app's own). */
  metrics?: LegacyMetrics
  /** Chain of payments, sign-in messages and the indexer's referral tree (default 31337). */
  chainId?: number
  /** JSON-RPC endpoint that payments are verified on (default http://127.0.0.1:8545); or pass `publicClient`. */
  rpcUrl?: string
  publicClient?: PublicClient
  /** The ERC-20 purchases are paid in (the deployment's USDT). */
  paymentToken: Address
  /** Where payments go: an address, or a function that finds it once (e.g. Main's owner). */
  paymentReceiver: Address | (() => Promise<Address>)
  /** Blocks a payment needs, counting its own (default 1). */
  confirmations?: number
  /** Hosts a sign-in message may name (default: the hosts of `corsOrigins`). */
  signInDomains?: readonly string[]
  /** Token lifetime in ms (default 7 days). */
  sessionTtlMs?: number
  /** Length of a mining day in seconds (default 86,400). */
  dayLength?: number
  /** Native-coin fee of a withdrawal in base units (default 0.001 × 10^18). */
  withdrawFee?: bigint
  /** The keeper's withdrawal approval threshold and daily cap, shown to managers (default: the settings' defaults). */
  withdrawPolicy?: WithdrawalPolicy
  /** The credit types the keeper pays out (default: the settings' default, USDT only). */
  payoutCreditTypes?: readonly ('USDT' | 'ARB')[]
  /** Whether an address is a manager (default: nobody); main.ts asks Main.isManager on chain. */
  isManager?: (address: `0x${string}`) => Promise<boolean>
  /** The clock of sign-in checks (tests move it). */
  now?: () => Date
  /** Origins allowed by CORS (default: the local web app's dev and preview origins). */
  corsOrigins?: readonly string[]
  /** Requests per client IP per minute on every route (default 600). */
  rateLimitPerMinute?: number
  /** Requests per client IP per minute on nonce and login (default 30). */
  loginRateLimitPerMinute?: number
  /** Requests per client IP per minute on purchase and withdrawal routes (default 60). */
  purchaseRateLimitPerMinute?: number
  /** Largest request body in bytes (default 64 KiB). */
  bodyLimit?: number
  logger?: FastifyServerOptions['logger']
  /** Trust X-Forwarded-For from a reverse proxy (rate limits then key on the client's address). */
  trustProxy?: boolean
  /** How often ended machines' power is folded out of the team totals, in ms (default 60,000). */
  teamFoldIntervalMs?: number
  /** How often the team totals catch up with the indexer's referral tree, in ms (default 1,000, at least 100). */
  teamSyncIntervalMs?: number
  /**
   * How often rejected withdrawals whose id the keeper cancelled on chain are refunded (`finishRejections` of
   * `@nexus/db`), in ms (default 5,000, at least 100; withdrawQueue and walletList also do it before they answer).
   */
  rejectionIntervalMs?: number
}

export const defaultCorsOrigins = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://127.0.0.1:4173',
  'http://localhost:4173',
] as const

/**
 * The legacy REST API (the first product version's server): form-encoded POST routes under /api/api/invest/,
 * every answer HTTP 200 `{ code, msg, data }`.
 *
 * @example
 * const app = await createApp({ db, paymentToken: usdt, paymentReceiver: treasury })
 * await app.listen({ port: 4100, host: '127.0.0.1' })
 */
export async function createApp(parameters: CreateAppParameters): Promise<FastifyInstance> {
  const chainId = parameters.chainId ?? 31337
  const corsOrigins = parameters.corsOrigins ?? defaultCorsOrigins
  const client =
    parameters.publicClient ??
    createPublicClient({
      transport: http(parameters.rpcUrl ?? 'http://127.0.0.1:8545', { timeout: 15_000, retryCount: 1 }),
    })
  const { prisma, pool } = parameters.db
  const routing = {
    primary: pool,
    replica: parameters.replica,
    waitMs: parameters.readWaitMs ?? 1_000,
    maxLagSeconds: parameters.readMaxLagSeconds ?? 30,
    metrics: parameters.metrics ?? createLegacyMetrics(),
  }
  const context: LegacyContext = {
    prisma,
    pool,
    // (called per request, once `app` exists)
    readPool: createReadPool(routing, (error) =>
      app.log.warn({ err: error }, 'read replica failed: reading the primary'),
    ),
    chainId,
    auth: createAuth(prisma, pool, {
      chainId,
      domains: parameters.signInDomains ?? corsOrigins.map((origin) => new URL(origin).host),
      ...(parameters.sessionTtlMs !== undefined && { sessionTtlMs: parameters.sessionTtlMs }),
      ...(parameters.now && { now: parameters.now }),
    }),
    payments: createPaymentVerifier({
      client,
      token: parameters.paymentToken,
      receiver: parameters.paymentReceiver,
      confirmations: parameters.confirmations ?? 1,
    }),
    dayLength: parameters.dayLength ?? 86_400,
    withdrawFee: parameters.withdrawFee ?? 10n ** 15n,
    withdrawPolicy: parameters.withdrawPolicy ?? withdrawalPolicySetting({}),
    payoutCreditTypes: parameters.payoutCreditTypes ?? payoutCreditTypesSetting({}),
    isManager: parameters.isManager ?? (() => Promise.resolve(false)),
    rateLimits: {
      login: parameters.loginRateLimitPerMinute ?? 30,
      purchase: parameters.purchaseRateLimitPerMinute ?? 60,
    },
  }

  const app = Fastify({
    logger: parameters.logger ?? false,
    bodyLimit: parameters.bodyLimit ?? 64 * 1024,
    trustProxy: parameters.trustProxy ?? false,
  })
  registerErrorHandler(app)
  const replicaReadiness = registerOperations(app, routing)
  await registerExternalPlugins(app, {
    corsOrigins,
    rateLimitPerMinute: parameters.rateLimitPerMinute ?? 600,
  })

  // Liveness, outside the legacy envelope: for process managers and load balancers.
  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }))
  // Readiness, outside the envelope too: 200 while the database and the chain node answer (each within 3 s), else
  // 503 naming the one that does not; routes meanwhile answer 5030 (retryable).
  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    const unreachable = await unreachableDependency({
      database: () => pool.query('select 1'),
      node: () => client.getBlockNumber({ cacheTime: 0 }),
    })
    if (unreachable) return reply.code(503).send({ status: 'not_ready', reason: unreachable })
    const { reason, ...replica } = await replicaReadiness()
    if (reason) return reply.code(503).send({ status: 'not_ready', reason, ...replica })
    return { status: 'ready', ...replica }
  })

  await app.register(investRoutes, { prefix: '/api/api/invest', context })
  // The routes have declared their statements: the connections open now prepare them before the first request.
  // Only a head start: if the database cannot now, each request meets (and answers) the failure itself.
  app.addHook('onReady', async () => {
    await context.auth.prepareConnections().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not prepare the polled statements on the open connections')
    })
  })
  startTeamFold(app, pool, parameters.teamFoldIntervalMs ?? 60_000)
  startTeamSync(app, pool, chainId, parameters.teamSyncIntervalMs ?? 1_000)
  runPeriodically(app, 'rejectionIntervalMs', parameters.rejectionIntervalMs ?? 5_000, 100, () =>
    finishRejections(prisma),
  )
  return app
}
