// The module boundaries of the project graph are enforced by lint (@nx/enforce-module-boundaries in
// eslint.config.mjs). These cases prove that a violation fails lint and an allowed import passes.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const nx = join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js')
const eslint = new ESLint({ cwd: root })

type Graph = {
  graph: { nodes: Record<string, { data: { tags: string[] } }>; dependencies: Record<string, { target: string }[]> }
}
let graph: Graph

beforeAll(() => {
  // `nx graph --file` computes the project graph afresh (and refreshes the cache the lint rule reads), as
  // every `nx lint` run does before linting.
  const dir = mkdtempSync(join(tmpdir(), 'nexus-graph-'))
  const file = join(dir, 'graph.json')
  const result = spawnSync(process.execPath, [nx, 'graph', `--file=${file}`], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  })
  if (result.status !== 0) throw new Error(`nx graph failed: ${result.stderr}`)
  graph = JSON.parse(readFileSync(file, 'utf8'))
  rmSync(dir, { recursive: true, force: true })
})

describe('project graph (nx graph --file=graph.json)', () => {
  const internal = (name: string) =>
    (graph.graph.dependencies[name] ?? []).map((d) => d.target).filter((t) => !t.startsWith('npm:'))

  it('has every project', () => {
    expect(Object.keys(graph.graph.nodes).sort()).toEqual([
      'abi',
      'contracts',
      'db',
      'indexer',
      'keeper',
      'legacy-api',
      'sdk',
      'testing',
      'tooling',
      'ui',
      'web',
    ])
  })

  it('points dependencies from apps to libs, sdk to abi (and the test helpers), abi to contracts, and never at an app', () => {
    const apps = Object.entries(graph.graph.nodes)
      .filter(([, node]) => node.data.tags.includes('type:app'))
      .map(([name]) => name)
    for (const name of Object.keys(graph.graph.nodes)) {
      for (const target of internal(name)) expect(apps, `${name} depends on the app ${target}`).not.toContain(target)
    }
    // the SDK's tests start their chain with @nexus/testing
    expect(internal('sdk').sort()).toEqual(['abi', 'testing'])
    expect(internal('testing')).toEqual([])
    expect(internal('abi')).toEqual(['contracts'])
    expect(internal('ui')).toEqual([])
    expect(internal('web')).toEqual(expect.arrayContaining(['sdk', 'ui']))
    expect(internal('indexer')).toEqual(expect.arrayContaining(['db', 'abi']))
  })
})

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) })
  const rules = ['@nx/enforce-module-boundaries', 'no-restricted-imports']
  return (result?.messages ?? []).filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message)
}

describe('module boundaries', () => {
  it.each([
    ['libs/ui/src/probe.ts', "import { parseEther } from 'viem'\nexport const x = parseEther('1')\n", 'viem'],
    ['libs/ui/src/probe.ts', "import { useAccount } from 'wagmi'\nexport const x = useAccount\n", 'wagmi'],
    [
      'libs/ui/src/probe.ts',
      "import { shortenAddress } from '@nexus/sdk'\nexport const x = shortenAddress\n",
      '@nexus/sdk',
    ],
    ['libs/sdk/src/probe.ts', "import { x } from '@nexus/web'\nexport const y = x\n", '@nexus/web'],
    [
      'libs/abi/src/probe.ts',
      "import { shortenAddress } from '@nexus/sdk'\nexport const x = shortenAddress\n",
      '@nexus/sdk',
    ],
    ['apps/indexer/src/probe.ts', "import { x } from '@nexus/legacy-api'\nexport const y = x\n", 'app → app'],
    ['apps/web/src/probe.ts', "import { x } from '@nexus/db'\nexport const y = x\n", 'web → db'],
    [
      'libs/ui/src/probe.ts',
      "import { x } from '../../../apps/web/src/main.tsx'\nexport const y = x\n",
      'lib → app by path',
    ],
  ])('%s importing %s fails lint (%s)', async (file, code) => {
    expect((await boundaryErrors(file, code)).length).toBeGreaterThan(0)
  })

  it.each([
    ['apps/web/src/probe.ts', "import { shortenAddress } from '@nexus/sdk'\nexport const x = shortenAddress\n"],
    ['apps/indexer/src/probe.ts', "import { getDeployment } from '@nexus/abi'\nexport const x = getDeployment\n"],
    ['libs/sdk/src/probe.ts', "import { getDeployment } from '@nexus/abi'\nexport const x = getDeployment\n"],
  ])('%s may import what the graph allows', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})

async function layerErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, 'apps/web/src', file) })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message)
}

describe("the web app's layers (lib < data < hooks < components < features < routes, features are leaves)", () => {
  it.each([
    ['features/burn/probe.ts', "import { FomoGamePage } from '../fomo/FomoGamePage.tsx'", 'feature → feature'],
    ['features/mining/probe.ts', "import { StakePage } from '../stake/StakePage.tsx'", 'feature → feature'],
    ['features/stake/probe.test.ts', "import { MinePage } from '../mine/MinePage.tsx'", 'test → other feature'],
    ['components/probe.ts', "import { BurnPage } from '../features/burn/BurnPage.tsx'", 'components → feature'],
    ['data/probe.ts', "import { useTransaction } from '../hooks/useTransaction.ts'", 'data → hooks'],
    ['lib/probe.ts', "import { Stat } from '../components/Stat.tsx'", 'lib → components'],
    ['lib/probe.ts', "import { useSession } from '../data/session.tsx'", 'lib → data'],
    ['hooks/probe.ts', "import { PageFrame } from '../components/pages/PageFrame.tsx'", 'hooks → components'],
    ['features/burn/probe.ts', "import { Route } from '../../routes/transparency.tsx'", 'feature → routes'],
    ['lib/probe.ts', "import { App } from '../App.tsx'", 'lib → app shell'],
  ])('%s: %s fails lint (%s)', async (file, line) => {
    expect(await layerErrors(file, `${line}\nexport const probe = 1\n`)).not.toEqual([])
  })

  it.each([
    ['features/burn/probe.ts', "import { tokensForUsdt } from './burnQuote.ts'"],
    ['features/burn/probe.ts', "import { PagedList } from '../../components/blocks/account/PagedList.tsx'"],
    ['features/burn/probe.ts', "import { useTransaction } from '../../hooks/useTransaction.ts'"],
    ['components/probe.ts', "import { useSession } from '../data/session.tsx'"],
    ['hooks/probe.ts', "import { showAmount } from '../lib/format.ts'"],
    ['routes/probe.tsx', "import { BurnPage } from '../features/burn/BurnPage.tsx'"],
    ['lib/probe.test.ts', "import { createAppRouter } from '../router.tsx'"],
  ])('%s may import %s', async (file, line) => {
    expect(await layerErrors(file, `${line}\nexport const probe = 1\n`)).toEqual([])
  })
})

async function typedEventErrors(code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, 'apps/web/src/features/burn/probe.ts') })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

describe("the web app reads events' arguments from the indexer's typed fields, never from their JSON details", () => {
  it.each([
    ['JSON.parse(node.details)', 'export const probe = (node: { details: string }) => JSON.parse(node.details)'],
    ['JSON.parse(details)', 'export const probe = (details: string) => JSON.parse(details) as { isBNB?: boolean }'],
    [
      'JSON.parse(String(e.details))',
      'export const probe = (e: { details: unknown }) => JSON.parse(String(e.details))',
    ],
    [
      'a document selecting details',
      'import { gql } from \'urql\'\nexport const Q = gql`\n  query Q { orders(account: "0x", contract: "Burn") { nodes { index details } } }\n`',
    ],
  ])('%s fails lint', async (_name, code) => {
    expect(await typedEventErrors(`${code}\n`)).not.toEqual([])
  })

  it.each([
    [
      'a typed field',
      'import { gql } from \'urql\'\nexport const Q = gql`\n  query Q { orders(account: "0x", contract: "Burn") { nodes { index paymentToken } } }\n`',
    ],
    ['JSON.parse of something else', 'export const probe = (text: string) => JSON.parse(text) as unknown'],
  ])('%s passes', async (_name, code) => {
    expect(await typedEventErrors(`${code}\n`)).toEqual([])
  })

  it('no file of apps/web/src does either', async () => {
    const results = await eslint.lintFiles(['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'])
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => `${r.filePath}:${m.line} ${m.message}`),
    )
    expect(found).toEqual([])
  })
})
