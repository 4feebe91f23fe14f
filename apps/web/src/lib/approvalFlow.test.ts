import { msg } from '@lingui/core/macro'
import { approvalThreshold } from '@nexus/sdk'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, i18n } from './i18n.ts'
import { AtomicityNotSupportedError, BaseError, UserRejectedRequestError } from 'viem'
import {
  approvalRoute,
  approvalStepText,
  batchUnsupported,
  needsApproval,
  supportsAtomicBatch,
} from './approvalFlow.ts'

describe('the approval flow', () => {
  it('approves again at or below the threshold, or below the amount the action spends', () => {
    expect(needsApproval(0n)).toBe(true)
    expect(needsApproval(approvalThreshold)).toBe(true)
    expect(needsApproval(approvalThreshold + 1n)).toBe(false)
    expect(needsApproval(approvalThreshold * 5n, approvalThreshold * 10n)).toBe(true)
    expect(needsApproval(approvalThreshold * 10n, approvalThreshold * 10n)).toBe(false)
  })

  it('batches only for a wallet that reports atomic calls on the chain', () => {
    expect(supportsAtomicBatch({ atomic: { status: 'supported' } })).toBe(true)
    expect(supportsAtomicBatch({ atomic: { status: 'ready' } })).toBe(true)
    expect(supportsAtomicBatch({ atomic: { status: 'unsupported' } })).toBe(false)
    expect(supportsAtomicBatch({})).toBe(false)
    expect(supportsAtomicBatch(undefined)).toBe(false)
  })

  it('sends the action alone when approved, one batch when the wallet can and the action was simulated, else steps', () => {
    expect(approvalRoute({ approve: false, atomic: true, simulated: true })).toBe('direct')
    expect(approvalRoute({ approve: false, atomic: false, simulated: false })).toBe('direct')
    expect(approvalRoute({ approve: true, atomic: true, simulated: true })).toBe('batch')
    expect(approvalRoute({ approve: true, atomic: false, simulated: false })).toBe('steps')
    // A token whose allowance could not be set in a simulation: the approval goes first, on its own.
    expect(approvalRoute({ approve: true, atomic: true, simulated: false })).toBe('steps')
  })

  it('takes the steps instead when the wallet declines the batch as unsupported, not when its user refuses it', () => {
    expect(batchUnsupported(new AtomicityNotSupportedError(new BaseError('no atomic calls')))).toBe(true)
    expect(batchUnsupported(new Error('wrapped', { cause: { code: 5710, message: 'unsupported chain' } }))).toBe(true)
    expect(batchUnsupported({ code: 5740, message: 'batch too large' })).toBe(true)
    expect(batchUnsupported(new UserRejectedRequestError(new Error('denied')))).toBe(false)
    expect(batchUnsupported({ code: 5750, message: 'upgrade rejected' })).toBe(false)
    expect(batchUnsupported(new Error('network down'))).toBe(false)
    expect(batchUnsupported(undefined)).toBe(false)
  })
})

describe('the numbered steps', () => {
  beforeEach(async () => {
    await activateLocale('en')
  })

  it('names the token to approve, then the action, in English', () => {
    expect(approvalStepText({ index: 1, total: 2, symbol: 'USDT' }, msg`Claim`, i18n)).toBe('1 of 2: Approve USDT')
    expect(approvalStepText({ index: 2, total: 2 }, msg`Claim`, i18n)).toBe('2 of 2: Claim')
    expect(approvalStepText({ index: 2, total: 2 }, undefined, i18n)).toBe('2 of 2: Confirm')
  })

  it('in Chinese', async () => {
    await activateLocale('zh-Hant')
    expect(approvalStepText({ index: 1, total: 2, symbol: 'NEX' }, undefined, i18n)).toBe('步驟 1/2：授權 NEX')
    expect(approvalStepText({ index: 2, total: 2 }, undefined, i18n)).toBe('步驟 2/2：確認')
  })
})
