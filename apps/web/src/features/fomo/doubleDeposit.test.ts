import { describe, expect, it } from 'vitest'
import { approvalThreshold } from '@nexus/sdk'
import { checkAmount } from '../../lib/amountInput.ts'
import { DOUBLE_MAX_AMOUNT, doubleDepositRefusal, doubleDepositRules, needsApproval } from './doubleDeposit.ts'

const usdt = (amount: bigint) => amount * 10n ** 18n

describe('the direct doubling deposit (Double.deposit)', () => {
  it('checks the contract’s bound per deposit before the balance', () => {
    expect(DOUBLE_MAX_AMOUNT).toBe(usdt(10_000_000_000n))
    const rules = doubleDepositRules(usdt(100n))
    expect(checkAmount('0', rules)).toMatchObject({
      ok: false,
      message: { message: 'Quantity must be greater than 0' },
    })
    // above Double.MAX_AMOUNT: the bound speaks first, not the balance
    expect(checkAmount('10000000001', rules)).toMatchObject({ ok: false, message: { message: 'Exceeds the maximum' } })
    expect(checkAmount('101', rules)).toMatchObject({ ok: false, message: { message: 'Balance Insufficient' } })
    expect(checkAmount('100', rules)).toEqual({ ok: true, value: usdt(100n) })
    // the balance still loading: only the bounds
    expect(checkAmount('10000000000', doubleDepositRules(undefined))).toEqual({ ok: true, value: DOUBLE_MAX_AMOUNT })
  })

  it('refuses a closed or paused pool before anything is sent', () => {
    expect(doubleDepositRefusal({ openClaim: false, paused: false })?.message).toContain('no new deposits')
    expect(doubleDepositRefusal({ openClaim: true, paused: true })?.message).toContain('paused')
    expect(doubleDepositRefusal({ openClaim: true, paused: false })).toBeUndefined()
    expect(doubleDepositRefusal({ openClaim: undefined, paused: undefined })).toBeUndefined()
  })

  it('tells when the wallet approves first: no allowance, one at the SDK threshold, or one below the amount', () => {
    expect(needsApproval(undefined, usdt(1n))).toBeUndefined()
    expect(needsApproval(0n, usdt(1n))).toBe(true)
    expect(needsApproval(approvalThreshold, undefined)).toBe(true)
    expect(needsApproval(usdt(5n), usdt(10n))).toBe(true)
    expect(needsApproval(usdt(5n), usdt(5n))).toBe(false)
    expect(needsApproval(10n ** 38n, usdt(10n))).toBe(false)
  })
})
