import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as actions from './actions.ts'
import * as ethersTypes from './ethers.ts'
import * as sdk from './index.ts'
import * as react from './react.ts'

describe('public API', () => {
  // A change of the public API must show in review: update the snapshot on purpose.
  it('exports exactly these names from @nexus/sdk', () => {
    expect(Object.keys(sdk).sort()).toMatchInlineSnapshot(`
      [
        "AllowanceOwnerMismatchError",
        "AmountEmptyError",
        "AmountExponentError",
        "AmountFormatError",
        "AmountHexError",
        "AmountNonAsciiDigitError",
        "AmountOverflowError",
        "AmountSeparatorError",
        "AmountSignError",
        "AmountTooManyDecimalsError",
        "AmountWhitespaceError",
        "ApprovalRevertedError",
        "BaseError",
        "InvalidDecimalsError",
        "InvalidRoundsError",
        "InvalidSwapQuoteError",
        "InvalidTeamLevelError",
        "InvalidTimestampError",
        "NEX_PAYMENT_ROOM_BPS",
        "SignInExpiredError",
        "SignInFieldMismatchError",
        "SignInMessageInvalidError",
        "SignInNotYetValidError",
        "SignInSignatureError",
        "approvalAmount",
        "approvalThreshold",
        "bnbForUsdt",
        "countdown",
        "createSignInMessage",
        "ensureAllowance",
        "fallbackGas",
        "fallbackGasPrice",
        "fomoMinUsdt",
        "formatAmount",
        "formatUnitsFloor",
        "gasMultiplier",
        "isManager",
        "logActionName",
        "logActions",
        "logCodeOf",
        "logSymbolName",
        "logSymbols",
        "nexPaymentMax",
        "parseAmount",
        "quoteSwap",
        "randomSalt",
        "readPage",
        "readTimelockOperations",
        "roundPhase",
        "rpcTransport",
        "shortenAddress",
        "signInMessageTtl",
        "stakeMinReward",
        "teamLevelLabel",
        "timelockCancelRequest",
        "timelockExecuteRequest",
        "timelockRoles",
        "timelockScheduleRequest",
        "toUserError",
        "userErrorMessages",
        "verifySignInMessage",
        "version",
        "withGasPolicy",
      ]
    `)
  })

  it('exports generated actions and hooks for every contract', () => {
    expect(Object.keys(actions)).toEqual(expect.arrayContaining(['readMainUsers', 'writeMainRegister', 'mainAbi']))
    expect(Object.keys(react)).toEqual(expect.arrayContaining(['useReadMainUsers', 'useWriteMainRegister']))
    expect(Object.keys(ethersTypes)).toEqual(expect.arrayContaining(['Main__factory', 'LocalUSDT__factory']))
  })

  it('reports the version of package.json', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'))
    expect(sdk.version).toBe(pkg.version)
  })

  it('gives every error class its own name (for `error.name` checks and the XErrorType unions)', () => {
    const errors = Object.entries(sdk).filter(
      ([, value]) => typeof value === 'function' && value.prototype instanceof sdk.BaseError,
    )
    expect(errors.length).toBeGreaterThan(20)
    for (const [exportName, ErrorClass] of errors) {
      const date = new Date(0)
      const instance = new (ErrorClass as new (...args: unknown[]) => sdk.BaseError)(date, date, date)
      expect(instance.name).toBe(exportName)
      expect(instance.shortMessage).not.toBe('')
      expect(instance.message).toContain('Version: @nexus/sdk@')
    }
  })
})
