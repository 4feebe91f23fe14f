import { describe, expect, it } from 'vitest'
import { describeChanges, foldSalts } from './adminActions.ts'
import type { AdminActionNode } from './adminActions.ts'
import { adminActionNode } from './adminActionNode.ts'

const node = (over: Partial<AdminActionNode>) => adminActionNode('Fomo', over)

describe('describeChanges', () => {
  it('derives a settings change from the same contract’s previous settings (previousValue)', () => {
    const nodes = [
      node({ newValue: '{"feeRate":"150","algebra":"3"}', previousValue: '{"feeRate":"100","algebra":"3"}' }),
      node({ contract: 'Mining', newValue: '{"feeRate":"1"}' }),
      node({ newValue: '{"feeRate":"100","algebra":"3"}' }),
    ]
    const [latest, mining, first] = describeChanges(nodes)
    expect(latest).toEqual([{ name: 'feeRate', from: '100', to: '150' }])
    expect(mining).toEqual([{ name: 'feeRate', to: '1' }])
    expect(first).toEqual([
      { name: 'feeRate', to: '100' },
      { name: 'algebra', to: '3' },
    ])
  })

  it('lists an array setting element by element, only the elements that changed', () => {
    const [latest] = describeChanges([
      node({
        eventName: 'ConfigMultiUpdated',
        newValue: '{"burnRates":["10","25","30"],"slippage":"5"}',
        previousValue: '{"burnRates":["10","20","30"],"slippage":"5"}',
      }),
    ])
    expect(latest).toEqual([{ name: 'burnRates.1', from: '20', to: '25' }])
  })

  it('keeps the old and new values an event carries itself, whole numbers exactly', () => {
    const [maxSupply, blacklist, paused, userMax] = describeChanges([
      node({ contract: 'Nft', eventName: 'MaxSupplyUpdated', oldValue: '100', newValue: '200' }),
      node({ eventName: 'BlacklistUpdated', target: '0xab', newValue: 'true' }),
      node({ eventName: 'Paused' }),
      node({ eventName: 'SendMinUpdated', oldValue: '100000000000000000000000', newValue: '90000000000000000000001' }),
    ])
    expect(maxSupply).toEqual([{ name: '', from: '100', to: '200' }])
    expect(blacklist).toEqual([{ name: '', to: true }])
    expect(paused).toEqual([])
    // JSON would round these: they stay the decimal text the indexer stored
    expect(userMax).toEqual([{ name: '', from: '100000000000000000000000', to: '90000000000000000000001' }])
  })

  it('lists each value of an event that sets several, nested settings in their members’ place', () => {
    const [withdrawn, stakeRound] = describeChanges([
      node({ eventName: 'ExcessWithdrawn', newValue: '{"to":"0xcd","amount":"5"}' }),
      node({ contract: 'Stake', eventName: 'IdoUpdated', newValue: '{"index":"2","settings":{"idoMax":"7"}}' }),
    ])
    expect(withdrawn).toEqual([
      { name: 'to', to: '0xcd' },
      { name: 'amount', to: '5' },
    ])
    expect(stakeRound).toEqual([
      { name: 'index', to: '2' },
      { name: 'idoMax', to: '7' },
    ])
    const [sources] = describeChanges([
      node({
        contract: 'Info',
        eventName: 'SourcesUpdated',
        newValue: '[{"target":"0xab","selector":"0x12345678"}]',
        args: '{"sources":[{"target":"0xab","selector":"0x12345678"}]}',
      }),
    ])
    expect(sources).toEqual([
      { name: 'sources.0.target', to: '0xab' },
      { name: 'sources.0.selector', to: '0x12345678' },
    ])
  })
})

describe('foldSalts', () => {
  const tx = '0x' + 'ab'.repeat(32)
  const id = '0x' + '11'.repeat(32)
  const salt = '0x' + '22'.repeat(32)
  const scheduled = adminActionNode('Timelock', {
    eventName: 'CallScheduled',
    transactionHash: tx,
    newValue: JSON.stringify({ id, index: '0', delay: '60' }),
  })
  const saltRow = adminActionNode('Timelock', {
    eventName: 'CallSalt',
    transactionHash: tx,
    newValue: JSON.stringify({ id, salt }),
  })

  it('shows a scheduled call’s salt on its scheduling row, not as a row of raw hex of its own', () => {
    const folded = foldSalts([saltRow, scheduled])
    expect(folded.map((node) => node.eventName)).toEqual(['CallScheduled'])
    expect(JSON.parse(folded[0]?.newValue ?? '{}')).toEqual({ id, index: '0', delay: '60', salt })
    expect(describeChanges(folded)[0]?.map((change) => change.name)).toContain('salt')
  })

  it('keeps a salt whose scheduling row is not loaded, and a salt of another operation or transaction', () => {
    expect(foldSalts([saltRow]).map((node) => node.eventName)).toEqual(['CallSalt'])
    const other = { ...saltRow, newValue: JSON.stringify({ id: '0x' + '33'.repeat(32), salt }) }
    expect(foldSalts([scheduled, other]).map((node) => node.eventName)).toEqual(['CallScheduled', 'CallSalt'])
    const elsewhere = { ...saltRow, transactionHash: '0x' + 'cd'.repeat(32) }
    expect(foldSalts([scheduled, elsewhere]).map((node) => node.eventName)).toEqual(['CallScheduled', 'CallSalt'])
  })
})
