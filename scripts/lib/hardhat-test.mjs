// Runs `hardhat test` for the contracts project, streams its output, and records the counts it prints
// ("N passing", "N failing") in dist/test-results/<project>.json, the shape the test command sums up.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { failureReports } from './failures.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const [project = 'contracts', ...args] = process.argv.slice(2)
const cwd = join(root, project)
const child = spawn(
  process.execPath,
  [join(root, 'node_modules', 'hardhat', 'dist', 'src', 'cli.js'), 'test', ...args],
  {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, FORCE_COLOR: '0' },
  },
)
let output = ''
child.stdout.on('data', (chunk) => {
  output += chunk
  process.stdout.write(chunk)
})
child.on('close', (code) => {
  const count = (word) =>
    Number(
      /^\s*(\d+) (?:passing|failing|pending)/m.test(output)
        ? (output.match(new RegExp(`^\\s*(\\d+) ${word}`, 'm'))?.[1] ?? 0)
        : 0,
    )
  const passed = count('passing')
  // A crash before the summary counts as one failure, so that it can never read as a clean run.
  const failed = count('failing') + (code !== 0 && count('failing') === 0 ? 1 : 0)
  const file = join(root, 'dist', 'test-results', `${project}.json`)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(
    file,
    JSON.stringify({
      numPassedTests: passed,
      numFailedTests: failed,
      numPendingTests: count('pending'),
      failures: failureReports(output),
    }) + '\n',
  )
  process.exit(code ?? 1)
})
