// Prometheus metrics of the keeper (served on /metrics): runs, sends, failures, gas and last success per job.
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
  }
}
