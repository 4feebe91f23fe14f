// The local product as a library: `npm start` runs it on the fixed ports of the README, browser tests run the
// same stack on free ports (`ports: 'free'`) so that they never collide with a running `npm start`.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataDir, hardhatBin, nxBin, root, viteBin } from './paths.mjs'
import { httpReady, rpcReady, startProcess, stopAll, waitFor } from './procs.mjs'

export const host = '127.0.0.1'
export const chainId = 31337

export const defaultPorts = {
  chain: 8545,
  indexer: 4000,
  legacy: 4100,
  keeper: 4200,
  web: 5173,
  pglite: 5532,
}

async function freePort() {
  return await new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function assertPortFree(name, port) {
  await new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () =>
      reject(new Error(`port ${port} (${name}) is in use on ${host}: stop what runs there first`)),
    )
    server.listen(port, host, () => server.close(resolve))
  })
}

function step(log, name, command, args, options = {}) {
  log(name)
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: options.quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    ...options,
    env: { ...process.env, ...options.env },
  })
  if (result.status !== 0) {
    throw new Error(
      `${name} failed (exit ${result.status ?? result.signal})${options.quiet ? `:\n${result.stdout}\n${result.stderr}` : ''}`,
    )
  }
}

/**
 * CORS_ORIGINS and SIWE_DOMAINS of the legacy API: its defaults (the README ports) plus the origins of the web apps
 * this stack serves or the tests build, so that they can call it and sign in.
 */
function legacyOriginsEnv(webUrl, webOrigins) {
  const extra = [webUrl, ...webOrigins].filter(Boolean).map((url) => new URL(url).origin)
  if (extra.length === 0) return {}
  const defaults = ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:4173', 'http://localhost:4173']
  const origins = [...new Set([...defaults, ...extra])]
  return { CORS_ORIGINS: origins.join(','), SIWE_DOMAINS: origins.map((origin) => new URL(origin).host).join(',') }
}

/**
 * Starts chain, contracts (deployed and seeded), database, indexer, legacy API and optionally the web app.
 *
 * @param {object} options
 * @param {'fixed'|'free'} [options.ports] fixed README ports, or free ports for tests
 * @param {'dev'|'preview'|false} [options.web] Vite dev server, `vite preview` of a build made with this
 *   stack's URLs, or no web app
 * @param {boolean} [options.seed] run the seed script after deployment
 * @param {boolean|'withdrawals'} [options.keeper] run the keeper (apps/keeper); default: with the fixed ports only
 *   (`npm start`). 'withdrawals' (the browser tests): it pays the legacy withdrawals but runs no upkeeps
 *   (KEEPER_UPKEEPS=false), so that browser tests on free ports see no upkeep transactions they did not make
 * @param {boolean} [options.timelock] hand every contract to the Timelock (default); false keeps the deployer the
 *   owner (NEXUS_TIMELOCK_HANDOVER=0), for browser tests that set their state up with direct owner calls
 * @param {string[]} [options.webOrigins] origins of web apps served elsewhere (e.g. the browser tests' builds) that
 *   the legacy API accepts for CORS and sign-in, besides its defaults and this stack's own web app
 * @param {string} [options.databaseUrl] a PostgreSQL URL; without it an embedded PGlite is started
 * @param {boolean} [options.generate] build the contracts and generate the ABIs, SDK and database client first
 *   (`nx run-many -t generate`; default). False when the caller's Nx task graph has already done it: a nested Nx
 *   run would restore cached outputs (delete and copy back contracts/artifacts, generated code) while other tasks of
 *   the same run read them; CI's contracts tests once lost their artifacts for a few seconds that way.
 * @param {boolean} [options.quiet] keep the children's output to themselves
 * @param {(message: string) => void} [options.log]
 */
export async function startLocalProduct({
  ports: portMode = 'fixed',
  web = 'dev',
  seed = true,
  keeper = portMode === 'fixed',
  timelock = true,
  webOrigins = [],
  databaseUrl = process.env.DATABASE_URL,
  generate = true,
  quiet = false,
  log = (message) => process.stdout.write(`[start] ${message}\n`),
} = {}) {
  const ports = { ...defaultPorts }
  if (portMode === 'free') {
    for (const name of Object.keys(ports)) ports[name] = await freePort()
  } else {
    const wanted = Object.entries(ports).filter(
      ([name]) => (name !== 'web' || web) && (name !== 'pglite' || !databaseUrl) && (name !== 'keeper' || keeper),
    )
    for (const [name, port] of wanted) await assertPortFree(name, port)
  }
  const rpcUrl = `http://${host}:${ports.chain}`
  const urls = {
    rpc: rpcUrl,
    graphql: `http://${host}:${ports.indexer}/graphql`,
    indexer: `http://${host}:${ports.indexer}`,
    legacy: `http://${host}:${ports.legacy}`,
    keeper: keeper ? `http://${host}:${ports.keeper}` : undefined,
    web: web ? `http://${host}:${ports.web}/` : undefined,
  }

  try {
    if (generate)
      step(
        log,
        'building contracts and generating ABIs, SDK and database client',
        process.execPath,
        [nxBin, 'run-many', '-t', 'generate', '--outputStyle=static'],
        { quiet },
      )

    await startProcess({
      name: 'chain',
      command: process.execPath,
      args: [hardhatBin, 'node', '--hostname', host, '--port', String(ports.chain)],
      cwd: join(root, 'contracts'),
      ready: rpcReady(rpcUrl),
      quiet: true,
      dependency: true,
    })
    log(`chain ready at ${rpcUrl}`)

    const hardhatRun = (script) =>
      step(log, `contracts: ${script}`, process.execPath, [hardhatBin, 'run', script, '--network', 'localhost'], {
        cwd: join(root, 'contracts'),
        env: { RPC_URL: rpcUrl, ...(timelock ? {} : { NEXUS_TIMELOCK_HANDOVER: '0' }) },
        quiet,
      })
    hardhatRun('scripts/deploy.ts')
    if (seed) hardhatRun('scripts/seed.ts')

    if (!databaseUrl) {
      // Tests get a database of their own in a temporary folder; `npm start` keeps its data under .data/. Either
      // way it starts empty: the local chain is new at every start, and rows indexed from an earlier chain (or
      // payments recorded against it) would describe blocks and transactions that no longer exist.
      const dir = portMode === 'free' ? mkdtempSync(join(tmpdir(), 'nexus-pglite-')) : join(dataDir, 'pglite')
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      databaseUrl = `postgresql://postgres@${host}:${ports.pglite}/postgres?sslmode=disable`
      const url = databaseUrl
      await startProcess({
        name: 'db',
        command: process.execPath,
        args: [
          join(root, 'scripts', 'lib', 'pglite-server.mjs'),
          '--port',
          String(ports.pglite),
          '--host',
          host,
          '--dir',
          dir,
        ],
        quiet,
        dependency: true,
        ready: () =>
          waitFor('embedded PGlite', async () => {
            const { default: pg } = await import('pg')
            const client = new pg.Client({ connectionString: url })
            client.on('error', () => undefined) // a probe while the server starts: its failure is the answer
            await client.connect()
            await client.end()
            return true
          }),
      })
      log(`embedded PGlite (data in ${dir}) at ${databaseUrl}`)
    }

    const serviceEnv = { RPC_URL: rpcUrl, CHAIN_ID: String(chainId), DATABASE_URL: databaseUrl, HOST: host }
    await startProcess({
      name: 'indexer',
      command: process.execPath,
      args: ['--conditions=@nexus/source', join(root, 'apps', 'indexer', 'src', 'main.ts')],
      env: { ...serviceEnv, PORT: String(ports.indexer), CONFIRMATIONS: process.env.CONFIRMATIONS ?? '0' },
      ready: httpReady(`${urls.indexer}/healthz`),
      quiet,
    })
    await startProcess({
      name: 'legacy-api',
      command: process.execPath,
      args: ['--conditions=@nexus/source', join(root, 'apps', 'legacy-api', 'src', 'main.ts')],
      env: { ...serviceEnv, PORT: String(ports.legacy), ...legacyOriginsEnv(urls.web, webOrigins) },
      ready: httpReady(`${urls.legacy}/healthz`),
      quiet,
    })

    if (keeper) {
      await startProcess({
        name: 'keeper',
        command: process.execPath,
        args: ['--conditions=@nexus/source', join(root, 'apps', 'keeper', 'src', 'main.ts')],
        env: {
          ...serviceEnv,
          PORT: String(ports.keeper),
          ...(keeper === 'withdrawals' ? { KEEPER_UPKEEPS: 'false' } : {}),
        },
        ready: httpReady(`${urls.keeper}/healthz`),
        quiet,
      })
    }

    if (web) {
      const webEnv = {
        VITE_CHAIN_ID: String(chainId),
        VITE_RPC_URL: rpcUrl,
        VITE_GRAPHQL_URL: urls.graphql,
        VITE_LEGACY_API_URL: urls.legacy,
      }
      const webDir = join(root, 'apps', 'web')
      if (web === 'preview') {
        const outDir = mkdtempSync(join(tmpdir(), 'nexus-web-'))
        step(
          log,
          'building the web app for this stack',
          process.execPath,
          [viteBin, 'build', '--outDir', outDir, '--emptyOutDir'],
          {
            cwd: webDir,
            env: { ...webEnv, VITE_DEV_WALLET: 'true' },
            quiet,
          },
        )
        await startProcess({
          name: 'web',
          command: process.execPath,
          args: [viteBin, 'preview', '--outDir', outDir, '--host', host, '--port', String(ports.web), '--strictPort'],
          cwd: webDir,
          env: webEnv,
          ready: httpReady(urls.web),
          quiet,
        })
      } else {
        await startProcess({
          name: 'web',
          command: process.execPath,
          args: [viteBin, '--host', host, '--port', String(ports.web), '--strictPort'],
          cwd: webDir,
          env: webEnv,
          ready: httpReady(urls.web),
          quiet,
        })
      }
    }
  } catch (error) {
    await stopAll()
    throw error
  }

  return { ports, urls, databaseUrl, chainId, stop: stopAll }
}
