#!/usr/bin/env node
// Entry point of the README's commands (`npm start`, `npm test`) and of `.ci/run`.
//
// It must work on a fresh machine whose system Node is older than the project needs
// (Hardhat 3 needs >= 22.13; Debian's is 20), with nothing installed but git, Node and npm.
// So this file uses only Node built-ins and syntax that Node 18 understands. It:
//   1. bootstraps the Node version of `.nvmrc` from the npm registry (package `node@<version>`)
//      into the git-ignored `.tools/` folder when the running Node is too old, and re-runs itself with it;
//   2. runs `npm ci` when `node_modules` is missing or older than `package-lock.json`;
//   3. hands over to `scripts/start.mjs`, `scripts/test.mjs` or `nx`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { constants } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const wanted = readFileSync(join(root, '.nvmrc'), 'utf8').trim()
const minimum = [22, 13, 0]
const toolsDir = join(root, '.tools')
const nodeDir = join(toolsDir, `node-${wanted}`)
const nodeBin = join(nodeDir, 'node_modules', 'node', 'bin', 'node')

function log(message) {
  process.stderr.write(`[run] ${message}\n`)
}

// A terminal's Ctrl-C reaches every process of its foreground group, this one too. The child it runs handles it
// (start.mjs stops the services, then the chain and the database): this process waits for the child and exits
// with its code, instead of dying first and leaving npm to report a command killed by SIGINT.
process.on('SIGINT', () => undefined)

function versionTuple(version) {
  return version.replace(/^v/, '').split('.').map(Number)
}

function atLeast(version, min) {
  const v = versionTuple(version)
  for (let i = 0; i < 3; i++) {
    if (v[i] !== min[i]) return v[i] > min[i]
  }
  return true
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options })
  if (result.error) throw result.error
  return result.status ?? 1
}

/**
 * Runs a long command (the re-run with the bootstrapped Node, start, test, nx) and resolves with its exit code.
 * A SIGTERM or SIGHUP sent to this process (a process manager stopping `npm start`) is passed on to the child, which
 * stops what it started (start.mjs: the services, the chain, the database); a terminal's Ctrl-C already reaches it.
 */
function runForwarding(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options })
    const forward = (signal) => child.kill(signal)
    process.on('SIGTERM', forward)
    process.on('SIGHUP', forward)
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward)
      process.off('SIGHUP', forward)
      resolve(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1))
    })
  })
}

function ensureNode() {
  if (atLeast(process.version, minimum)) return null
  if (!existsSync(nodeBin)) {
    log(`Node ${process.version} is older than ${minimum.join('.')}: installing Node ${wanted} into ${nodeDir}`)
    mkdirSync(nodeDir, { recursive: true })
    writeFileSync(join(nodeDir, 'package.json'), '{"private":true}\n')
    // The `node` package's own preinstall only picks the platform package, which npm installs anyway.
    const status = run('npm', [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      nodeDir,
      `node@${wanted}`,
    ])
    if (status !== 0 || !existsSync(nodeBin)) {
      log(`could not install node@${wanted} from the npm registry (exit ${status})`)
      process.exit(1)
    }
  }
  return nodeBin
}

const nodeFromTools = ensureNode()
if (nodeFromTools) {
  // Re-run this script with the bootstrapped Node; its folder goes first on PATH so that npm,
  // npx and every child process use it too.
  const env = { ...process.env, PATH: `${dirname(nodeFromTools)}:${process.env.PATH}` }
  process.exit(await runForwarding(nodeFromTools, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { env }))
}

// From here on the running Node is recent enough. Child processes must see the same Node first on PATH, and
// the system folders that apt, dpkg and runuser need even when the caller's PATH is minimal.
const systemDirs = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']
const pathDirs = (process.env.PATH ?? '').split(':').filter(Boolean)
process.env.PATH = [
  dirname(process.execPath),
  ...pathDirs,
  ...systemDirs.filter((dir) => !pathDirs.includes(dir)),
].join(':')
process.env.NX_NO_CLOUD = 'true'
process.env.NX_DAEMON = process.env.NX_DAEMON ?? 'false'
process.env.HARDHAT_DISABLE_TELEMETRY = 'true'
process.env.NX_TUI = 'false'

/**
 * True when node_modules holds what package-lock.json asks for. npm records what it installed in
 * node_modules/.package-lock.json; compare the two package by package (optional packages for other
 * platforms are never installed, so their absence is fine).
 */
function dependenciesInstalled() {
  const hidden = join(root, 'node_modules', '.package-lock.json')
  if (!existsSync(hidden)) return false
  try {
    const wanted = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages ?? {}
    const have = JSON.parse(readFileSync(hidden, 'utf8')).packages ?? {}
    for (const [path, meta] of Object.entries(wanted)) {
      if (path === '' || !path.includes('node_modules/')) continue
      const installed = have[path]
      if (!installed) {
        if (meta.optional) continue
        return false
      }
      if (meta.version && installed.version !== meta.version) return false
    }
    return true
  } catch {
    return false
  }
}

function ensureDependencies() {
  if (process.env.NEXUS_SKIP_INSTALL === '1' || dependenciesInstalled()) return
  log('installing dependencies with npm ci')
  const status = run('npm', ['ci', '--no-audit', '--no-fund'])
  if (status !== 0) {
    log(`npm ci failed (exit ${status})`)
    process.exit(status)
  }
}

const [command = 'help', ...rest] = process.argv.slice(2)
const commands = {
  start: () => runForwarding(process.execPath, [join(root, 'scripts', 'start.mjs'), ...rest]),
  test: () => runForwarding(process.execPath, [join(root, 'scripts', 'test.mjs'), ...rest]),
  nx: () => runForwarding(process.execPath, [join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), ...rest]),
  node: () => runForwarding(process.execPath, rest),
}

if (!(command in commands)) {
  log(`usage: node scripts/run.mjs <${Object.keys(commands).join('|')}> [args...]`)
  process.exit(command === 'help' ? 0 : 2)
}
ensureDependencies()
process.exit(await commands[command]())
