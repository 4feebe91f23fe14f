import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { logActions } from './logActions.ts'

const contractsDir = join(import.meta.dirname, '..', '..', '..', '..', 'contracts', 'contracts')

/** The action literals the contracts pass to the Log: `addReward`/`addLog` calls and their `_write`/`write` helpers. */
function writtenActions(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  const files = [
    ...readdirSync(contractsDir).map((name) => join(contractsDir, name)),
    ...readdirSync(join(contractsDir, 'libraries')).map((name) => join(contractsDir, 'libraries', name)),
  ].filter((file) => file.endsWith('.sol'))
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    const name = basename(file, '.sol').replace('FomoLib', 'Fomo')
    for (const call of source.matchAll(/\b(?:_write|write|addReward|addLog)\(([^;]*?)\);/g))
      for (const literal of (call[1] ?? '').matchAll(/"([a-z_]+)"/g)) {
        const set = found.get(name) ?? new Set()
        set.add(literal[1] ?? '')
        found.set(name, set)
      }
  }
  return found
}

describe('logActions', () => {
  it('lists exactly the actions the contracts write, each with its writer', () => {
    const written = writtenActions()
    const listed = new Map<string, Set<string>>()
    for (const { contract, action } of logActions) listed.set(contract, (listed.get(contract) ?? new Set()).add(action))
    expect(Object.fromEntries([...listed].map(([k, v]) => [k, [...v].sort()]))).toEqual(
      Object.fromEntries([...written].map(([k, v]) => [k, [...v].sort()])),
    )
  })

  it('names each action and symbol pair once', () => {
    const keys = logActions.map(({ action, symbol }) => `${action}:${symbol}`)
    expect(new Set(keys).size).toBe(keys.length)
  })
})
