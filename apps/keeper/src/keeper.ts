// The keeper's runtime: one PostgreSQL advisory lock (only one keeper sends for a signer), the journal reconciled
// before anything new is sent, each job on its own timer with retries and backoff (a failing job never stops the
// others), and an HTTP server with /healthz, /readyz and /metrics.
import { createServer, type Server } from 'node:http'
import type { Database } from '@nexus/db'
import type { PoolClient } from 'pg'
import type { Job } from './jobs.ts'
import type { Logger } from './log.ts'
import type { KeeperMetrics } from './metrics.ts'
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
  /** Longest wait after failures (doubling from the job's interval). @default 300_000 */
  maxBackoffMs?: number
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
  const state = new Map<string, JobState>(jobs.map((job) => [job.name, { consecutiveFailures: 0 }]))
  let ready = false
  let stopped = false
  let lockClient: PoolClient | undefined
  const timers = new Set<NodeJS.Timeout>()

  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (path === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }))
    } else if (path === '/readyz') {
      const body = {
        ready,
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
      response.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    } else if (path === '/metrics') {
      metrics.registry.metrics().then(
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
        s.lastOutcome = outcome.result.status === 'skipped' ? `skipped: ${outcome.result.reason}` : 'sent'
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
    for (;;) {
      if (stopped) return false
      const client = await db.pool.connect()
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        KEEPER_LOCK_KEY,
      ])
      if (rows[0]?.locked) {
        lockClient = client
        return true
      }
      client.release()
      log.warn('another keeper holds the lock; waiting')
      await new Promise((resolve) => setTimeout(resolve, 5_000))
    }
  }

  const refreshBalance = async () => {
    if (!options.balance) return
    try {
      metrics.balance.set(Number(await options.balance()))
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
