// `npm start`: the whole local product on this machine.
//   chain     Hardhat node on 127.0.0.1:8545 (chain id 31337)
//   contracts built, deployed and seeded; addresses in libs/abi/deployments/31337.json
//   database  DATABASE_URL if set, else an embedded PGlite under .data/ shared by both services
//   indexer   http://127.0.0.1:4000/graphql
//   legacy    http://127.0.0.1:4100/api/api/invest/
//   web       http://127.0.0.1:5173 (Vite dev server, with the development wallet on the local chain)
// Ctrl-C stops every process it started.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { dataDir, hardhatBin, nxBin, root, viteBin } from './lib/paths.mjs'
import { httpReady, rpcReady, startProcess, stopAll, watchUnexpectedExits } from './lib/procs.mjs'

const { values } = parseArgs({
  options: {
    'no-seed': { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
  },
})

const ports = {
  chain: Number(process.env.CHAIN_PORT ?? 8545),
  indexer: Number(process.env.INDEXER_PORT ?? 4000),
  legacy: Number(process.env.LEGACY_API_PORT ?? 4100),
  web: Number(process.env.WEB_PORT ?? 5173),
  pglite: Number(process.env.PGLITE_PORT ?? 5532),
}
const host = '127.0.0.1'
const chainId = 31337
const rpcUrl = `http://${host}:${ports.chain}`
const say = (message) => process.stdout.write(`[start] ${message}\n`)

async function assertPortFree(name, port) {
  await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () =>
      reject(
        new Error(
          `port ${port} (${name}) is in use on ${host}: stop what runs there, or set ${name.toUpperCase()}_PORT`,
        ),
      ),
    )
    server.listen(port, host, () => server.close(resolve))
  })
}

function step(name, command, args, options = {}) {
  say(name)
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
    env: { ...process.env, ...options.env },
  })
  if (result.status !== 0) throw new Error(`${name} failed (exit ${result.status ?? result.signal})`)
}

let stopping = false
async function shutdown(code) {
  if (stopping) return
  stopping = true
  say('stopping every process')
  await stopAll()
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

try {
  const usesEmbeddedDb = !process.env.DATABASE_URL
  const wanted = [
    ['chain', ports.chain],
    ['indexer', ports.indexer],
    ['legacy_api', ports.legacy],
  ]
  if (!values['no-web']) wanted.push(['web', ports.web])
  if (usesEmbeddedDb) wanted.push(['pglite', ports.pglite])
  for (const [name, port] of wanted) await assertPortFree(name, port)

  step('building contracts and generating ABIs, SDK and database client', process.execPath, [
    nxBin,
    'run-many',
    '-t',
    'generate',
    '--outputStyle=static',
  ])

  await startProcess({
    name: 'chain',
    command: process.execPath,
    args: [hardhatBin, 'node', '--hostname', host, '--port', String(ports.chain)],
    cwd: join(root, 'contracts'),
    ready: rpcReady(rpcUrl),
    quiet: true,
  })
  say(`chain ready at ${rpcUrl}`)

  const hardhatRun = (script) =>
    step(`contracts: ${script}`, process.execPath, [hardhatBin, 'run', script, '--network', 'localhost'], {
      cwd: join(root, 'contracts'),
      env: { RPC_URL: rpcUrl },
    })
  hardhatRun('scripts/deploy.ts')
  if (!values['no-seed']) hardhatRun('scripts/seed.ts')

  let databaseUrl = process.env.DATABASE_URL
  if (usesEmbeddedDb) {
    mkdirSync(dataDir, { recursive: true })
    databaseUrl = `postgresql://postgres@${host}:${ports.pglite}/postgres?sslmode=disable`
    await startProcess({
      name: 'db',
      command: process.execPath,
      args: [join(root, 'scripts', 'lib', 'pglite-server.mjs'), '--port', String(ports.pglite), '--host', host],
      ready: () =>
        import('./lib/procs.mjs').then(({ waitFor }) =>
          waitFor('embedded PGlite', async () => {
            const { default: pg } = await import('pg')
            const client = new pg.Client({ connectionString: databaseUrl })
            await client.connect()
            await client.end()
            return true
          }),
        ),
    })
    say(`embedded PGlite (data in ${dataDir}) at ${databaseUrl}`)
  }

  const serviceEnv = { RPC_URL: rpcUrl, CHAIN_ID: String(chainId), DATABASE_URL: databaseUrl, HOST: host }
  await startProcess({
    name: 'indexer',
    command: process.execPath,
    args: [join(root, 'apps', 'indexer', 'src', 'main.ts')],
    env: { ...serviceEnv, PORT: String(ports.indexer), CONFIRMATIONS: process.env.CONFIRMATIONS ?? '0' },
    ready: httpReady(`http://${host}:${ports.indexer}/healthz`),
  })
  await startProcess({
    name: 'legacy-api',
    command: process.execPath,
    args: [join(root, 'apps', 'legacy-api', 'src', 'main.ts')],
    env: { ...serviceEnv, PORT: String(ports.legacy) },
    ready: httpReady(`http://${host}:${ports.legacy}/healthz`),
  })

  if (!values['no-web']) {
    await startProcess({
      name: 'web',
      command: process.execPath,
      args: [viteBin, '--host', host, '--port', String(ports.web), '--strictPort'],
      cwd: join(root, 'apps', 'web'),
      env: {
        VITE_CHAIN_ID: String(chainId),
        VITE_RPC_URL: rpcUrl,
        VITE_GRAPHQL_URL: `http://${host}:${ports.indexer}/graphql`,
        VITE_LEGACY_API_URL: `http://${host}:${ports.legacy}`,
      },
      ready: httpReady(`http://${host}:${ports.web}/`),
    })
  }

  watchUnexpectedExits((name, code) => {
    say(`${name} exited unexpectedly (${code}); stopping everything`)
    shutdown(1)
  })
  say('the local product is up:')
  const lines = [
    ['web app', values['no-web'] ? '(not started: --no-web)' : `http://${host}:${ports.web}/`],
    ['GraphQL (indexer)', `http://${host}:${ports.indexer}/graphql`],
    ['indexer health', `http://${host}:${ports.indexer}/healthz  /readyz  /metrics`],
    ['legacy API', `http://${host}:${ports.legacy}/api/api/invest/`],
    ['chain (JSON-RPC)', `${rpcUrl}  (chain id ${chainId})`],
    ['database', databaseUrl],
    ['deployments', join('libs', 'abi', 'deployments', `${chainId}.json`)],
  ]
  for (const [name, url] of lines) process.stdout.write(`  ${name.padEnd(20)} ${url}\n`)
  say('press Ctrl-C to stop everything')
  if (existsSync(join(root, 'libs', 'abi', 'deployments', `${chainId}.json`)) === false) {
    say('warning: no deployments file was written')
  }
} catch (error) {
  process.stderr.write(`[start] ${error.message}\n`)
  await shutdown(1)
}
