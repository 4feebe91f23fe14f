import { describe, expect, it } from 'vitest'
import { describeChanges } from './adminActions.ts'
import type { AdminActionNode } from './adminActions.ts'
import { solvency } from './solvency.ts'

describe('solvency', () => {
  it('owes exactly what it holds less the excess when there is an excess', () => {
    expect(solvency(1_000n, 200n)).toEqual({
      holds: 1_000n,
      owed: 800n,
      owedAtLeast: false,
      surplus: 200n,
      shortfall: 0n,
      coverageBps: 12_500n,
      status: 'covered',
    })
  })

  it('without excess or report, owes at least what it holds (fully committed)', () => {
    expect(solvency(1_000n, 0n)).toMatchObject({
      owed: 1_000n,
      owedAtLeast: true,
      status: 'exact',
      coverageBps: 10_000n,
    })
  })

  it('a reported debt above the holdings is a shortfall', () => {
    expect(solvency(1_000n, 0n, 1_500n)).toMatchObject({
      owed: 1_500n,
      owedAtLeast: false,
      shortfall: 500n,
      surplus: 0n,
      coverageBps: 6_666n,
      status: 'short',
    })
    expect(solvency(1_000n, 0n, 900n)).toMatchObject({ owed: 1_000n, status: 'exact', owedAtLeast: false })
  })

  it('a debt above the holdings that later inflows pay by design (Double) is deferred, not short', () => {
    expect(solvency(1_000n, 0n, 2_000n, { fromLaterInflows: true })).toMatchObject({
      owed: 2_000n,
      shortfall: 1_000n,
      coverageBps: 5_000n,
      status: 'deferred',
    })
    // Covered or exact is told as such either way.
    expect(solvency(1_000n, 200n, undefined, { fromLaterInflows: true })).toMatchObject({ status: 'covered' })
    expect(solvency(1_000n, 0n, 1_000n, { fromLaterInflows: true })).toMatchObject({ status: 'exact' })
  })

  it('an empty contract that owes nothing has no coverage ratio', () => {
    expect(solvency(0n, 0n)).toMatchObject({ owed: 0n, owedAtLeast: false, coverageBps: undefined, status: 'exact' })
    expect(solvency(5n, 5n)).toMatchObject({ owed: 0n, surplus: 5n, coverageBps: undefined, status: 'covered' })
  })
})

const node = (over: Partial<AdminActionNode>): AdminActionNode => ({
  contract: 'Fomo',
  eventName: 'ConfigUpdated',
  target: null,
  oldValue: null,
  newValue: null,
  args: '{}',
  blockNumber: '1',
  timestamp: '1',
  transactionHash: '0x01',
  ...over,
})

describe('describeChanges', () => {
  it('derives a settings change from the same contract’s previous settings, newest first', () => {
    const nodes = [
      node({ newValue: '{"feeRate":"150","algebra":"3"}' }),
      node({ contract: 'Mining', newValue: '{"feeRate":"1"}' }),
      node({ newValue: '{"feeRate":"100","algebra":"3"}' }),
    ]
    const [latest, mining, first] = describeChanges(nodes)
    expect(latest).toEqual([{ name: 'feeRate', from: '100', to: '150' }])
    expect(mining).toEqual([{ name: 'feeRate', from: undefined, to: '1' }])
    expect(first).toEqual([
      { name: 'feeRate', from: undefined, to: '100' },
      { name: 'algebra', from: undefined, to: '3' },
    ])
  })

  it('keeps the old and new values an event carries itself', () => {
    const [maxSupply, blacklist, paused] = describeChanges([
      node({ contract: 'Nft', eventName: 'MaxSupplyUpdated', oldValue: '100', newValue: '200' }),
      node({ eventName: 'BlacklistUpdated', target: '0xab', newValue: 'true' }),
      node({ eventName: 'Paused' }),
    ])
    expect(maxSupply).toEqual([{ name: '', from: '100', to: '200' }])
    expect(blacklist).toEqual([{ name: '', from: undefined, to: 'true' }])
    expect(paused).toEqual([])
  })
})
