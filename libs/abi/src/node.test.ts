import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { assertRpcChain, SettingsError, loadDeployment, parseRpcUrls } from './node.ts'
import { DeploymentFileError } from './parseDeployment.ts'

const dir = mkdtempSync(join(tmpdir(), 'abi-node-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const main = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', blockNumber: 12 }

describe('loadDeployment', () => {
  it('reads and checks DEPLOYMENTS_FILE', () => {
    const file = join(dir, '97.json')
    writeFileSync(file, JSON.stringify({ chainId: 97, contracts: { Main: main } }))
    expect(loadDeployment({ chainId: 97, file, required: ['Main'] }).contracts.Main).toEqual(main)
    expect(() => loadDeployment({ chainId: 97, file })).toThrow(/97\.json: lacks Token, USDT/)
    expect(() => loadDeployment({ chainId: 56, file, required: ['Main'] })).toThrow('is for chain 97, not for chain 56')
  })

  it('names a missing or broken file', () => {
    expect(() => loadDeployment({ chainId: 97, file: join(dir, 'none.json') })).toThrow(DeploymentFileError)
    expect(() => loadDeployment({ chainId: 97, file: join(dir, 'none.json') })).toThrow(/none\.json does not exist/)
    writeFileSync(join(dir, 'bad.json'), '{')
    expect(() => loadDeployment({ chainId: 97, file: join(dir, 'bad.json') })).toThrow(/bad\.json is not JSON/)
  })

  it('says how to point a service at a chain it was not built with', () => {
    expect(() => loadDeployment({ chainId: 424242 })).toThrow(
      /No deployment is known for chain 424242\..* Or set DEPLOYMENTS_FILE to the chain's deployments file\./,
    )
  })
})

describe('parseRpcUrls', () => {
  it('reads one URL or several, defaults to the local node on the local chain only', () => {
    expect(parseRpcUrls(undefined, 31337)).toEqual(['http://127.0.0.1:8545'])
    expect(parseRpcUrls(' https://a.example/rpc, https://b.example/rpc,https://a.example/rpc', 97)).toEqual([
      'https://a.example/rpc',
      'https://b.example/rpc',
    ])
    expect(() => parseRpcUrls('', 97)).toThrow(SettingsError)
    expect(() => parseRpcUrls(undefined, 56)).toThrow('RPC_URL is required on chain 56')
    expect(() => parseRpcUrls('https://a.example,ws://b.example', 97)).toThrow('(got "ws://b.example")')
  })
})

describe('assertRpcChain', () => {
  it('accepts a node of the chain and names one of another chain or none', async () => {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x61' }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const url = `http://127.0.0.1:${port}`
    try {
      await expect(assertRpcChain([url], 97)).resolves.toBeUndefined()
      await expect(assertRpcChain([url], 56)).rejects.toThrow(
        `The RPC endpoint ${url} serves chain 97, but CHAIN_ID is 56`,
      )
      await expect(assertRpcChain(['http://127.0.0.1:9'], 97, 2_000)).rejects.toThrow(
        'The RPC endpoint http://127.0.0.1:9 does not answer eth_chainId',
      )
    } finally {
      server.close()
    }
  })
})
