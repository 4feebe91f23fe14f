import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { ChainBuildError, resolveChainBuild } from './chainBuild.ts'

const webRoot = join(import.meta.dirname, '..', '..')
const workspaceRoot = join(webRoot, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'web-chain-build-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A deployments file for a stand-in of BSC testnet: every contract the deploy step writes, at distinct addresses. */
const names = ['Main', 'Token', 'USDT', 'Router', 'Pair', 'Ido', 'Nft', 'Burn', 'Log', 'Stake', 'Mining', 'Fomo']
const allNames = [...names, 'SuperFomo', 'Double', 'Info', 'Timelock', 'Multicall3']
const addressOf = (i: number) => `0x${'5eed'.repeat(9)}${(0x1000 + i).toString(16)}`
const deployment = {
  chainId: 97,
  contracts: Object.fromEntries(allNames.map((name, i) => [name, { address: addressOf(i), blockNumber: 1000 + i }])),
}
const deploymentsFile = join(dir, '97.json')
writeFileSync(deploymentsFile, JSON.stringify(deployment, null, 2))

const testnet = {
  VITE_CHAIN_ID: '97',
  VITE_RPC_URL: 'https://rpc-one.example/bsc-testnet, https://rpc-two.example/bsc-testnet',
  VITE_GRAPHQL_URL: 'https://indexer.example/graphql',
  VITE_LEGACY_API_URL: 'https://legacy.example',
  DEPLOYMENTS_FILE: deploymentsFile,
}
const resolveFor = (raw: Record<string, string | undefined>, command: 'build' | 'serve' = 'build') =>
  resolveChainBuild(raw, { command, workspaceRoot })

describe('resolveChainBuild', () => {
  it('takes a public chain build from its deployments file, without the development wallet', () => {
    const build = resolveFor(testnet, 'serve')
    expect(build).toMatchObject({ chainId: 97, devWallet: false })
    expect(build.deployment?.contracts.Main?.address).toBe(addressOf(0))
  })

  it('keeps local builds as they were', () => {
    expect(resolveFor({})).toEqual({ chainId: 31337, devWallet: false, deployment: null })
    expect(resolveFor({ VITE_DEV_WALLET: 'true' }).devWallet).toBe(true)
    expect(resolveFor({}, 'serve').devWallet).toBe(true)
  })

  it.each([
    [{ VITE_RPC_URL: undefined }, /set VITE_RPC_URL to the chain's JSON-RPC endpoints/],
    [
      { VITE_RPC_URL: 'https://a.example/rpc,http://b.example/rpc' },
      /the RPC URL http:\/\/b.example\/rpc must use https/,
    ],
    [{ VITE_GRAPHQL_URL: undefined }, /set VITE_GRAPHQL_URL/],
    [
      { VITE_GRAPHQL_URL: 'http://indexer.example/graphql' },
      /VITE_GRAPHQL_URL http:\/\/indexer.example\/graphql must use https/,
    ],
    [{ VITE_LEGACY_API_URL: undefined }, /set VITE_LEGACY_API_URL/],
    [{ VITE_LEGACY_API_URL: 'http://legacy.example' }, /VITE_LEGACY_API_URL http:\/\/legacy.example\/ must use https/],
    [{ VITE_DEV_WALLET: 'true' }, /VITE_DEV_WALLET=true is for the local chain only/],
    [{ DEPLOYMENTS_FILE: join(dir, 'missing.json') }, /no deployments file at .*missing\.json: deploy the contracts/],
  ])('refuses %o with a clear message', (change, message) => {
    expect(() => resolveFor({ ...testnet, ...change })).toThrow(ChainBuildError)
    expect(() => resolveFor({ ...testnet, ...change })).toThrow(message)
  })

  it('refuses a deployments file of another chain or an unfinished deployment', () => {
    const other = join(dir, 'other.json')
    writeFileSync(other, JSON.stringify({ ...deployment, chainId: 56 }))
    expect(() => resolveFor({ ...testnet, DEPLOYMENTS_FILE: other })).toThrow(/is for chain 56, not for chain 97/)
    const { Pair: _pair, ...partial } = deployment.contracts
    writeFileSync(other, JSON.stringify({ chainId: 97, contracts: partial }))
    expect(() => resolveFor({ ...testnet, DEPLOYMENTS_FILE: other })).toThrow(/lacks Pair/)
    writeFileSync(other, '{ not json')
    expect(() => resolveFor({ ...testnet, DEPLOYMENTS_FILE: other })).toThrow(/is not JSON/)
  })
})

describe('a build for a stand-in of BSC testnet (vite build)', () => {
  const outDir = join(dir, 'dist')
  const run = promisify(execFile)
  const vite = join(workspaceRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  const build = (env: Record<string, string>) =>
    run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: webRoot,
      // only what the operator sets: nothing from the machine that runs the test
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', CI: 'true', ...env },
      maxBuffer: 64 * 1024 * 1024,
    })
  const javascript = () =>
    readdirSync(join(outDir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(outDir, 'assets', file), 'utf8'))
      .join('\n')

  it('fails before bundling when the deployments file is missing', async () => {
    await expect(build({ ...testnet, DEPLOYMENTS_FILE: join(dir, 'nowhere', '97.json') })).rejects.toThrow(
      /Web build for chain 97 \(BNB Smart Chain testnet\): no deployments file at .*nowhere\/97\.json/,
    )
  }, 120_000)

  it('holds the deployment, the RPC URLs and BscScan links, and no development wallet', async () => {
    await build(testnet)
    const code = javascript()
    for (const marker of ['devWallet.account', 'The development wallet only knows', 'app-devwallet', 'hardhat_']) {
      expect(code, marker).not.toContain(marker)
    }
    expect(code).toContain('https://rpc-one.example/bsc-testnet')
    expect(code).toContain('https://rpc-two.example/bsc-testnet')
    expect(code).toContain('https://indexer.example/graphql')
    expect(code).toContain('https://testnet.bscscan.com')
    for (const { address } of Object.values(deployment.contracts)) expect(code).toContain(address)
    // `@nexus/abi`'s generated deployments (the local chain's) are not in it: only the file the build was made from
    expect(code).not.toContain('No deployment is known for chain')
  }, 600_000)
})
