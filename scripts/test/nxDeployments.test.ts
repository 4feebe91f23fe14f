// Generated code is never stale: whatever the Nx cache holds, `nx run sdk:build` (cache on, as anyone runs it) after a
// deploy includes the deployment present at that moment, in libs/abi's generated package and in the running web app.
// The local chain's deployments file is git-ignored and Nx hashes no git-ignored file unless .nxignore un-ignores it;
// without that, the build restored the generated code cached before the deploy and the web app lost every contract.
//
// The trial runs in a copy of the workspace (its files, the contracts' build output, node_modules linked to the
// original's, with the workspace packages pointing into the copy) with an Nx cache of its own: a nested Nx run in the
// workspace itself would restore cached outputs under the feet of the tasks that run this test.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const run = promisify(execFile)
const copy = mkdtempSync(join(tmpdir(), 'nx-deployments-'))
const deploymentsFile = join(copy, 'libs', 'abi', 'deployments', '31337.json')
const generatedDeployments = join(copy, 'libs', 'abi', 'src', 'generated', 'deployments.ts')
let node: { url: string; stop: () => Promise<void> } | undefined
const step = (message: string) => process.stderr.write(`[nxDeployments] ${message}\n`)
let web: ChildProcess | undefined

/** The workspace's files (tracked, and new ones git does not ignore) copied into `copy`. */
async function copyWorkspace() {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  })
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = join(root, file)
    if (!existsSync(from) || lstatSync(from).isDirectory()) continue // deleted, or a submodule
    mkdirSync(dirname(join(copy, file)), { recursive: true })
    cpSync(from, join(copy, file), { verbatimSymlinks: true })
  }
  // The contracts as built for this run (Hardhat's own cache says they are up to date, so the copy compiles nothing).
  for (const dir of ['contracts/artifacts', 'contracts/cache'])
    if (existsSync(join(root, dir))) cpSync(join(root, dir), join(copy, dir), { recursive: true })
  // Hardhat's compile cache names the sources and artifacts by absolute path: moved with the copy
  const compileCache = join(copy, 'contracts', 'cache', 'compile-cache.json')
  if (existsSync(compileCache))
    writeFileSync(compileCache, readFileSync(compileCache, 'utf8').replaceAll(`${root}/`, `${copy}/`))
  // node_modules: every package linked to the original's, the workspace packages (relative links) into the copy.
  const modules = join(copy, 'node_modules')
  mkdirSync(modules)
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    const original = join(root, 'node_modules', entry)
    if (entry === '@nexus') {
      mkdirSync(join(modules, entry))
      for (const link of readdirSync(original))
        symlinkSync(readlinkSync(join(original, link)), join(modules, entry, link))
    } else symlinkSync(original, join(modules, entry))
  }
  // the workspace packages' own node_modules (versions other than the root's)
  for (const dir of ['apps', 'libs']) {
    for (const project of readdirSync(join(root, dir))) {
      const nested = join(root, dir, project, 'node_modules')
      if (existsSync(nested) && existsSync(join(copy, dir, project)))
        symlinkSync(nested, join(copy, dir, project, 'node_modules'))
    }
  }
  for (const project of ['contracts', 'prisma']) {
    const nested = join(root, project, 'node_modules')
    if (existsSync(nested)) symlinkSync(nested, join(copy, project, 'node_modules'))
  }
}

const withoutNx = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('NX_')))

/** `nx run sdk:build` in the copy, with the cache on (its own), as a developer runs it. */
async function sdkBuild() {
  const { stdout, stderr } = await run(
    process.execPath,
    [join(copy, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), 'run', 'sdk:build', '--outputStyle=static'],
    {
      cwd: copy,
      // none of the Nx settings of the run that runs this test (its workspace root, its task): the copy's own
      env: { ...withoutNx, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  return `${stdout}\n${stderr}`
}

/** The deployed USDT's address (lowercase) as the deployments file gives it. */
const deployedUsdt = () =>
  String(
    (JSON.parse(readFileSync(deploymentsFile, 'utf8')) as { contracts: Record<string, { address: string }> }).contracts
      .USDT?.address,
  ).toLowerCase()

beforeAll(async () => {
  await copyWorkspace()
}, 600_000)

afterAll(async () => {
  if (web && web.exitCode === null) {
    const exited = new Promise((resolve) => web?.once('exit', resolve))
    process.kill(-(web.pid ?? 0), 'SIGTERM')
    await exited
  }
  await node?.stop()
  rmSync(copy, { recursive: true, force: true, maxRetries: 5 })
}, 120_000)

it('a cached sdk:build after a deploy keeps the deployment in the generated package and the running web app', async () => {
  // 1. The cache learns the generated code of a workspace without a local deployment.
  expect(existsSync(deploymentsFile)).toBe(false)
  step('nx run sdk:build before any deployment')
  await sdkBuild()
  expect(readFileSync(generatedDeployments, 'utf8')).not.toMatch(/^\s*31337:/m)

  // 2. A chain, and the whole system deployed on it as `npm start` does (deploy.ts writes the deployments file and
  //    regenerates libs/abi's deployments module).
  const { startHardhatNode } = await import('@nexus/testing')
  node = await startHardhatNode({ timeoutMs: 180_000 })
  step(`deploying to ${node.url}`)
  await run(
    process.execPath,
    [
      join(copy, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js'),
      'run',
      'scripts/deploy.ts',
      '--network',
      'localhost',
    ],
    {
      cwd: join(copy, 'contracts'),
      env: { ...process.env, RPC_URL: node.url, HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  const usdt = deployedUsdt()
  expect(usdt).toMatch(/^0x[0-9a-f]{40}$/)

  step('starting the web app')
  // 3. The web app runs (Vite's dev server, as `npm start` serves it) and has the deployment.
  const port = await (await import('@nexus/testing')).freePort()
  web = spawn(
    process.execPath,
    [
      join(copy, 'node_modules', 'vite', 'bin', 'vite.js'),
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    {
      cwd: join(copy, 'apps', 'web'),
      env: { ...process.env, VITE_CHAIN_ID: '31337', VITE_RPC_URL: node.url },
      stdio: 'ignore',
      detached: true,
    },
  )
  const servedModule = `http://127.0.0.1:${port}/@fs${generatedDeployments}`
  const served = async () => {
    for (const deadline = Date.now() + 120_000; ;) {
      const text = await fetch(servedModule).then(
        (response) => (response.ok ? response.text() : ''),
        () => '',
      )
      if (text) return text.toLowerCase()
      if (Date.now() > deadline) throw new Error(`the web app did not serve ${servedModule}`)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  expect(await served()).toContain(usdt)

  // 4. The build, cache on: the deployment is an input, so the generated code is made again, not restored.
  step('nx run sdk:build after the deployment')
  const output = await sdkBuild()
  const generated = readFileSync(generatedDeployments, 'utf8')
  expect(generated, output).toMatch(/^\s*31337:/m)
  expect(generated.toLowerCase()).toContain(usdt)
  // what the browser gets now, after the build (Vite serves the file as it is on disk)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  expect(await served()).toContain(usdt)
}, 1_800_000)
