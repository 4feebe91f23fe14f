// The keeper's runtime: one PostgreSQL advisory lock (only one keeper sends for a signer), the journal reconciled
// before anything new is sent, each job on its own timer with retries and backoff (a failing job never stops the
// others), and an HTTP server with /healthz, /readyz and /metrics.
import { createServer, type Server } from 'node:http'
import { unreachableDependency } from '@nexus/abi/node'
import type { Database } from '@nexus/db'
import type { PoolClient } from 'pg'
import type { Job } from './jobs.ts'
import type { Logger } from './log.ts'
import { type KeeperMetrics, refreshPayoutMetrics } from './metrics.ts'
import { errorText, type JournaledSender } from './sender.ts'

/** The advisory lock key: one keeper per database ("nexus-keeper" as an int). */
export const KEEPER_LOCK_KEY = 0x6b656570

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
  /** Runs every job once now (tests; the timers keep running). */
  runAll: () => Promise<void>
  stop: () => Promise<void>
}

export async function startKeeper(options: KeeperOptions): Promise<RunningKeeper> {
  const { db, sender, jobs, log, metrics } = options
  const maxBackoffMs = options.maxBackoffMs ?? 300_000
  const notReadyAfterFailures = options.notReadyAfterFailures ?? 5
  const state = new Map<string, JobState>(jobs.map((job) => [job.name, { consecutiveFailures: 0 }]))
  let ready = false
  let stopped = false
  let lockClient: PoolClient | undefined
  /**
   * Set when the lock's connection ended (the database restarted or failed over): the server released the lock with
   * it, so no job runs until it is taken again and the journal reconciled again (`recover`).
   */
  let lockLost = false
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

  /** Why the keeper is not ready (undefined: ready): the lock and the journal first, then the database and the node. */
  async function readiness(): Promise<string | undefined> {
    if (lockLost) return 'database connection lost: taking the keeper lock again'
    if (!ready) return lockClient ? "finishing the journal's pending work" : 'waiting for the keeper lock'
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
    // without the lock (lost with its connection, being taken again) nothing is sent: look again in a second
    if (lockLost || !ready) return 1_000
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

  async function acquireLock() {
    for (let attempt = 0; ; attempt++) {
      if (stopped) return false
      let client: PoolClient | undefined
      try {
        client = await db.pool.connect()
        const held = client
        held.on('error', (error: Error) => lockConnectionEnded(held, error))
        const { rows } = await held.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          KEEPER_LOCK_KEY,
        ])
        if (rows[0]?.locked) {
          lockClient = held
          return true
        }
        held.release()
        log.warn('another keeper holds the lock; waiting')
        await new Promise((resolve) => setTimeout(resolve, 5_000))
      } catch (error) {
        // the database is away (a restart, a fail-over): try again, 1 s doubling to 10 s
        client?.release(true)
        const retryInMs = Math.min(10_000, 1_000 * 2 ** Math.min(attempt, 4))
        log.error({ error: errorText(error), retryInMs }, 'could not take the keeper lock; retrying')
        await new Promise((resolve) => setTimeout(resolve, retryInMs))
      }
    }
  }

  /** The lock's connection ended: stop sending, and take the lock again once the database is back. */
  function lockConnectionEnded(client: PoolClient, error: Error) {
    if (client !== lockClient || stopped) return
    lockClient = undefined
    lockLost = true
    ready = false
    log.error({ error: errorText(error) }, 'lost the keeper lock with its database connection; taking it again')
    client.release(true)
    void recover()
  }

  /**
   * After the lock was lost: waits for the jobs that were running (their work is journaled or failed), takes the
   * lock again and finishes the journal's pending work from the chain before any job runs again.
   */
  async function recover() {
    while (running.size) await new Promise((resolve) => setTimeout(resolve, 20))
    if (!(await acquireLock())) return
    lockLost = false
    const resumed = await reconcile()
    if (resumed === undefined) return
    log.info({ resumed }, 'keeper lock taken again; jobs resume')
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
        // in short steps, so that a stop does not wait for the whole delay
        const until = Date.now() + retryInMs
        while (!stopped && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    return undefined
  }

  const started = (async () => {
    if (!(await acquireLock())) return
    const resumed = await reconcile()
    if (resumed === undefined) return
    log.info({ resumed, signer: sender.address, jobs: jobs.map((j) => j.name) }, 'keeper ready')
    ready = true
    await refreshBalance()
    for (const job of jobs) schedule(job, 0)
  })()
  started.catch((error: unknown) => log.fatal({ error: errorText(error) }, 'keeper could not start'))

  return {
    url,
    state,
    async runAll() {
      await started
      for (const job of jobs) await runJob(job)
    },
    async stop() {
      stopped = true
      clearInterval(balanceTimer)
      for (const timer of timers) clearTimeout(timer)
      await started.catch(() => undefined)
      // let a job that is sending finish (its transaction is journaled either way)
      while (running.size) await new Promise((resolve) => setTimeout(resolve, 20))
      if (lockClient) {
        await lockClient.query('select pg_advisory_unlock($1)', [KEEPER_LOCK_KEY]).catch(() => undefined)
        lockClient.release()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
