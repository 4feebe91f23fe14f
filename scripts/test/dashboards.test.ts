// The operators' Grafana dashboards (ops/grafana/dashboards) against the services as they run: the local product
// (chain with the contracts deployed, indexer, legacy API, keeper, on a PostgreSQL 15 cluster) is started, and every metric name in every
// panel's PromQL query must be one that a service's /metrics really exports, so that no panel stays empty because a
// metric was renamed or never existed.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const dashboardsDir = join(root, 'ops', 'grafana', 'dashboards')

type Panel = { title: string; targets: { expr: string }[] }
const dashboards = readdirSync(dashboardsDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, ...(JSON.parse(readFileSync(join(dashboardsDir, name), 'utf8')) as { panels: Panel[] }) }))

const keywords = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
  'and',
  'or',
])

/**
 * The metric names a PromQL expression reads: identifiers that are not functions, aggregation clauses, label
 * matchers, durations or keywords.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // label lists
  return [...bare.matchAll(/(?<![\w.:])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()/g)]
    .map((match) => match[1] as string)
    .filter((name) => !keywords.has(name))
}

/** The metric names a Prometheus text exposition declares (with a histogram's _bucket, _count and _sum series). */
function exported(text: string): Set<string> {
  const names = new Set<string>()
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name as string)
    if (type === 'histogram' || type === 'summary')
      for (const s of ['_bucket', '_count', '_sum']) names.add(`${name}${s}`)
  }
  return names
}

type Stack = { urls: { indexer: string; legacy: string; keeper?: string }; stop: () => Promise<void> }
let stack: Stack | undefined
let postgres: { url: string; stop: () => void } | undefined
const services = new Map<string, Set<string>>()

beforeAll(async () => {
  const { startLocalProduct } = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'stack.mjs')).href)) as {
    startLocalProduct: (options: Record<string, unknown>) => Promise<Stack>
  }
  const { startPostgres } = (await import(pathToFileURL(join(root, 'scripts', 'lib', 'pg.mjs')).href)) as {
    startPostgres: () => Promise<{ url: string; stop: () => void }>
  }
  // the services' database: a PostgreSQL 15 cluster of this test (as in production)
  postgres = await startPostgres()
  stack = await startLocalProduct({
    ports: 'free',
    databaseUrl: postgres.url,
    web: false,
    seed: false,
    keeper: 'withdrawals',
    // under Nx (npm test) the generated code is there already; a nested Nx run would restore cached outputs
    generate: process.env.NX_TASK_TARGET_PROJECT === undefined,
    quiet: true,
    log: () => undefined,
  })
  for (const [name, url] of [
    ['indexer', stack.urls.indexer],
    ['legacy API', stack.urls.legacy],
    ['keeper', stack.urls.keeper],
  ] as const) {
    const response = await fetch(`${url}/metrics`)
    expect(response.status, `${name} /metrics`).toBe(200)
    services.set(name, exported(await response.text()))
  }
}, 1_200_000)
afterAll(async () => {
  await stack?.stop()
  postgres?.stop()
}, 60_000)

describe('Grafana dashboards', () => {
  it('reads the metric names of a PromQL query', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, route) (rate(legacy_api_request_duration_seconds_bucket{code="5000"}[5m])))',
      ),
    ).toEqual(['legacy_api_request_duration_seconds_bucket'])
    expect(metricNames('max(keeper_signer_balance_wei) / 1e18 or vector(0)')).toEqual(['keeper_signer_balance_wei'])
    expect(metricNames('time() - keeper_job_last_success_timestamp_seconds')).toEqual([
      'keeper_job_last_success_timestamp_seconds',
    ])
  })

  it('has panels on the indexer, the keeper, the APIs and the read replica', () => {
    expect(dashboards.map((d) => d.name).sort()).toEqual(['api.json', 'indexer.json', 'keeper.json', 'replica.json'])
  })

  for (const dashboard of dashboards) {
    it(`${dashboard.name}: every panel's query names metrics the running services export`, () => {
      const all = new Set([...services.values()].flatMap((names) => [...names]))
      for (const panel of dashboard.panels) {
        const names = panel.targets.flatMap((target) => metricNames(target.expr))
        expect(names.length, `${panel.title}: no metric in its queries`).toBeGreaterThan(0)
        for (const name of names) expect(all, `${dashboard.name} "${panel.title}" reads ${name}`).toContain(name)
      }
    })
  }
})
