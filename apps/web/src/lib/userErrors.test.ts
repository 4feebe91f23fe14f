import { describe, expect, it } from 'vitest'
import { BaseError, ContractFunctionRevertedError, encodeErrorResult, parseAbi, UserRejectedRequestError } from 'viem'
import { activateLocale, i18n } from './i18n.ts'
import { isObservationWalletError, userErrorText } from './userErrors.ts'

describe('userErrorText', () => {
  it('translates the SDK message ids in both languages', async () => {
    const rejected = new UserRejectedRequestError(new Error('denied'))
    await activateLocale('en')
    expect(await userErrorText(rejected, i18n)).toBe('You rejected the request in your wallet.')
    await activateLocale('zh-Hant')
    expect(await userErrorText(rejected, i18n)).toBe('您已在錢包中拒絕了此請求。')
  })

  it('shows a revert reason, and Operate Error for an empty revert', async () => {
    await activateLocale('en')
    const reverted = new BaseError('call failed', {
      cause: new ContractFunctionRevertedError({ abi: [], functionName: 'mint', message: 'round not active' }),
    })
    expect(await userErrorText(reverted, i18n)).toContain('round not active')
    expect(await userErrorText({ code: -32603, message: 'execution reverted' }, i18n)).toBe('Operate Error')
  })

  it("shows a custom error's own text from the SDK in the active language (StakeRewardBelowMinimum)", async () => {
    const data = encodeErrorResult({
      abi: parseAbi(['error StakeRewardBelowMinimum(uint256 rewardTokens, uint256 minRewardTokens)']),
      errorName: 'StakeRewardBelowMinimum',
      args: [90n, 100n],
    })
    const reverted = { code: 3, message: 'execution reverted', data }
    await activateLocale('en')
    expect(await userErrorText(reverted, i18n)).toBe(
      'The price moved: this stake would earn less NEX than the minimum you accepted, so nothing was spent. Get a new quote and try again.',
    )
    await activateLocale('zh-Hant')
    expect(await userErrorText(reverted, i18n)).toContain('價格已變動')
  })

  it('recognises observation wallets', async () => {
    await activateLocale('en')
    expect(isObservationWalletError({ code: 4100, message: 'Unauthorized' })).toBe(true)
    expect(isObservationWalletError(new Error('outer', { cause: { message: 'watch-only account' } }))).toBe(true)
    expect(isObservationWalletError(new Error('nonce too low'))).toBe(false)
    expect(await userErrorText({ code: 4100, message: 'x' }, i18n)).toBe(
      'Observation (read-only) wallets are not supported: connect a wallet that can sign.',
    )
  })
})
