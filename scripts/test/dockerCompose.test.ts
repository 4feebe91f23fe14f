// No Docker engine runs here, so docker-compose.yml is checked against what the apps really read: every
// service's command points at a file that exists, its port is the app's default and the one ARCHITECTURE.md
// gives, every environment variable it sets is read by the app, and every variable the app reads is set.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const root = join(import.meta.dirname, '..', '..')
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>
  volumes: Record<string, unknown>
}
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8')

type Service = {
  image?: string
  user?: string
  deploy?: { replicas?: number }
  build?: { context: string; target: string; args?: Record<string, string> }
  command?: string[]
  working_dir?: string
  environment?: Record<string, string>
  ports?: string[]
  volumes?: string[]
  healthcheck?: { test: string[] }
  depends_on?: Record<string, { condition: string }>
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'generated' || name === '_test' ? [] : sourceFiles(path)
    return /\.(ts|tsx|mts)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/**
 * Environment variables an app's source reads: member accesses on an environment object (`process.env.X`,
 * `import.meta.env.X`, `env.X`, `raw.X`, `env['X']`) and names handed to a config reader (`integer(env, 'X', ...)`).
 */
function variablesRead(app: string): Set<string> {
  const names = new Set<string>()
  for (const file of sourceFiles(join(root, 'apps', app, 'src'))) {
    const text = readFileSync(file, 'utf8')
    for (const name of variablesIn(text)) names.add(name)
    // a shared reader of @nexus/abi/node (e.g. withdrawalPolicySetting) reads its own variables for the app
    for (const [reader, read] of sharedReaders) {
      if (new RegExp(`\\b${reader}\\(`).test(text)) for (const name of read) names.add(name)
    }
  }
  return names
}

function variablesIn(text: string): string[] {
  const patterns = [
    /\b(?:process\.env|import\.meta\.env|env|raw)(?:\.([A-Z][A-Z0-9_]*)\b|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g,
    /\(\s*(?:env|raw)\s*,\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
  ]
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => (match[1] ?? match[2]) as string))
}

/** The exported setting readers of libs/abi/src/settings.ts, each with the variables its body reads. */
const sharedReaders = new Map(
  readFileSync(join(root, 'libs', 'abi', 'src', 'settings.ts'), 'utf8')
    .split(/(?=^export function )/m)
    .flatMap((part) => {
      const name = part.match(/^export function (\w+)/)?.[1]
      return name ? [[name, variablesIn(part)] as const] : []
    }),
)

/** The default port an app listens on, from its source (`PORT ?? 4000` or `integer(env, 'PORT', 4000, ...)`). */
function defaultPort(app: string): number | undefined {
  for (const file of sourceFiles(join(root, 'apps', app, 'src'))) {
    const match = readFileSync(file, 'utf8').match(/\bPORT\b['"]?\s*(?:,|\?\?|\|\|)\s*['"]?(\d{4,5})/)
    if (match) return Number(match[1])
  }
  return undefined
}

const architecture = readFileSync(join(root, 'README.md'), 'utf8')
const services = compose.services

describe('docker-compose.yml', () => {
  it('has the services of ARCHITECTURE.md, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual([
      'chain',
      'deploy',
      'grafana',
      'indexer',
      'indexer-reader',
      'keeper',
      'legacy-api',
      'postgres',
      'postgres-replica',
      'prometheus',
      'web',
    ])
    for (const [name, service] of Object.entries(services)) {
      if (name === 'deploy') continue // one-shot job: its completion is the signal
      expect(service.healthcheck?.test, `${name} health check`).toBeDefined()
    }
  })

  it('runs PostgreSQL 15 with a named volume', () => {
    expect(services.postgres?.image).toMatch(/^postgres:15/)
    expect(services.postgres?.volumes).toContain('pgdata:/var/lib/postgresql/data')
    expect(compose.volumes).toHaveProperty('pgdata')
  })

  it('only builds targets the Dockerfile defines', () => {
    const targets = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1])
    for (const [name, service] of Object.entries(services)) {
      if (service.build) expect(targets, `${name} build target`).toContain(service.build.target)
    }
  })

  it('starts the chain node with the Hardhat CLI on port 8545', () => {
    const chain = services.chain as Service
    expect(chain.command?.[1]).toBe('/app/node_modules/hardhat/dist/src/cli.js')
    expect(existsSync(join(root, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js'))).toBe(true)
    expect(chain.command).toEqual(expect.arrayContaining(['node', '--port', '8545']))
    expect(chain.ports).toContain('127.0.0.1:8545:8545')
    expect(architecture).toContain('http://127.0.0.1:8545')
  })

  it('deploys with the contracts scripts that exist', () => {
    const command = (services.deploy?.command ?? []).join(' ')
    for (const script of command.matchAll(/run (\S+\.ts)/g)) {
      expect(existsSync(join(root, 'contracts', script[1] as string)), script[1]).toBe(true)
    }
    expect(services.deploy?.volumes).toContain('deployments:/app/libs/abi/deployments')
  })

  for (const [service, app, port] of [
    ['indexer', 'indexer', 4000],
    ['legacy-api', 'legacy-api', 4100],
    ['keeper', 'keeper', 4200],
  ] as const) {
    describe(service, () => {
      const definition = services[service] as Service
      const entry = definition.command?.at(-1) ?? ''

      it('runs an entry file that exists, from TypeScript source with the workspace condition', () => {
        expect(definition.command?.[0]).toBe('node')
        // libs export their TypeScript source under this condition; without it Node looks for dist/
        expect(definition.command).toContain('--conditions=@nexus/source')
        expect(existsSync(join(root, entry)), entry).toBe(true)
        expect(relative(join(root, 'apps', app), join(root, entry))).toBe(join('src', 'main.ts'))
      })

      it(`listens on ${port}, the app's default and the README's`, () => {
        expect(definition.environment?.PORT).toBe(String(port))
        expect(definition.ports).toContain(`127.0.0.1:${port}:${port}`)
        expect(defaultPort(app)).toBe(port)
        expect(architecture).toContain(`127.0.0.1:${port}`)
        expect(JSON.stringify(definition.healthcheck?.test)).toContain(`127.0.0.1:${port}/healthz`)
      })

      it('sets exactly the variables the app reads', () => {
        const read = variablesRead(app)
        const set = new Set(Object.keys(definition.environment ?? {}))
        for (const name of set) expect(read, `${service} sets ${name}, which the app never reads`).toContain(name)
        const required = ['RPC_URL', 'CHAIN_ID', 'DATABASE_URL', 'PORT', 'HOST']
        if (service === 'indexer') required.push('CONFIRMATIONS')
        for (const name of required) {
          expect(read, `${app} should read ${name}`).toContain(name)
          expect(set, `${service} should set ${name}`).toContain(name)
        }
      })
    })
  }

  it('gives the keeper (which enforces it) and the legacy API (which shows it) the same withdrawal policy', () => {
    const policy = ['WITHDRAW_APPROVAL_THRESHOLD', 'WITHDRAW_DAILY_CAP']
    for (const name of policy) {
      expect(variablesRead('keeper'), `keeper should read ${name}`).toContain(name)
      expect(variablesRead('legacy-api'), `legacy-api should read ${name}`).toContain(name)
      expect(services.keeper?.environment?.[name], `keeper sets ${name}`).toBeDefined()
      expect(services['legacy-api']?.environment?.[name]).toBe(services.keeper?.environment?.[name])
    }
  })

  it('builds the web app with the VITE_ variables it reads, served on 4173', () => {
    const web = services.web as Service
    const read = [...variablesRead('web')].filter((name) => name.startsWith('VITE_'))
    const args = Object.keys(web.build?.args ?? {})
    for (const name of ['VITE_CHAIN_ID', 'VITE_RPC_URL', 'VITE_GRAPHQL_URL']) {
      expect(read, `apps/web should read ${name}`).toContain(name)
      expect(args).toContain(name)
      expect(dockerfile).toContain(`ARG ${name}`)
    }
    expect(web.ports).toContain('127.0.0.1:4173:4173')
    expect(readFileSync(join(root, 'apps', 'web', 'nginx.conf'), 'utf8')).toMatch(/listen 4173;/)
    expect(architecture).toContain('4173 (built)')
  })

  describe('read replica', () => {
    const replica = services['postgres-replica'] as Service
    const reader = services['indexer-reader'] as Service

    it('runs a hot standby of postgres, made by pg_basebackup -R from it, as the replication role the primary creates', () => {
      expect(replica.image).toBe(services.postgres?.image)
      const script = (replica.command ?? []).join(' ')
      expect(script).toMatch(/pg_basebackup -h postgres -U replicator -D "\$\$PGDATA" -R -X stream/)
      expect(script).toContain('exec postgres -c hot_standby=on')
      expect(replica.depends_on?.postgres?.condition).toBe('service_healthy')
      expect(compose.volumes).toHaveProperty('pgreplica')
      // the primary: WAL for replicas, and the role and pg_hba line of its init script
      expect(services.postgres?.command).toEqual(expect.arrayContaining(['wal_level=replica']))
      const init = (services.postgres?.volumes ?? []).find((v) => v.includes('/docker-entrypoint-initdb.d/'))
      const initFile = join(root, (init ?? '').split(':')[0] as string)
      expect(existsSync(initFile), initFile).toBe(true)
      const initScript = readFileSync(initFile, 'utf8')
      expect(initScript).toContain('CREATE ROLE replicator WITH REPLICATION LOGIN')
      expect(initScript).toContain('host replication replicator all scram-sha-256')
      expect(services.postgres?.environment?.REPLICATION_PASSWORD).toBe(replica.environment?.PGPASSWORD)
    })

    it('runs GraphQL readers (the indexer without ingestion) on the replica, the primary beside it', () => {
      expect(reader.command).toEqual(services.indexer?.command)
      const env = reader.environment ?? {}
      expect(env.INDEXER_INGEST).toBe('false')
      expect(new URL(env.DATABASE_READ_URL as string).hostname).toBe('postgres-replica')
      expect(new URL(env.DATABASE_URL as string).hostname).toBe('postgres')
      const read = variablesRead('indexer')
      for (const name of Object.keys(env))
        expect(read, `indexer-reader sets ${name}, which the indexer never reads`).toContain(name)
      expect(reader.deploy?.replicas).toBe(2)
      expect(reader.ports).toEqual([`127.0.0.1:4001-4002:${env.PORT}`])
      expect(reader.depends_on?.['postgres-replica']?.condition).toBe('service_healthy')
      // the legacy API reads the indexer's tree there too
      expect(services['legacy-api']?.environment?.DATABASE_READ_URL).toBe(env.DATABASE_READ_URL)
      expect(variablesRead('legacy-api')).toContain('DATABASE_READ_URL')
    })
  })

  describe('Prometheus and Grafana', () => {
    const prometheus = services.prometheus as Service
    const grafana = services.grafana as Service
    const mounted = (service: Service, target: string) => {
      const volume = (service.volumes ?? []).find((v) => v.split(':')[1] === target)
      expect(volume, `${target} mounted`).toBeDefined()
      return join(root, (volume as string).split(':')[0] as string)
    }
    type ScrapeConfig = {
      job_name: string
      static_configs?: { targets: string[] }[]
      dns_sd_configs?: { names: string[]; port: number }[]
    }
    const scrape = (
      parse(readFileSync(mounted(prometheus, '/etc/prometheus/prometheus.yml'), 'utf8')) as {
        scrape_configs: ScrapeConfig[]
      }
    ).scrape_configs

    it("scrapes every service's /metrics at the port it listens on inside the network", () => {
      const targets = new Map(
        scrape.flatMap((config) => [
          ...(config.static_configs ?? []).flatMap((c) => c.targets.map((t) => [config.job_name, t] as const)),
          ...(config.dns_sd_configs ?? []).flatMap((c) =>
            c.names.map((n) => [config.job_name, `${n}:${c.port}`] as const),
          ),
        ]),
      )
      expect([...targets.keys()].sort()).toEqual(['indexer', 'indexer-reader', 'keeper', 'legacy-api'])
      for (const [job, target] of targets) {
        const [host, port] = target.split(':') as [string, string]
        expect(host, job).toBe(job)
        expect(services[host]?.environment?.PORT, `${job} listens on ${port}`).toBe(port)
      }
    })

    it('provisions the Prometheus data source and the dashboards folder, every dashboard valid JSON on that source', () => {
      const provisioning = mounted(grafana, '/etc/grafana/provisioning')
      const source = parse(readFileSync(join(provisioning, 'datasources', 'prometheus.yml'), 'utf8')) as {
        datasources: { uid: string; url: string }[]
      }
      expect(source.datasources[0]?.url).toBe('http://prometheus:9090')
      const providers = parse(readFileSync(join(provisioning, 'dashboards', 'nexus.yml'), 'utf8')) as {
        providers: { options: { path: string } }[]
      }
      const dashboardsDir = mounted(grafana, providers.providers[0]?.options.path as string)
      const files = readdirSync(dashboardsDir).filter((name) => name.endsWith('.json'))
      expect(files.sort()).toEqual(['api.json', 'indexer.json', 'keeper.json', 'replica.json'])
      for (const file of files) {
        const dashboard = JSON.parse(readFileSync(join(dashboardsDir, file), 'utf8')) as {
          panels: { title: string; datasource: { uid: string }; targets: { expr: string }[] }[]
        }
        expect(dashboard.panels.length, file).toBeGreaterThan(0)
        for (const panel of dashboard.panels) {
          expect(panel.datasource.uid, `${file}: ${panel.title}`).toBe(source.datasources[0]?.uid)
          expect(panel.targets.length, `${file}: ${panel.title}`).toBeGreaterThan(0)
        }
      }
    })
  })

  it('points every service at the compose PostgreSQL and chain', () => {
    for (const name of ['indexer', 'legacy-api', 'keeper'] as const) {
      const env = services[name]?.environment ?? {}
      const database = new URL(env.DATABASE_URL as string)
      expect(database.hostname).toBe('postgres')
      expect(database.username).toBe(services.postgres?.environment?.POSTGRES_USER)
      expect(database.pathname.slice(1)).toBe(services.postgres?.environment?.POSTGRES_DB)
      expect(env.RPC_URL).toBe('http://chain:8545')
      expect(env.CHAIN_ID).toBe('31337')
    }
  })
})
