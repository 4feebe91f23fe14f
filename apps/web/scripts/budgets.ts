// Prints the web app's budgets:
//  - JavaScript (gzip) of the first load of / and what each route's chunk adds (goal: under FIRST_LOAD_GOAL_KB of
//    lib/bundleBudget.ts for /; a miss exits with status 1);
//  - JSON-RPC HTTP requests per refresh cycle and the reads they carry, as counted by the browser test
//    e2e/refresh.e2e.test.ts (goal: 1 read request per new block, 0 without one).
//   node scripts/budgets.ts [build folder]   (default: the e2e production build, else dist/)
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIRST_LOAD_GOAL_KB, gzipKb as gzipKbOf, measureBuild } from './lib/bundleBudget.ts'

const webRoot = join(import.meta.dirname, '..')
const candidates = [process.argv[2], join(webRoot, '..', '..', 'dist', 'web-e2e-prod'), join(webRoot, 'dist')]
const dir = candidates.find((candidate) => candidate && existsSync(join(candidate, '.vite', 'manifest.json')))
if (!dir) {
  console.error('No build with a manifest found: run `npx vite build` (or the browser tests) first.')
  process.exit(1)
}
const plan = measureBuild(dir, webRoot)
const gzipKb = (files: readonly string[], ext = '.js') => gzipKbOf(dir, files, ext)

const kb = (value: number) => `${value.toFixed(1)} KB`
const firstLoad = gzipKb(plan.firstLoad)
console.log(`Build: ${dir}`)
console.log(
  `First load of / : ${kb(firstLoad)} JavaScript gzip (${plan.firstLoad.filter((f) => f.endsWith('.js')).length} files), ` +
    `${kb(gzipKb(plan.firstLoad, '.css'))} CSS gzip; goal ≤ ${FIRST_LOAD_GOAL_KB} KB: ${firstLoad <= FIRST_LOAD_GOAL_KB ? 'met' : 'MISSED'}`,
)
console.log('Per route (JavaScript gzip a visit adds to the first load; / shows its own chunks):')
for (const { route, files } of plan.routes) console.log(`  ${route.padEnd(15)} ${kb(gzipKb(files)).padStart(9)}`)
// A missed goal fails the script (the browser tests assert it too: e2e/bundle.e2e.test.ts).
if (firstLoad > FIRST_LOAD_GOAL_KB) process.exitCode = 1

const refresh = join(webRoot, '..', '..', 'dist', 'test-results', 'web-refresh-budget.json')
if (existsSync(refresh)) {
  const figures = JSON.parse(readFileSync(refresh, 'utf8')) as Record<string, number | string>
  console.log(`Refresh cycle on ${figures.page} (browser test):`)
  console.log(`  reads per cycle                         ${figures.readsPerCycle}`)
  console.log(
    `  with a new block: HTTP requests ${figures.httpRequestsPerCycleWithNewBlock} (block poll + ${figures.readRequestsPerCycleWithNewBlock} read request; goal 1 read request)`,
  )
  console.log(
    `  without a new block: HTTP requests ${figures.httpRequestsPerCycleWithoutNewBlock} (block poll only, ${figures.readRequestsPerCycleWithoutNewBlock} read requests; goal 0)`,
  )
} else {
  console.log('Refresh cycle: run the browser tests (e2e/refresh.e2e.test.ts) to measure it.')
}
