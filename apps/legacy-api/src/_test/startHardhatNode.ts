import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'

/** The repository's contracts project (its Hardhat config and artifacts). */
export const contractsDir = resolve(import.meta.dirname, '../../../../contracts')

async function freePort(): Promise<number> {
  return await new Promise((resolvePort, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export type HardhatNode = { url: string; port: number; stop: () => Promise<void> }

/** Starts a real Hardhat node (chain id 31337) on a free port for one test file; `stop` ends that process only. */
export async function startHardhatNode(): Promise<HardhatNode> {
  const port = await freePort()
  const require = createRequire(join(contractsDir, 'package.json'))
  const cli = join(dirname(require.resolve('hardhat/package.json')), 'dist', 'src', 'cli.js')
  const child = spawn(process.execPath, [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: contractsDir,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`hardhat node did not start in 60 s:\n${output}`)), 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Started HTTP')) {
        clearTimeout(timer)
        resolveStart()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`hardhat node exited with ${code}:\n${output}`))
    })
  })
  // Keep draining its output so the pipe never fills.
  child.stdout.removeAllListeners('data').resume()
  child.stderr.removeAllListeners('data').resume()
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}
