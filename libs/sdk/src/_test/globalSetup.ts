// Vitest global setup: compiles the test-only contracts and starts a real Hardhat node (the same chain the app
// uses locally, chain id 31337) on a free port, from contracts/ so that it runs that project's Hardhat. Every
// test file funds fresh random accounts on it (see chain.ts), so files run in parallel without nonce clashes.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { compileTestContracts, type TestArtifact } from './compileTestContracts.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    rpcUrl: string
    testContracts: Record<string, TestArtifact>
  }
}

const contractsDir = join(import.meta.dirname, '..', '..', '..', '..', 'contracts')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

async function waitForRpc(url: string, node: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (node.exitCode !== null) throw new Error(`hardhat node exited with ${node.exitCode}:\n${output()}`)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`hardhat node did not answer on ${url} within 60 s:\n${output()}`)
}

export async function startHardhatNode() {
  const port = await freePort()
  const cli = join(
    createRequire(join(contractsDir, 'package.json')).resolve('hardhat/package.json'),
    '..',
    'dist/src/cli.js',
  )
  const node = spawn(process.execPath, [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: contractsDir,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  node.stdout.on('data', append)
  node.stderr.on('data', append)
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForRpc(url, node, () => log)
  } catch (error) {
    node.kill()
    throw error
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (node.exitCode !== null) return resolve()
      node.once('exit', () => resolve())
      node.kill('SIGTERM')
    })
  return { url, stop }
}

export default async function setup(project: TestProject) {
  project.provide('testContracts', compileTestContracts())
  const { url, stop } = await startHardhatNode()
  project.provide('rpcUrl', url)
  return stop
}
