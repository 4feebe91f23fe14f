// Every contract the deployment puts on chain keeps at least MARGIN bytes free under EIP-170's limit on deployed
// code (24,576 bytes), so that a fix or a small feature never has to be bought with a redesign. Read from the build's
// artifacts (`hardhat test` builds first): the deployed bytecode of each contract and library under contracts/
// (not the test-only and local-chain ones), link placeholders and immutables counted at their final size.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'

const LIMIT = 24_576
const MARGIN = 1_500
const artifactsDir = join(import.meta.dirname, '..', 'artifacts', 'contracts')

/** The deployed size in bytes of every contract with code, by `file:name`. */
function deployedSizes(dir = artifactsDir, prefix = ''): [string, number][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, number][] => {
    const path = join(dir, entry.name)
    if (!entry.isDirectory()) return []
    if (!entry.name.endsWith('.sol')) {
      return prefix === '' && ['test', 'local'].includes(entry.name)
        ? []
        : deployedSizes(path, `${prefix}${entry.name}/`)
    }
    return readdirSync(path)
      .filter((f) => f.endsWith('.json') && !f.endsWith('.dbg.json'))
      .map((f) => {
        const { contractName, deployedBytecode } = JSON.parse(readFileSync(join(path, f), 'utf8')) as {
          contractName: string
          deployedBytecode: string
        }
        return [`${prefix}${entry.name}:${contractName}`, (deployedBytecode.length - 2) / 2] as [string, number]
      })
      .filter(([, size]) => size > 0)
  })
}

describe('contract sizes', () => {
  it(`every deployed contract keeps at least ${MARGIN.toLocaleString('en')} bytes free under ${LIMIT.toLocaleString('en')}`, (t) => {
    const sizes = deployedSizes().sort((a, b) => b[1] - a[1])
    for (const name of ['Burn.sol:Burn', 'Fomo.sol:Fomo', 'Log.sol:Log', 'libraries/TeamLib.sol:TeamLib']) {
      assert.ok(
        sizes.some(([n]) => n === name),
        `no artifact for ${name}: run \`npx hardhat build\``,
      )
    }
    const figures = sizes
      .map(([name, size]) => `  ${name.padEnd(44)} ${String(size).padStart(6)} bytes, ${LIMIT - size} free`)
      .join('\n')
    t.diagnostic(`deployed sizes:\n${figures}`)
    const tight = sizes.filter(([, size]) => LIMIT - size < MARGIN).map(([name]) => name)
    assert.deepEqual(tight, [], `contracts with less than ${MARGIN} bytes free under ${LIMIT}:\n${figures}`)
  })
})
