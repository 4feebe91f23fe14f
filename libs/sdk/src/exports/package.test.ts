// Packs @nexus/abi and @nexus/sdk as they would be published, installs the tarballs into a new project outside
// the workspace strictly offline (npm --offline with an empty cache: every package comes from a local tarball),
// type-checks a consumer program against them and runs it in plain Node on the local chain, through the main entry
// and the framework-free `@nexus/sdk/actions` entry. The packages are built into a staging folder (dist/ of the
// workspace is left alone).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { deploy, fundedClient, testContract } from '../_test/chain.ts'

const libs = join(import.meta.dirname, '..', '..', '..')
const root = join(libs, '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } })

let work: string

function stage(name: 'abi' | 'sdk') {
  const source = join(libs, name)
  const target = join(work, 'stage', name)
  mkdirSync(target, { recursive: true })
  execFileSync(process.execPath, [tsc, '-p', join(source, 'tsconfig.build.json'), '--outDir', join(target, 'dist')])
  for (const entry of ['package.json', 'README.md', 'deployments', 'json']) {
    if (existsSync(join(source, entry))) cpSync(join(source, entry), join(target, entry), { recursive: true })
  }
  const output = npm(['pack', '--json', '--pack-destination', work], target)
  return join(work, (JSON.parse(output) as { filename: string }[])[0]?.filename ?? '')
}

type Manifest = {
  name: string
  version: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

/** Where Node would find package `name` from `from` (its node_modules, then its parents' up to the workspace). */
function installedDir(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dir === root || dir === dirname(dir)) throw new Error(`${name} is not installed (needed by ${from})`)
  }
}

/** Orders two plain `major.minor.patch` versions. */
const compareVersions = (a: string, b: string) => {
  const [x, y] = [a, b].map((version) => version.split('.').map((part) => Number.parseInt(part, 10)))
  for (let i = 0; i < 3; i++) if ((x?.[i] ?? 0) !== (y?.[i] ?? 0)) return (x?.[i] ?? 0) - (y?.[i] ?? 0)
  return 0
}

/**
 * Packs `names` and everything they need (dependencies and required peers, as installed in the workspace) into
 * tarballs: the registry the consumer installs from. Returns name -> tarball; one version per name (the newest
 * installed, which the overrides give to every dependent).
 */
function packClosure(names: string[], from: string): Map<string, string> {
  const dirs = new Map<string, string>()
  const visit = (name: string, requester: string) => {
    const dir = installedDir(name, requester)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest
    const seen = dirs.get(name)
    if (seen) {
      // two installed versions (one pinned, one by range): the consumer gets the newer one for both
      const version = (JSON.parse(readFileSync(join(seen, 'package.json'), 'utf8')) as Manifest).version
      if (compareVersions(manifest.version, version) <= 0) return
    }
    dirs.set(name, dir)
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
      (peer) => !manifest.peerDependenciesMeta?.[peer]?.optional,
    )
    for (const dependency of [...Object.keys(manifest.dependencies ?? {}), ...peers]) visit(dependency, dir)
  }
  for (const name of names) visit(name, from)
  // a tarball as npm publishes it (everything under package/), without the folder's own nested node_modules
  const registry = join(work, 'registry')
  mkdirSync(registry, { recursive: true })
  const tarballs = new Map<string, string>()
  for (const [name, dir] of dirs) {
    const file = join(registry, `${name.replace('@', '').replace('/', '-')}.tgz`)
    execFileSync('tar', ['-czf', file, '-C', dir, '--exclude=./node_modules', '--transform', 's,^\\.,package,', '.'])
    tarballs.set(name, file)
  }
  return tarballs
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'nexus-sdk-package-'))
}, 10_000)

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('the packed package', () => {
  it('installs outside the workspace, type-checks and runs against the local chain', async () => {
    const abi = stage('abi')
    const sdk = stage('sdk')
    const files = execFileSync('tar', ['-tzf', sdk], { encoding: 'utf8' })
    expect(files).toContain('package/dist/exports/index.js')
    expect(files).toContain('package/dist/exports/index.d.ts')
    expect(files).not.toContain('.test.')
    expect(files).not.toContain('package/src/')

    // viem (the peer every entry needs) and @wagmi/core (the optional peer of the actions entry), with their own
    // dependencies, packed from the workspace's installation
    const thirdParty = packClosure(['viem', '@wagmi/core'], join(libs, 'sdk'))
    const tarballs = { ...Object.fromEntries([...thirdParty].map(([name, file]) => [name, `file:${file}`])) }
    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'consumer',
        private: true,
        type: 'module',
        dependencies: {
          '@nexus/abi': `file:${abi}`,
          '@nexus/sdk': `file:${sdk}`,
          viem: tarballs.viem,
          '@wagmi/core': tarballs['@wagmi/core'],
        },
        overrides: { ...tarballs, '@nexus/abi': `file:${abi}` },
      }),
    )
    // --offline with an empty cache of its own: npm may not fetch anything, so each package must be a tarball above
    npm(
      ['install', '--offline', '--cache', join(work, 'empty-cache'), '--no-audit', '--no-fund', '--ignore-scripts'],
      app,
    )
    expect(readdirSync(join(app, 'node_modules', '@nexus')).sort()).toEqual(['abi', 'sdk'])

    cpSync(join(import.meta.dirname, '..', '_test', 'package', 'consumer.ts'), join(app, 'consumer.ts'))
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          allowImportingTsExtensions: true,
          erasableSyntaxOnly: true,
          skipLibCheck: true,
          lib: ['ES2023', 'DOM'],
          types: [],
        },
        files: ['consumer.ts', 'env.d.ts'],
      }),
    )
    writeFileSync(join(app, 'env.d.ts'), 'declare const process: { env: Record<string, string | undefined> }\n')
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' })

    const client = await fundedClient()
    const token = await deploy(client, testContract('TestToken'), ['Tether USD', 'USDT', 18])
    const key = generatePrivateKey()
    const owner = privateKeyToAccount(key).address
    await client.setBalance({ address: owner, value: parseEther('10') })
    await client.writeContract({
      address: token,
      abi: testContract('TestToken').abi,
      functionName: 'mint',
      args: [owner, parseEther('1234.56789')],
    })
    const output = execFileSync(process.execPath, ['consumer.ts'], {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, RPC_URL: inject('rpcUrl'), TOKEN: token, PRIVATE_KEY: key, NODE_OPTIONS: '' },
    })
    expect(JSON.parse(output)).toEqual({
      approved: true,
      balance: '1,234.5678',
      allowance: (10n ** 38n).toString(),
      gasAboveEstimate: true,
      separator: 'The amount contains a separator.',
      failure: { kind: 'contractError', errorName: 'ERC20InsufficientBalance', message: 'Balance Insufficient' },
      short: 11,
      abis: true,
      actions: { balance: '1233.06789', symbol: 'USDT', simulated: true, after: '1231.56789' },
    })
  }, 900_000)
})
