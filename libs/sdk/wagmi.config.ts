// `wagmi generate` writes typed framework-free actions (src/generated/actions.ts) and React hooks
// (src/generated/react.ts) for every contract, from the Hardhat artifacts of contracts/.
// Run by the Nx `generate` target after `contracts:build`; the output is git-ignored.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from '@wagmi/cli'
import { actions, hardhat, react } from '@wagmi/cli/plugins'
import { pascalCase } from 'change-case'

const project = join(import.meta.dirname, '..', '..', 'contracts')

const contracts = () =>
  hardhat({
    project: '../../contracts',
    artifacts: 'artifacts/contracts',
    // Nx already built the contracts (contracts:build); never let the plugin run Hardhat itself.
    commands: { build: false, clean: false, rebuild: false },
    exclude: ['build-info/**', '*.dbg.json', '**/test/**', '**/mocks/**/*.t.sol/**'],
  })

type Item = { type: string; name?: string; stateMutability?: string }
type Kind = 'read' | 'simulate' | 'watch' | 'write'

function artifactAbis(dir = join(project, 'artifacts', 'contracts')): Map<string, Item[]> {
  const abis = new Map<string, Item[]>()
  if (!existsSync(dir)) return abis
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json') || entry.name.endsWith('.dbg.json')) continue
    const artifact = JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    if (Array.isArray(artifact.abi) && artifact.contractName) abis.set(pascalCase(artifact.contractName), artifact.abi)
  }
  return abis
}

/**
 * Names actions and hooks as wagmi does (`readTokenTotalSupply`), except when two ABI items of a contract map to
 * the same name — a public constant `TOTAL_SUPPLY` next to the ERC-20 `totalSupply()`: then the constant gets a
 * `Constant` suffix (`readTokenTotalSupplyConstant`). The plugins pass only PascalCase names, so the raw names are
 * replayed from the artifacts in ABI order, the order in which the plugins visit the items.
 */
function uniqueNames(prefix: '' | 'use') {
  const abis = artifactAbis()
  const queues = new Map<string, string[]>()
  const queue = (contractName: string, kind: Kind, itemName: string) => {
    const key = `${contractName}:${kind}:${itemName}`
    if (!queues.has(key)) {
      const seen = new Set<string>()
      const raw = (abis.get(contractName) ?? [])
        .filter((item) =>
          kind === 'watch'
            ? item.type === 'event'
            : item.type === 'function' &&
              (kind === 'read'
                ? item.stateMutability === 'view' || item.stateMutability === 'pure'
                : item.stateMutability === 'nonpayable' || item.stateMutability === 'payable'),
        )
        .map((item) => item.name ?? '')
        .filter((name) => pascalCase(name) === itemName && !seen.has(name) && seen.add(name))
      queues.set(key, raw)
    }
    return queues.get(key) ?? []
  }
  return ({ contractName, itemName, type }: { contractName: string; itemName?: string | undefined; type: Kind }) => {
    const names = itemName ? queue(contractName, type, itemName) : []
    const raw = names.length > 1 ? names.shift() : names[0]
    const suffix = names.length > 0 && raw && /^[A-Z0-9_]+$/.test(raw) ? 'Constant' : ''
    const Type = prefix ? pascalCase(type) : type
    return `${prefix}${Type}${contractName}${itemName ?? ''}${suffix}${type === 'watch' ? 'Event' : ''}`
  }
}

export default defineConfig([
  {
    out: 'src/generated/actions.ts',
    plugins: [contracts(), actions({ overridePackageName: '@wagmi/core', getActionName: uniqueNames('') })],
  },
  {
    out: 'src/generated/react.ts',
    plugins: [contracts(), react({ getHookName: uniqueNames('use') as never })],
  },
])
