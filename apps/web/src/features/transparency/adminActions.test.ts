import { describe, expect, it } from 'vitest'
import { describeChanges } from './adminActions.ts'
import type { AdminActionNode } from './adminActions.ts'

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
