// The keeper's runtime: one lease (only one keeper writes and sends per database, on PostgreSQL as on the embedded
// PGlite), the journal reconciled before anything new is sent, each job on its own timer with retries and backoff (a
// failing job never stops the others), and an HTTP server with /healthz, /readyz and /metrics.
import { createServer, type Server } from 'node:http'
import { hostname } from 'node:os'
import { unreachableDependency } from '@nexus/abi/node'
import type { PoolClient } from 'pg'
import {
  assertLease,
  type Database,
  type HeldLease,
  holdLease,
  type LeaseHolder,
  LeaseLostError,
  type LeaseOptions,
  leaseOwnerId,
  takeLease,
} from '@nexus/db'
import type { Job } from './jobs.ts'
import type { Logger } from './log.ts'
import { type KeeperMetrics, refreshPayoutMetrics } from './metrics.ts'
import { errorText, type JournaledSender } from './sender.ts'

/** The name of the keeper's lease (`keeper_lease`): one keeper per database. */
export const KEEPER_LEASE = 'keeper'

export type KeeperOptions = {
  db: Database
  sender: JournaledSender
  jobs: Job[]
  log: Logger
  metrics: KeeperMetrics
  host: string
  port: number
  /** Refreshes the signer's balance gauge; called every minute. */
  balance?: () => Promise<bigint>
  /** The signer's balance of each payout token in token units (by symbol); read with `balance`. */
  tokenBalances?: () => Promise<Record<string, number>>
  /** Longest wait after failures (doubling from the job's interval). @default 300_000 */
  maxBackoffMs?: number
  /** Checks the chain node for /readyz (e.g. reads the block number); a failure makes the keeper not ready. */
  nodeCheck?: () => Promise<unknown>
  /** A job failing this many times in a row makes /readyz answer 503 until it succeeds again. @default 5 */
  notReadyAfterFailures?: number
  /**
   * How long the keeper's lease lasts unless renewed (renewed every third of it): a keeper frozen or cut off from the
   * database longer than this is taken over, and stops before its next write. @default 15_000
   */
  leaseTtlMs?: number
  /** This keeper's id in the lease (default: host:pid:random). */
  leaseOwner?: string
}

export type JobState = {
  lastRunAt?: Date
  lastSuccessAt?: Date
  lastError?: string
  lastOutcome?: string
  consecutiveFailures: number
}

export type RunningKeeper = {
  url: string
  state: Map<string, JobState>
  /** Runs every job once now, after the first round of runs that starting began (tests; the timers keep running). */
  runAll: () => Promise<void>
  /**
   * The fence of a write or a broadcast: throws `LeaseLostError` unless this keeper holds its lease (by its
   * monotonic clock, then by the lease's row). createKeeper runs it before every eth_sendRawTransaction.
   */
  fence: () => Promise<void>
  /** This keeper's id in the lease. */
  leaseOwner: string
  stop: () => Promise<void>
}

export async function startKeeper(options: KeeperOptions): Promise<RunningKeeper> {
  const { db, sender, jobs, log, metrics } = options
  const maxBackoffMs = options.maxBackoffMs ?? 300_000
  const notReadyAfterFailures = options.notReadyAfterFailures ?? 5
  const state = new Map<string, JobState>(jobs.map((job) => [job.name, { consecutiveFailures: 0 }]))
  let ready = false
  let stopped = false
  const lease: LeaseOptions = {
    table: 'keeper_lease',
    name: KEEPER_LEASE,
    owner: options.leaseOwner ?? leaseOwnerId(hostname()),
    ttlMs: options.leaseTtlMs ?? 15_000,
  }
  let held: HeldLease | undefined
  /**
   * On PostgreSQL, the connection the lease is taken and renewed through, kept while it is held: the row names its
   * server process, so a keeper killed with it frees the lease at once. PGlite (one session) has no such connection.
   */
  let leaseClient: PoolClient | undefined
  /** The other keeper holding the lease while this one waits. */
  let holder: LeaseHolder | undefined
  /**
   * Set when the lease was lost (not renewed in time: frozen, or cut off from the database; or taken over): no job
   * runs until it is taken again and the journal reconciled again (`recover`).
   */
  let lockLost = false
  /** Whether the lease was lost with its database connection (the database restarted or failed over). */
  let lostWithConnection = false
  const timers = new Set<NodeJS.Timeout>()

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (path === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }))
    } else if (path === '/readyz') {
      void readiness().then((reason) => {
        const body = {
          ready: reason === undefined,
          ...(reason !== undefined && { reason }),
          signer: sender.address,
          lease: {
            owner: lease.owner,
            held: held?.held() ?? false,
            ...(holder && { holder: holder.owner, holderUntil: holder.expiresAt.toISOString() }),
          },
          jobs: Object.fromEntries(
            [...state].map(([name, s]) => [
              name,
              {
                lastRunAt: s.lastRunAt?.toISOString(),
                lastSuccessAt: s.lastSuccessAt?.toISOString(),
                lastOutcome: s.lastOutcome,
                lastError: s.lastError,
              },
            ]),
          ),
        }
        response.writeHead(reason === undefined ? 200 : 503, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      })
    } else if (path === '/metrics') {
      refreshPayoutMetrics(metrics, db.pool)
        .catch((error: unknown) => log.warn({ error: errorText(error) }, 'could not count the payouts'))
        .then(() => metrics.registry.metrics())
        .then(
          (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
          (error: unknown) => response.writeHead(500).end(String(error)),
        )
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const url = `http://${options.host}:${typeof address === 'object' && address ? address.port : options.port}`

  /** Why the keeper is not ready (undefined: ready): the lease and the journal first, then the database and the node. */
  async function readiness(): Promise<string | undefined> {
    if (lockLost) {
      return lostWithConnection
        ? 'database connection lost: taking the keeper lease again'
        : 'lost the keeper lease: taking it again'
    }
    if (!held) {
      return holder
        ? `waiting for the keeper lease: another keeper (${holder.owner}) holds it until ${holder.expiresAt.toISOString()}`
        : 'waiting for the keeper lease'
    }
    if (!held.held()) return 'the keeper lease was not renewed in time'
    if (!ready) return "finishing the journal's pending work"
    // a job that keeps failing (e.g. every broadcast refused) is an outage even while the node and database answer
    const failing = [...state].find(([, s]) => s.consecutiveFailures >= notReadyAfterFailures)
    if (failing) {
      const [name, s] = failing
      return `job ${name} failed ${s.consecutiveFailures} times in a row: ${s.lastError ?? 'unknown error'}`
    }
    return await unreachableDependency({
      database: () => db.pool.query('select 1'),
      ...(options.nodeCheck && { node: options.nodeCheck }),
    })
  }

  const running = new Set<string>()
  async function runJob(job: Job): Promise<number> {
    // one run of a job at a time (its timer and runAll may meet)
    while (running.has(job.name)) await new Promise((resolve) => setTimeout(resolve, 10))
    running.add(job.name)
    try {
      return await runJobOnce(job)
    } finally {
      running.delete(job.name)
    }
  }

  async function runJobOnce(job: Job): Promise<number> {
    // without the lease (lost, being taken again) nothing is written nor sent: look again in a second
    if (lockLost || !ready || !held?.held()) return 1_000
    const s = state.get(job.name) ?? { consecutiveFailures: 0 }
    s.lastRunAt = new Date()
    metrics.runs.inc({ job: job.name })
    try {
      // work an RPC failure left pending (in this job or another) is finished from the chain before anything else
      await sender.finishPending()
      const outcome = await job.run()
      if (outcome.kind === 'sent') {
        if (outcome.result.status === 'done' && !outcome.result.resumed) metrics.sends.inc({ job: job.name })
        if (outcome.result.status === 'failed') throw new Error(outcome.result.error)
        s.lastOutcome =
          outcome.result.status === 'skipped'
            ? `skipped: ${outcome.result.reason}`
            : outcome.result.status === 'unconfirmed'
              ? 'sent, waiting for confirmations'
              : 'sent'
      } else {
        s.lastOutcome = outcome.detail ? `${outcome.kind}: ${outcome.detail}` : outcome.kind
      }
      s.lastSuccessAt = new Date()
      s.lastError = undefined
      s.consecutiveFailures = 0
      metrics.lastSuccess.set({ job: job.name }, Date.now() / 1000)
      return job.intervalMs
    } catch (error) {
      s.consecutiveFailures++
      s.lastError = errorText(error)
      metrics.failures.inc({ job: job.name })
      const wait = Math.min(job.intervalMs * 2 ** s.consecutiveFailures, maxBackoffMs)
      log.error({ job: job.name, error: s.lastError, retryInMs: wait }, 'job failed')
      return wait
    }
  }

  const schedule = (job: Job, delay: number) => {
    if (stopped) return
    const timer = setTimeout(async () => {
      timers.delete(timer)
      schedule(job, await runJob(job))
    }, delay)
    timers.add(timer)
  }

  const pause = async (ms: number) => {
    // in short steps, so that a stop does not wait for the whole delay
    const until = Date.now() + ms
    while (!stopped && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(50, ms)))
  }

  /** Takes the lease: waits while another keeper holds it, retries while the database is away; false once stopped. */
  async function acquireLock() {
    let waiting = false
    for (let attempt = 0; ; attempt++) {
      if (stopped) return false
      try {
        if (db.kind === 'postgres' && !leaseClient) {
          const client = await db.pool.connect()
          client.on('error', (error: Error) => leaseConnectionEnded(client, error))
          leaseClient = client
        }
        const taken = await takeLease(leaseClient ?? db.pool, lease)
        if ('epoch' in taken) {
          holder = undefined
          held = holdLease(leaseClient ?? db.pool, {
            ...lease,
            onLost: leaseLost,
            onRenewFailed: (error) => log.warn({ error: errorText(error) }, 'could not renew the keeper lease'),
          })
          log.info(
            { owner: lease.owner, epoch: taken.epoch, ttlMs: lease.ttlMs },
            'took the keeper lease: this keeper is the only one writing and sending (a second one waits)',
          )
          return true
        }
        holder = taken
        if (!waiting) {
          log.warn(
            { holder: taken.owner, until: taken.expiresAt.toISOString(), owner: lease.owner },
            'another keeper holds the lease; waiting (nothing is written nor sent until it is ours)',
          )
        }
        waiting = true
        await pause(Math.min(1_000, Math.ceil(lease.ttlMs / 3)))
      } catch (error) {
        // the database is away (a restart, a fail-over): try again, 1 s doubling to 10 s
        leaseClient?.release(true)
        leaseClient = undefined
        const retryInMs = Math.min(10_000, 1_000 * 2 ** Math.min(attempt, 4))
        log.error({ error: errorText(error), retryInMs }, 'could not take the keeper lease; retrying')
        await pause(retryInMs)
      }
    }
  }

  /** The lease was lost (not renewed in time, or taken over): stop writing and sending, and wait to take it again. */
  function leaseLost(reason: string) {
    if (stopped || lockLost) return
    void held?.release()
    held = undefined
    lockLost = true
    ready = false
    log.error(
      { reason, owner: lease.owner },
      'lost the keeper lease: nothing more is written nor sent until it is ours',
    )
    void recover()
  }

  /** The lease's connection ended (the database restarted or failed over): another keeper may take it at once. */
  function leaseConnectionEnded(client: PoolClient, error: Error) {
    if (client !== leaseClient) return
    leaseClient = undefined
    client.release(true)
    const lost = held
    held = undefined
    void lost?.release() // its renewals stop (the row is left to expire, or to be taken at once)
    lostWithConnection = true
    if (lost) leaseLost(`the lease's database connection ended: ${errorText(error)}`)
  }

  /** See {@link RunningKeeper.fence}. */
  async function fence() {
    if (!held?.held()) throw new LeaseLostError(lease)
    await assertLease(db.pool, lease)
  }

  /**
   * After the lease was lost: waits for the jobs that were running (their work is journaled or failed), takes the
   * lease again and finishes the journal's pending work from the chain before any job runs again.
   */
  async function recover() {
    while (running.size) await new Promise((resolve) => setTimeout(resolve, 20))
    // a lease period first: a keeper that took it over meanwhile keeps it (this one was frozen or cut off)
    await pause(lease.ttlMs)
    if (!(await acquireLock())) return
    lockLost = false
    lostWithConnection = false
    const resumed = await reconcile()
    if (resumed === undefined) return
    log.info({ resumed }, 'keeper lease taken again; jobs resume')
    ready = true
  }

  const refreshBalance = async () => {
    if (!options.balance) return
    try {
      metrics.balance.set(Number(await options.balance()))
      for (const [token, units] of Object.entries((await options.tokenBalances?.()) ?? {})) {
        metrics.tokenBalance.set({ token }, units)
      }
    } catch (error) {
      log.warn({ error: errorText(error) }, 'could not read the signer balance')
    }
  }
  const balanceTimer = setInterval(refreshBalance, 60_000)

  // Until the journal's pending work is finished from the chain, nothing is sent: an endpoint that fails at the
  // start is retried with backoff (1 s doubling to 1 min) while /readyz answers 503, instead of leaving a keeper
  // that is up but never ready.
  const reconcile = async () => {
    for (let attempt = 0; !stopped; attempt++) {
      try {
        return await sender.reconcile()
      } catch (error) {
        const retryInMs = Math.min(60_000, 1_000 * 2 ** attempt)
        log.error({ error: errorText(error), retryInMs }, "could not finish the journal's pending work; retrying")
        await pause(retryInMs)
      }
    }
    return undefined
  }

  // each job's first run, at once when ready: runAll waits for it, so that no run of the first round comes after
  let firstRound: Promise<unknown> = Promise.resolve()
  const started = (async () => {
    if (!(await acquireLock())) return
    const resumed = await reconcile()
    if (resumed === undefined) return
    log.info({ resumed, signer: sender.address, jobs: jobs.map((j) => j.name) }, 'keeper ready')
    ready = true
    await refreshBalance()
    firstRound = Promise.all(jobs.map(async (job) => schedule(job, await runJob(job))))
  })()
  started.catch((error: unknown) => log.fatal({ error: errorText(error) }, 'keeper could not start'))

  return {
    url,
    state,
    async runAll() {
      await started
      await firstRound
      for (const job of jobs) await runJob(job)
    },
    fence,
    leaseOwner: lease.owner,
    async stop() {
      stopped = true
      clearInterval(balanceTimer)
      for (const timer of timers) clearTimeout(timer)
      await started.catch(() => undefined)
      // let a job that is sending finish (its transaction is journaled either way)
      while (running.size) await new Promise((resolve) => setTimeout(resolve, 20))
      await held?.release()
      leaseClient?.release()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
