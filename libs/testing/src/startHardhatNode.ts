import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'

/** The repository's contracts project: its Hardhat config, sources, scripts and artifacts. */
export const contractsDir = resolve(import.meta.dirname, '../../../contracts')

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export async function freePort(): Promise<number> {
  return await new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port')),
      )
    })
  })
}

export type HardhatNode = {
  /** JSON-RPC endpoint, e.g. http://127.0.0.1:41234. */
  url: string
  port: number
  /** The node's recent output (the last 20,000 characters), for error messages. */
  output(): string
  /** Ends this node's process (and only it); resolves once it has exited. */
  stop(): Promise<void>
}

export type StartHardhatNodeOptions = {
  /** How long the node may take to answer JSON-RPC. @default 60_000 */
  timeoutMs?: number
  /** The chain id the node reports, e.g. 97 to stand in for BSC testnet. @default 31337 */
  chainId?: number
}

/**
 * Starts a real Hardhat node (EDR, chain id 31337, the unlocked development accounts) from `contracts/` on a free
 * port, and resolves once it answers `eth_chainId`. For one test file, a global setup or a benchmark.
 *
 * @example
 * const node = await startHardhatNode()
 * try { ... createPublicClient({ transport: http(node.url) }) ... } finally { await node.stop() }
 */
export async function startHardhatNode({
  timeoutMs = 60_000,
  chainId,
}: StartHardhatNodeOptions = {}): Promise<HardhatNode> {
  const port = await freePort()
  const cli = join(
    dirname(createRequire(join(contractsDir, 'package.json')).resolve('hardhat/package.json')),
    'dist/src/cli.js',
  )
  const args = [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)]
  if (chainId !== undefined) args.push('--chain-id', String(chainId))
  const child = spawn(process.execPath, args, {
    cwd: contractsDir,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Keep draining its output (a full pipe would stall the node), remembering the end for error messages.
  let log = ''
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', append)
  child.stderr.on('data', append)
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForChainId(
      url,
      () => child.exitCode,
      timeoutMs,
      () => log,
    )
  } catch (error) {
    await stop()
    throw error
  }
  return { url, port, output: () => log, stop }
}

async function waitForChainId(url: string, exitCode: () => number | null, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exitCode() !== null) throw new Error(`hardhat node exited with ${exitCode()}:\n${log()}`)
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
    await new Promise((resolveWait) => setTimeout(resolveWait, 200))
  }
  throw new Error(`hardhat node did not answer on ${url} within ${timeoutMs} ms:\n${log()}`)
}

/**
 * The script that deploys the whole system (as contracts/scripts/deploy.ts does) and the local seed on an
 * in-process chain, then serves it over JSON-RPC on a free port and prints `{"url": ..., "contracts": {...}}`.
 * Run it with Node (`--conditions=@nexus/source`) from {@link contractsDir}; `SYSTEM_SEED=0` skips the seed.
 */
export const systemChainScript = join(import.meta.dirname, 'systemChain.ts')
