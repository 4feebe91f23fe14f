// Prometheus metrics of the keeper (served on /metrics): runs, sends, failures, gas and last success per job, the
// signer's balances and the legacy withdrawal payouts.
import type { Pool } from '@nexus/db'
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'

export type KeeperMetrics = ReturnType<typeof createMetrics>

export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry, prefix: 'keeper_' })
  const labelNames = ['job'] as const
  return {
    registry,
    runs: new Counter({ name: 'keeper_job_runs_total', help: 'Checks run per job', labelNames, registers: [registry] }),
    sends: new Counter({
      name: 'keeper_job_sends_total',
      help: 'Transactions mined successfully per job',
      labelNames,
      registers: [registry],
    }),
    failures: new Counter({
      name: 'keeper_job_failures_total',
      help: 'Runs that failed (an error, or a transaction that failed) per job',
      labelNames,
      registers: [registry],
    }),
    bumps: new Counter({
      name: 'keeper_gas_bumps_total',
      help: 'Transactions re-sent with a higher fee per job',
      labelNames,
      registers: [registry],
    }),
    gasUsed: new Counter({
      name: 'keeper_gas_used_total',
      help: 'Gas used per job',
      labelNames,
      registers: [registry],
    }),
    gasSpent: new Counter({
      name: 'keeper_gas_spent_wei_total',
      help: 'Wei paid for gas per job',
      labelNames,
      registers: [registry],
    }),
    lastSuccess: new Gauge({
      name: 'keeper_job_last_success_timestamp_seconds',
      help: 'When a job last ran without error (unix seconds)',
      labelNames,
      registers: [registry],
    }),
    balance: new Gauge({
      name: 'keeper_signer_balance_wei',
      help: "The keeper signer's native balance (wei)",
      registers: [registry],
    }),
    tokenBalance: new Gauge({
      name: 'keeper_signer_token_balance',
      help: "The keeper signer's balance of each payout token (token units; USDT pays the legacy withdrawals)",
      labelNames: ['token'] as const,
      registers: [registry],
    }),
    payouts: new Gauge({
      name: 'keeper_payouts',
      help: 'Legacy withdrawal payouts by status (paying, paid, failed, cancelled) and credit type, counted at each scrape',
      labelNames: ['status', 'credit_type'] as const,
      registers: [registry],
    }),
    payoutAmount: new Gauge({
      name: 'keeper_payout_amount',
      help: 'Sum of the legacy withdrawal payouts by status and credit type (token units), at each scrape',
      labelNames: ['status', 'credit_type'] as const,
      registers: [registry],
    }),
  }
}

/** Sets the payout gauges from `keeper_payout` and the legacy API's view of the requests (before a scrape). */
export async function refreshPayoutMetrics(metrics: KeeperMetrics, pool: Pick<Pool, 'query'>) {
  const { rows } = await pool.query<{ status: string; credit_type: string; n: number; amount: string }>(
    `SELECT p.status, r.credit_type, count(*)::int AS n, sum(r.amount)::float8 AS amount
     FROM keeper_payout p JOIN legacy_withdrawal_request r ON r.id = p.withdrawal_id GROUP BY 1, 2`,
  )
  metrics.payouts.reset()
  metrics.payoutAmount.reset()
  for (const row of rows) {
    const labels = { status: row.status, credit_type: row.credit_type }
    metrics.payouts.set(labels, row.n)
    metrics.payoutAmount.set(labels, Number(row.amount))
  }
}
