// Packs @nexus/abi and @nexus/sdk as they would be published, installs the tarballs into a new project outside
// the workspace, type-checks a consumer program against them and runs it on the local chain. The packages are
// built into a staging folder (dist/ of the workspace is left alone).
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

    const app = join(work, 'app')
    mkdirSync(app)
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({
        name: 'consumer',
        private: true,
        type: 'module',
        dependencies: { '@nexus/abi': `file:${abi}`, '@nexus/sdk': `file:${sdk}`, viem: '2.57.1' },
        overrides: { '@nexus/abi': `file:${abi}` },
      }),
    )
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], app)
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
    })
  }, 300_000)
})
