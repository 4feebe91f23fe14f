// Compiles the test-only contracts of src/_test/contracts with the npm `solc` (the same compiler version as
// contracts/), resolving OpenZeppelin imports from node_modules. They never ship and never enter contracts/.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Abi, Hex } from 'viem'

export type TestArtifact = { abi: Abi; bytecode: Hex }

const require = createRequire(import.meta.url)
const contractsDir = join(import.meta.dirname, 'contracts')

type SolcOutput = {
  errors?: { severity: 'error' | 'warning'; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

export function compileTestContracts(): Record<string, TestArtifact> {
  const solc = require('solc') as { compile(input: string, callbacks: object): string }
  const sources = Object.fromEntries(
    readdirSync(contractsDir)
      .filter((file) => file.endsWith('.sol'))
      .map((file) => [file, { content: readFileSync(join(contractsDir, file), 'utf8') }]),
  )
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const artifacts: Record<string, TestArtifact> = {}
  for (const file of Object.keys(sources)) {
    for (const [name, contract] of Object.entries(output.contracts[file] ?? {})) {
      artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
    }
  }
  return artifacts
}
