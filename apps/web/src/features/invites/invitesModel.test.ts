import { describe, expect, it } from 'vitest'
import { invitationsVariables, inviteeRowModel } from './invitesModel.ts'

describe('the invitations list', () => {
  it('asks the indexer for the account in lower case', () => {
    expect(invitationsVariables('0x00000000000000000000000000000000000000AB')).toEqual({
      account: '0x00000000000000000000000000000000000000ab',
    })
  })

  it('shows an invitee shortened (checksummed), its number, what it burned and when it registered', () => {
    expect(
      inviteeRowModel({
        account: '0x00000000000000000000000000000000000000ab',
        index: '12',
        amount: '250000000000000000000',
        registeredAt: '1767225600',
      }),
    ).toEqual({
      account: '0x00000000000000000000000000000000000000ab',
      short: '0x0000..000AB',
      index: '12',
      amount: 250n * 10n ** 18n,
      registeredAt: 1_767_225_600n,
    })
  })

  it('shows an invitee that burned nothing as 0', () => {
    const row = inviteeRowModel({ account: '0x01', index: '1', amount: '0', registeredAt: '0' })
    expect(row.amount).toBe(0n)
    expect(row.short).toBe('0x01')
  })
})
