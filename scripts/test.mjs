// `npm test`: every check of the repository, then one summary line `N passed, N failed`.
//
// 1. installs what the checks need from the system's package manager when missing (Chromium for browser
//    tests, PostgreSQL 15 server binaries), when running as root (as on CI);
// 2. starts a throwaway PostgreSQL 15 cluster (TEST_DATABASE_URL) and stops it at the end;
// 3. checks formatting (Prettier, TypeScript and Solidity);
// 4. runs through Nx, with its cache: lint, typecheck, test and e2e of every project, generated code first;
// 5. sums the test results that every project's test target writes to dist/test-results/<name>.json.
// A failed check that has no test count (format, lint, typecheck, a crashed runner) counts as one failure,
// so the summary can never read "0 failed" when the exit code is not 0.
//
// Options: `--projects a,b` limits Nx to those projects; `--skip-format`; `--targets lint,test`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startPostgres } from './lib/pg.mjs'
import { ensureChromium } from './lib/chromium.mjs'
import { failedTests } from './lib/failures.mjs'
import { nxBin, root } from './lib/paths.mjs'

const { values } = parseArgs({
  options: {
    projects: { type: 'string' },
    targets: { type: 'string', default: 'lint,typecheck,test,e2e' },
    'skip-format': { type: 'boolean', default: false },
  },
})

const resultsDir = join(root, 'dist', 'test-results')
const failures = []
const say = (message) => process.stdout.write(`\n[test] ${message}\n`)

function run(name, command, args, env = {}) {
  say(`${name}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const ok = result.status === 0
  say(`${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`)
  if (!ok) failures.push(name)
  return ok
}

function readResults() {
  if (!existsSync(resultsDir)) return []
  return readdirSync(resultsDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.json$/, '')
      try {
        const data = JSON.parse(readFileSync(join(resultsDir, file), 'utf8'))
        return {
          name,
          passed: Number(data.numPassedTests ?? 0),
          failed: Number(data.numFailedTests ?? 0) + (data.success === false && !data.numFailedTests ? 1 : 0),
          skipped: Number(data.numPendingTests ?? 0) + Number(data.numTodoTests ?? 0),
          failedTests: failedTests(data).map((report) => report.replaceAll(`${root}/`, '')),
        }
      } catch (error) {
        return { name, passed: 0, failed: 1, skipped: 0, error: `unreadable results: ${error.message}` }
      }
    })
}

/** Projects whose Nx configuration has a `test` (or `e2e`) target must each leave a results file. */
function expectedResultFiles(targets) {
  const expected = []
  const stack = [root]
  while (stack.length) {
    const dir = stack.pop()
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist')
        continue
      const path = join(dir, entry.name)
      const projectFile = join(path, 'project.json')
      if (existsSync(projectFile)) {
        const project = JSON.parse(readFileSync(projectFile, 'utf8'))
        for (const target of ['test', 'e2e']) {
          if (targets.includes(target) && project.targets?.[target]) {
            expected.push(target === 'test' ? project.name : `${project.name}-e2e`)
          }
        }
      }
      if (dir === root) stack.push(path)
    }
  }
  return expected
}

/**
 * Runs Nx, streaming its output, and returns the tasks it lists under "Failed tasks:" (for example
 * `contracts:lint`), so that a failed lint or typecheck counts even when tests fail too.
 */
function runNx(args, env) {
  say(`nx: ${[nxBin, ...args].join(' ')}`)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [nxBin, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Nx prints its summary ("Failed tasks: ...") on either stream: keep the tail of both.
    let output = ''
    const keep = (target) => (chunk) => {
      target.write(chunk)
      output = (output + chunk).slice(-200_000)
    }
    child.stdout.on('data', keep(process.stdout))
    child.stderr.on('data', keep(process.stderr))
    child.on('close', (code) => {
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '')
      const section = plain.split(/Failed tasks:/)[1] ?? ''
      const tasks = [...section.matchAll(/^\s*-\s+([\w@/.-]+:[\w-]+)/gm)].map((m) => m[1])
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      say(`nx: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s`)
      if (code !== 0) failures.push('nx')
      resolve(tasks)
    })
  })
}

let failedTasks = []
const targets = values.targets.split(',').filter(Boolean)
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

let postgres
const cleanup = () => {
  postgres?.stop()
  postgres = undefined
}
process.on('SIGINT', () => {
  cleanup()
  process.exit(130)
})
process.on('SIGTERM', () => {
  cleanup()
  process.exit(143)
})

try {
  if (targets.includes('e2e')) ensureChromium()
  postgres = await startPostgres()
  say(`PostgreSQL 15 test cluster at ${postgres.url}`)

  if (!values['skip-format']) {
    run('format', process.execPath, [
      join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
      '--check',
      '.',
      '--log-level',
      'warn',
    ])
  }
  const nxArgs = ['run-many', '-t', ...targets, '--outputStyle=stream', '--parallel=2']
  if (values.projects) nxArgs.push('-p', ...values.projects.split(','))
  failedTasks = await runNx(nxArgs, {
    TEST_DATABASE_URL: postgres.url,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_TUI: 'false',
    CI: process.env.CI ?? 'true',
  })
} finally {
  cleanup()
}

const results = readResults()
const found = new Set(results.map((r) => r.name))
const expected = values.projects
  ? expectedResultFiles(targets).filter((name) =>
      values.projects.split(',').some((p) => name === p || name === `${p}-e2e`),
    )
  : expectedResultFiles(targets)
for (const name of expected) {
  if (!found.has(name)) results.push({ name, passed: 0, failed: 1, skipped: 0, error: 'no test results written' })
}

// The failed tests first, named, so that the last lines of a log (all that a CI page may show) say which ones.
const failedReports = results.flatMap((r) => (r.failedTests ?? []).map((report) => `${r.name}: ${report}`))
if (failedReports.length) {
  say('failed tests')
  for (const report of failedReports.slice(0, 20)) process.stdout.write(`${report.replace(/^/gm, '  ')}\n\n`)
  if (failedReports.length > 20) process.stdout.write(`  … and ${failedReports.length - 20} more\n`)
}

say('results')
const width = Math.max(10, ...results.map((r) => r.name.length))
for (const r of results) {
  const line = `${r.name.padEnd(width)}  ${String(r.passed).padStart(5)} passed  ${String(r.failed).padStart(3)} failed  ${String(r.skipped).padStart(3)} skipped`
  process.stdout.write(`  ${line}${r.error ? `  (${r.error})` : ''}\n`)
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const testFailures = results.reduce((sum, r) => sum + r.failed, 0)
const skipped = results.reduce((sum, r) => sum + r.skipped, 0)
// Checks without their own counts (format, lint, typecheck) that failed count once each.
const failedChecks =
  failures.filter((name) => name !== 'nx').length + (failures.includes('nx') && testFailures === 0 ? 1 : 0)
const failed = testFailures + failedChecks
if (failures.length)
  process.stdout.write(
    `  failed steps: ${[...failures.filter((f) => f !== 'nx'), ...failedTasks].join(', ') || 'nx'}\n`,
  )
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`)
process.exit(failed > 0 || failures.length > 0 ? 1 : 0)
