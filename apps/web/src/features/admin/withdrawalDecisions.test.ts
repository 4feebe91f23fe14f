import { describe, expect, test } from 'vitest'
import { withdrawalDecisions } from './WithdrawalsCard.tsx'

// The legacy API's withdrawApprove takes only a pending withdrawal; withdrawReject a pending or approved one the
// keeper has not claimed, or one whose payout is cancelled on chain, and refuses a failed one until its cancel is
// final, and one already rejected (waiting for its cancel on chain, or refunded). The card offers exactly those
// buttons, so a manager never meets a refusal the card could have known.
describe('withdrawalDecisions', () => {
  test.each([
    ['pending', { approve: true, reject: true }],
    ['approved', { approve: false, reject: true }],
    ['paying', { approve: false, reject: false }],
    ['failed', { approve: false, reject: false }],
    ['cancelled', { approve: false, reject: true }],
    ['rejecting', { approve: false, reject: false }],
    ['paid', { approve: false, reject: false }],
    ['rejected', { approve: false, reject: false }],
    ['unknown', { approve: false, reject: false }],
  ])('%s', (status, decisions) => {
    expect(withdrawalDecisions(status)).toEqual(decisions)
  })
})
