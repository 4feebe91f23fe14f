// A small supervisor for the local product's processes: each child runs in its own process group, its
// output lines carry its name, and `stopAll()` ends every group (SIGTERM, then SIGKILL after a grace period),
// so Ctrl-C leaves no orphans behind. The services go first and the processes they depend on (`dependency: true`:
// the chain, the database) only once every service has exited, so no service meets its database or node gone
// while it shuts down.
import { spawn } from 'node:child_process'

const children = new Set()
const colors = [36, 35, 33, 32, 34, 31]
let colorIndex = 0

function prefixLines(stream, prefix, target) {
  let pending = ''
  stream.on('data', (chunk) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    for (const line of lines) target.write(`${prefix} ${line}\n`)
  })
  stream.on('end', () => {
    if (pending) target.write(`${prefix} ${pending}\n`)
  })
}

/**
 * Starts `command args` as a supervised child. Resolves once it is ready: when `ready` (an async function)
 * resolves, or at once without it. Rejects when the child exits before it is ready. `dependency`: other children
 * use it (a chain, a database), so `stopAll` stops it after them.
 *
 * @param {{ name: string, command: string, args?: string[], cwd?: string, env?: Record<string, string>,
 *   ready?: () => Promise<unknown>, quiet?: boolean, dependency?: boolean }} options
 */
export async function startProcess({
  name,
  command,
  args = [],
  cwd,
  env = {},
  ready,
  quiet = false,
  dependency = false,
}) {
  const color = colors[colorIndex++ % colors.length]
  const prefix = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m` : `[${name}]`
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const entry = { name, child, exited: false, expectedExit: false, dependency }
  children.add(entry)
  let output = ''
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  if (!quiet) {
    prefixLines(child.stdout, prefix, process.stdout)
    prefixLines(child.stderr, prefix, process.stderr)
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      entry.exited = true
      children.delete(entry)
      resolve({ code, signal })
    })
  })
  entry.exited$ = exited
  if (ready) {
    const outcome = await Promise.race([
      ready().then(() => 'ready'),
      exited.then(({ code, signal }) => ({ code, signal })),
    ])
    if (outcome !== 'ready') {
      throw new Error(
        `${name} exited before it was ready (${outcome.signal ?? `exit ${outcome.code}`}):\n${output.slice(-4000)}`,
      )
    }
  }
  return { name, child, exited, output: () => output, stop: () => stopEntry(entry) }
}

async function stopEntry(entry, graceMs = 5000) {
  if (entry.exited) return
  entry.expectedExit = true
  try {
    process.kill(-entry.child.pid, 'SIGTERM')
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-entry.child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }, graceMs)
  await entry.exited$
  clearTimeout(timer)
}

/** Stops every supervised child: the services together, then (once they have exited) their dependencies. */
export async function stopAll() {
  const entries = [...children].reverse()
  await Promise.all(entries.filter((entry) => !entry.dependency).map((entry) => stopEntry(entry)))
  await Promise.all(entries.filter((entry) => entry.dependency).map((entry) => stopEntry(entry)))
}

/** Calls `onExit(name, code)` when any supervised child exits without being asked to. */
export function watchUnexpectedExits(onExit) {
  const check = setInterval(() => {}, 1 << 30)
  for (const entry of children) {
    entry.exited$.then(({ code, signal }) => {
      if (!entry.expectedExit) onExit(entry.name, code ?? signal)
    })
  }
  return () => clearInterval(check)
}

/** Polls `probe` until it resolves truthy, or throws after `timeoutMs`. */
export async function waitFor(description, probe, { timeoutMs = 60_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs
  let lastError
  while (Date.now() < deadline) {
    try {
      if (await probe()) return
    } catch (error) {
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${description}${lastError ? `: ${lastError.message}` : ''}`,
  )
}

/** Resolves when `url` answers HTTP 2xx. */
export function httpReady(url, init) {
  return () =>
    waitFor(url, async () => {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2000) })
      return response.ok
    })
}

/** Resolves when a JSON-RPC node at `url` answers `eth_chainId`. */
export function rpcReady(url) {
  return () =>
    waitFor(url, async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(2000),
      })
      const body = await response.json()
      return typeof body.result === 'string'
    })
}
