// The whole system on a private chain for the system test: run with the contracts project as the working
// directory (its Hardhat config), it deploys everything as contracts/scripts/deploy.ts does (its deploySystem: the
// local stand-ins, the Ignition module Nexus, then the Contracts II and III deploy parts) on an in-process chain,
// runs the local seed (contracts/scripts/seed/run.ts), and serves the chain over JSON-RPC on a free port. It writes
// no file: neither libs/abi/deployments nor an Ignition journal. Prints one line `{"url": ..., "contracts": {name:
// address}}` and serves until killed.
import { createServer } from 'node:http'
import { join } from 'node:path'
import { network } from 'hardhat'
import type { Address } from 'viem'
import { contractsDir } from './startHardhatNode.ts'

// @dev Loaded by path: their types come from the contracts project's Hardhat plugins, which this project's
// typecheck does not load; the shapes used here are declared below.
type Connection = {
  provider: { request: (request: { method: string; params: unknown[] }) => Promise<unknown> }
}
const load = async <T>(path: string) => (await import(join(contractsDir, path))) as T
const { readDeploymentSettings } = await load<{ readDeploymentSettings: (chainId: number) => unknown }>(
  'config/deployment.ts',
)
const { deploySystem } = await load<{
  deploySystem: (
    connection: Connection,
    settings: unknown,
  ) => Promise<{ contracts: Record<string, { address: Address }> }>
}>('scripts/deploy/system.ts')
const { seed } = await load<{ seed: (connection: Connection, addresses: Record<string, Address>) => Promise<unknown> }>(
  'scripts/seed/run.ts',
)

const connection = (await network.create()) as unknown as Connection
const deployed = await deploySystem(connection, readDeploymentSettings(31337))
const contracts = Object.fromEntries(Object.entries(deployed.contracts).map(([name, c]) => [name, c.address]))
if (process.env.SYSTEM_SEED !== '0') await seed(connection, contracts)

type Request = { id?: unknown; method: string; params?: unknown[] }
const answer = async ({ id, method, params }: Request) => {
  try {
    return { jsonrpc: '2.0', id, result: await connection.provider.request({ method, params: params ?? [] }) }
  } catch (error) {
    return { jsonrpc: '2.0', id, error: { code: -32000, message: (error as Error).message } }
  }
}
const server = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk: Buffer) => (body += chunk.toString()))
  request.on('end', () => {
    void (async () => {
      const parsed = JSON.parse(body) as Request | Request[]
      const result = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(result))
    })()
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, contracts })}\n`)
})
