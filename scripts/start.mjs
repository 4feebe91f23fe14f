// `npm start`: the whole local product on this machine (see scripts/lib/stack.mjs for the parts).
//   chain     Hardhat node on 127.0.0.1:8545 (chain id 31337)
//   contracts built, deployed and seeded; addresses in libs/abi/deployments/31337.json
//   database  DATABASE_URL if set, else an embedded PGlite under .data/ shared by both services
//   indexer   http://127.0.0.1:4000/graphql
//   legacy    http://127.0.0.1:4100/api/api/invest/
//   keeper    http://127.0.0.1:4200/healthz /readyz /metrics (upkeeps and withdrawal payouts)
//   web       http://127.0.0.1:5173 (Vite dev server, with the development wallet on the local chain)
// Ctrl-C stops every process it started.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startLocalProduct } from './lib/stack.mjs'
import { stopAll, watchUnexpectedExits } from './lib/procs.mjs'

const { values } = parseArgs({
  options: {
    'no-seed': { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
  },
})
const say = (message) => process.stdout.write(`[start] ${message}\n`)

let stopping = false
async function shutdown(code) {
  if (stopping) return
  stopping = true
  say('stopping every process')
  await stopAll()
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

try {
  const product = await startLocalProduct({ web: values['no-web'] ? false : 'dev', seed: !values['no-seed'], log: say })
  watchUnexpectedExits((name, code) => {
    say(`${name} exited unexpectedly (${code}); stopping everything`)
    shutdown(1)
  })
  say('the local product is up:')
  const lines = [
    ['web app', product.urls.web ?? '(not started: --no-web)'],
    ['GraphQL (indexer)', product.urls.graphql],
    ['indexer health', `${product.urls.indexer}/healthz  /readyz  /metrics`],
    ['legacy API', `${product.urls.legacy}/api/api/invest/`],
    ['keeper', `${product.urls.keeper}/healthz  /readyz  /metrics`],
    ['chain (JSON-RPC)', `${product.urls.rpc}  (chain id ${product.chainId})`],
    ['database', product.databaseUrl],
    ['deployments', join('libs', 'abi', 'deployments', `${product.chainId}.json`)],
  ]
  for (const [name, url] of lines) process.stdout.write(`  ${name.padEnd(20)} ${url}\n`)
  say('press Ctrl-C to stop everything')
} catch (error) {
  process.stderr.write(`[start] ${error.message}\n`)
  await shutdown(1)
}
