import * as abis from '@nexus/abi'
import type { Abi } from 'viem'
import { describe, expect, test } from 'vitest'
import { classifyEvent } from './handleLogs.ts'
import { resolveSources } from './resolveSources.ts'

// The contracts the indexer reads: every ABI's contract as if deployed, minus what resolveSources skips (libraries,
// implementations, the DEX and the stand-ins).
const kinds = resolveSources(
  Object.fromEntries(
    Object.keys(abis)
      .filter((key) => /^[a-z]\w*Abi$/.test(key) && !/^i[A-Z]/.test(key))
      .map((key) => [
        key.charAt(0).toUpperCase() + key.slice(1, -'Abi'.length),
        { address: `0x${'1'.repeat(40)}`, blockNumber: 0 },
      ]),
  ),
).map((source) => ({ kind: source.kind, abi: source.abi as Abi }))

describe('event classes', () => {
  test('indexes the product contracts, not their linked libraries, implementations or the local DEX', () => {
    const at = { address: `0x${'2'.repeat(40)}`, blockNumber: 0 }
    const names = resolveSources(
      Object.fromEntries(
        [
          ...['Main', 'Mining', 'MiningLib', 'IdoLib', 'BurnLib', 'FomoLib', 'FomoViews', 'TeamLib', 'ExpiryQueue'],
          ...['FomoExpiryQueue', 'Router', 'USDT'],
        ].map((name) => [name, at]),
      ),
    ).map((source) => source.name)
    expect(names).toEqual(['Main', 'Mining'])
  })

  test('every event of every indexed ABI is classified on purpose', () => {
    expect(kinds.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['Main', 'Burn', 'Fomo', 'Timelock']))
    const unclassified = kinds.flatMap(({ kind, abi }) =>
      abi.flatMap((item) =>
        item.type === 'event' && classifyEvent(kind, item.name) === 'unclassified' ? [`${kind}.${item.name}`] : [],
      ),
    )
    expect(unclassified).toEqual([])
  })

  test('governance is an admin action, users’ own actions are account events', () => {
    for (const [kind, event] of [
      ['Timelock', 'CallScheduled'],
      ['Timelock', 'CallExecuted'],
      ['Timelock', 'Cancelled'],
      ['Timelock', 'RoleGranted'],
      ['Main', 'GuardianUpdated'],
      ['Burn', 'PauseUpdated'],
      ['Token', 'OracleUpdated'],
      ['Double', 'DepositorUpdated'],
      ['Ido', 'RoundScheduled'],
    ] as const)
      expect(classifyEvent(kind, event), `${kind}.${event}`).toMatch(/admin/)
    expect(classifyEvent('Double', 'Claimed')).toBe('account')
    expect(classifyEvent('Main', 'Registered')).toBe('raw')
    expect(classifyEvent('Burn', 'NoSuchEvent')).toBe('unclassified')
  })
})
