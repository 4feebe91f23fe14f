// The indexer, the legacy API and the keeper started with BSC testnet settings (chain 97) from the environment
// alone: each checks the settings, the deployments file and the RPC endpoint before it opens anything, and stops
// with exit code 2 and a message that names what is wrong. The node is a local Hardhat node started with chain id
// 97, standing in for BSC testnet.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'testnet-services-'))
const names = ['Main', 'Token', 'USDT', 'Router', 'Pair', 'Ido', 'Nft', 'Burn', 'Log', 'Stake', 'Mining', 'Fomo']
const contracts = Object.fromEntries(
  [...names, 'SuperFomo', 'Double', 'Info'].map((name, i) => [
    name,
    { address: `0x${'97'.repeat(18)}${(0x1000 + i).toString(16)}`, blockNumber: 0 },
  ]),
)
const file = join(dir, '97.json')
writeFileSync(file, JSON.stringify({ chainId: 97, contracts }))

let node: { url: string; stop: () => Promise<void> }
beforeAll(async () => {
  const { startHardhatNode } = await import('@nexus/testing')
  node = await startHardhatNode({ chainId: 97 })
}, 120_000)
afterAll(async () => {
  await node?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs a service's main.ts with exactly `env` (nothing from this machine's environment) until it exits. */
function start(app: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--conditions=@nexus/source', join(root, 'apps', app, 'src', 'main.ts')], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

const testnet = () => ({
  CHAIN_ID: '97',
  RPC_URL: node.url,
  DEPLOYMENTS_FILE: file,
  START_BLOCK: '1',
  KEEPER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  CORS_ORIGINS: 'https://app.example.com',
  PORT: '0',
})

describe.each(['indexer', 'legacy-api', 'keeper'])('%s with BSC testnet settings', (app) => {
  it('refuses to start without RPC_URL', async () => {
    const { RPC_URL: _url, ...env } = testnet()
    const { code, output } = await start(app, env)
    expect(code).toBe(2)
    expect(output).toContain(
      "RPC_URL is required on chain 97: the default http://127.0.0.1:8545 is the local chain's node",
    )
  }, 90_000)

  it('names a missing deployments file', async () => {
    const { code, output } = await start(app, { ...testnet(), DEPLOYMENTS_FILE: join(dir, 'missing.json') })
    expect(code).toBe(2)
    expect(output).toContain(`DEPLOYMENTS_FILE ${join(dir, 'missing.json')} does not exist`)
  }, 90_000)

  it('names a deployments file of another chain', async () => {
    const other = join(dir, `56-${app}.json`)
    writeFileSync(other, JSON.stringify({ chainId: 56, contracts }))
    const { code, output } = await start(app, { ...testnet(), DEPLOYMENTS_FILE: other })
    expect(code).toBe(2)
    expect(output).toContain(`${other}: is for chain 56, not for chain 97`)
  }, 90_000)

  it('names an RPC endpoint of another chain', async () => {
    const { code, output } = await start(app, { ...testnet(), CHAIN_ID: '56', DEPLOYMENTS_FILE: join(dir, 'x.json') })
    expect(code).toBe(2)
    // the deployments file is checked first; with one for 56 the node's chain is named
    expect(output).toMatch(/x\.json does not exist|serves chain 97, but CHAIN_ID is 56/)
    const for56 = join(dir, `56b-${app}.json`)
    writeFileSync(for56, JSON.stringify({ chainId: 56, contracts }))
    const second = await start(app, { ...testnet(), CHAIN_ID: '56', DEPLOYMENTS_FILE: for56 })
    expect(second.code).toBe(2)
    expect(second.output).toContain(`The RPC endpoint ${node.url} serves chain 97, but CHAIN_ID is 56`)
  }, 90_000)
})
