// The framework-free entry point of @nexus/sdk: domain helpers, viem actions and their typed errors.
// Typed contract actions are in '@nexus/sdk/actions', React hooks in '@nexus/sdk/react'.

export { version } from '../version.ts'

export { approvalAmount, approvalThreshold, fallbackGas, fallbackGasPrice, gasMultiplier } from '../constants.ts'

export { BaseError, type BaseErrorParameters, type BaseErrorType } from '../errors/base.ts'

export { shortenAddress } from '../utils/shortenAddress.ts'

export { formatAmount, type FormatAmountErrorType } from '../utils/formatAmount.ts'
export { formatUnitsFloor, type FormatUnitsFloorErrorType } from '../utils/formatUnitsFloor.ts'
export { parseAmount, type ParseAmountErrorType } from '../utils/parseAmount.ts'
export {
  AmountEmptyError,
  type AmountEmptyErrorType,
  AmountExponentError,
  type AmountExponentErrorType,
  AmountFormatError,
  type AmountFormatErrorType,
  AmountHexError,
  type AmountHexErrorType,
  AmountNonAsciiDigitError,
  type AmountNonAsciiDigitErrorType,
  AmountOverflowError,
  type AmountOverflowErrorType,
  AmountSeparatorError,
  type AmountSeparatorErrorType,
  AmountSignError,
  type AmountSignErrorType,
  AmountTooManyDecimalsError,
  type AmountTooManyDecimalsErrorType,
  AmountWhitespaceError,
  type AmountWhitespaceErrorType,
  InvalidDecimalsError,
  type InvalidDecimalsErrorType,
} from '../errors/amount.ts'

export {
  ensureAllowance,
  type EnsureAllowanceErrorType,
  type EnsureAllowanceParameters,
  type EnsureAllowanceReturnType,
} from '../actions/ensureAllowance.ts'
export {
  AllowanceOwnerMismatchError,
  type AllowanceOwnerMismatchErrorType,
  ApprovalRevertedError,
  type ApprovalRevertedErrorType,
} from '../errors/allowance.ts'
export {
  withGasPolicy,
  type WithGasPolicyErrorType,
  type WithGasPolicyParameters,
  type WithGasPolicyReturnType,
} from '../actions/withGasPolicy.ts'
export {
  readPage,
  type ReadPageErrorType,
  type ReadPageParameters,
  type ReadPageReturnType,
} from '../actions/readPage.ts'
export {
  randomSalt,
  readTimelockOperations,
  type TimelockCall,
  timelockCancelRequest,
  timelockExecuteRequest,
  type TimelockOperation,
  type TimelockOperationState,
  timelockScheduleRequest,
} from '../actions/timelock.ts'
export { timelockRoles } from '../utils/timelockRoles.ts'

export { toUserError, type ToUserErrorParameters, type UserError, type UserErrorKind } from '../errors/toUserError.ts'
export { type UserErrorLocale, type UserErrorMessageId, userErrorMessages } from '../errors/userErrorMessages.ts'

export { countdown, type CountdownErrorType, type CountdownReturnType } from '../utils/countdown.ts'
export {
  type Round,
  type RoundPhase,
  roundPhase,
  type RoundPhaseErrorType,
  type RoundPhaseParameters,
  type RoundPhaseReturnType,
  type RoundPreview,
} from '../utils/roundPhase.ts'
export type { Timestamp } from '../utils/toSeconds.ts'
export {
  InvalidRoundsError,
  type InvalidRoundsErrorType,
  InvalidTimestampError,
  type InvalidTimestampErrorType,
} from '../errors/time.ts'
export { teamLevelLabel, type TeamLevelLabelErrorType } from '../utils/teamLevelLabel.ts'
export { InvalidTeamLevelError, type InvalidTeamLevelErrorType } from '../errors/team.ts'
export { isManager, type IsManagerParameters } from '../utils/isManager.ts'
export {
  quoteSwap,
  type QuoteSwapErrorType,
  type QuoteSwapParameters,
  type QuoteSwapReturnType,
} from '../utils/quoteSwap.ts'
export { type LogAction, logActionName, logActions, logCodeOf, logSymbolName, logSymbols } from '../utils/logActions.ts'
export { bnbForUsdt } from '../utils/bnbForUsdt.ts'
export { fomoMinUsdt, type FomoMinUsdtParameters } from '../utils/fomoMinUsdt.ts'
export { NEX_PAYMENT_ROOM_BPS, nexPaymentMax } from '../utils/nexPaymentMax.ts'
export { stakeMinReward } from '../utils/stakeMinReward.ts'
export { rpcTransport } from '../utils/rpcTransport.ts'
export { InvalidSwapQuoteError, type InvalidSwapQuoteErrorType } from '../errors/swap.ts'

export {
  createSignInMessage,
  type CreateSignInMessageErrorType,
  type CreateSignInMessageParameters,
  signInMessageTtl,
} from '../siwe/createSignInMessage.ts'
export type {
  LegacyCreditType,
  LegacyData,
  LegacyFields,
  LegacyRoute,
  LegacyRoutes,
  LegacyWalletEntry,
  LegacyWithdrawal,
  LegacyWithdrawalList,
  LegacyWithdrawalPolicy,
} from '../legacy/legacyRoutes.ts'
export {
  verifySignInMessage,
  type VerifySignInMessageErrorType,
  type VerifySignInMessageParameters,
  type VerifySignInMessageReturnType,
} from '../siwe/verifySignInMessage.ts'
export {
  SignInExpiredError,
  type SignInExpiredErrorType,
  SignInFieldMismatchError,
  type SignInFieldMismatchErrorType,
  SignInMessageInvalidError,
  type SignInMessageInvalidErrorType,
  SignInNotYetValidError,
  type SignInNotYetValidErrorType,
  SignInSignatureError,
  type SignInSignatureErrorType,
} from '../errors/siwe.ts'
