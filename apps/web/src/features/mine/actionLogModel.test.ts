import { describe, expect, it } from 'vitest'
import type { Address } from 'viem'
import { actionLogVariables, logEntryModel } from './actionLogModel.ts'
import type { ActionLogNode } from './queries.ts'

const entry: ActionLogNode = {
  index: '41',
  from: '0x0000000000000000000000000000000000000001',
  symbol: 'USDT',
  action: 'burn',
  isReduce: true,
  isReward: false,
  amount: '100',
  balance: '300',
  startTime: '1767225600',
}

describe('the action log model', () => {
  it('asks the index for the account’s entries, every symbol and action unless one is chosen', () => {
    const account = '0x00000000000000000000000000000000000000aA' as Address
    expect(actionLogVariables(account, '', '')).toEqual({ account: account.toLowerCase(), symbol: null, action: null })
    expect(actionLogVariables(account, 'NEX', 'claim')).toMatchObject({ symbol: 'NEX', action: 'claim' })
  })

  it('signs what the account paid and names the running total after it with its unit', () => {
    const model = logEntryModel(entry)
    expect(model.name?.message).toBe('Burn order')
    expect(model.amount).toEqual({ sign: '-', value: 100n, symbol: 'USDT', keys: false })
    expect(model.balance).toMatchObject({ value: 300n, count: false, unit: { message: 'USDT' } })
    expect(model.balance?.label.message).toBe('Your burn orders in total, after this')
    expect(model.time).toBe(1_767_225_600n)
  })

  it('shows a claim as received, without a running total', () => {
    const model = logEntryModel({ ...entry, action: 'claim', isReduce: false, amount: '5', balance: '0' })
    expect(model.name?.message).toBe('Dividend claim')
    expect(model.amount?.sign).toBe('+')
    expect(model.balance).toBeUndefined()
  })

  it('counts NFT entries in keys, and an entry without an amount has none', () => {
    const synthesis = logEntryModel({ ...entry, symbol: 'NFT', action: 'synthesize', amount: '15', balance: '1' })
    expect(synthesis.amount).toMatchObject({ keys: true, value: 15n })
    expect(synthesis.balance).toMatchObject({ count: true, value: 1n, unit: { message: 'keys' } })
    const registration = logEntryModel({ ...entry, symbol: 'NEX', action: 'register', amount: '0', balance: '0' })
    expect(registration.amount).toBeUndefined()
    expect(registration.name?.message).toBe('Registration (referrer bound)')
  })

  it('keeps an unknown action as written, signed by the entry’s own flag', () => {
    const model = logEntryModel({ ...entry, action: 'something_new', isReduce: false })
    expect(model.name).toBeUndefined()
    expect(model.amount?.sign).toBe('+')
    expect(model.balance).toBeUndefined()
  })
})
