import { spawn } from 'node:child_process'
import type { Address } from 'viem'
import { contractsDir, systemChainScript } from './startHardhatNode.ts'

export type SystemChain = {
  /** JSON-RPC endpoint of the in-process chain. */
  url: string
  /** Every deployed contract by name (Main, Token, USDT, Burn, Mining, Fomo, SuperFomo, …). */
  contracts: Record<string, Address>
  /** Ends the chain's process (and only it). */
  stop: () => Promise<void>
}

/**
 * Deploys the whole system on a fresh chain in a child process ({@link systemChainScript}) and resolves once it
 * serves JSON-RPC. `seed: false` skips the local seed (faster; the tests make their own activity).
 */
export async function startSystemChain({ seed = true }: { seed?: boolean } = {}): Promise<SystemChain> {
  const child = spawn(process.execPath, ['--conditions=@nexus/source', systemChainScript], {
    cwd: contractsDir,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true', SYSTEM_SEED: seed ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  let output = ''
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4_000)))
  const started = await new Promise<{ url: string; contracts: Record<string, Address> }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((l) => l.startsWith('{'))
      if (line && output.includes('\n'))
        resolve(JSON.parse(line) as { url: string; contracts: Record<string, Address> })
    })
    child.once('exit', (code) => reject(new Error(`system chain exited with ${code}:\n${errors}`)))
  })
  return { ...started, stop }
}
