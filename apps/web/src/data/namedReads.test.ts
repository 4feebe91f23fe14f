import { erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { namedReads, resultsByName } from './ChainData.tsx'

const token = '0x0000000000000000000000000000000000000001'
const holder = '0x0000000000000000000000000000000000000002'
const balance = { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] } as const
const supply = { address: token, abi: erc20Abi, functionName: 'totalSupply' } as const

describe('named chain reads', () => {
  it('read the set in its order and leave out the undefined ones', () => {
    const reads = { supply, balance: undefined, mine: balance }
    expect(namedReads(reads)).toEqual([
      ['supply', supply],
      ['mine', balance],
    ])
  })

  it('give each result under its read’s name, whatever the order, and undefined for a read left out', () => {
    const reads = { mine: balance, skipped: undefined, supply }
    const named = namedReads(reads)
    const results = [
      { status: 'success', result: 5n },
      { status: 'failure', error: new Error('reverted') },
    ] as const
    const byName = resultsByName(reads, named, results)
    expect(byName.mine).toEqual({ status: 'success', result: 5n })
    expect(byName.supply?.status).toBe('failure')
    expect(byName.skipped).toBeUndefined()
    expect(Object.keys(byName)).toEqual(['mine', 'skipped', 'supply'])
  })

  it('refuse results that do not match the reads', () => {
    const reads = { supply }
    expect(() => resultsByName(reads, namedReads(reads), [])).toThrow('0 results for 1 reads')
  })
})
