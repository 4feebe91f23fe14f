import { describe, expect, it } from 'vitest'
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
