import { customErrorTexts } from './customErrorTexts.ts'

/** The languages of the message catalog: Traditional Chinese (the app's default, SPEC.md §9) and English. */
export type UserErrorLocale = 'zh-Hant' | 'en'

/**
 * The messages of {@link toUserError}, by message id, in every language. `{reason}` is replaced by the revert
 * reason, the decoded custom error or the raw message. The web app feeds these ids into its own catalog
 * (Lingui) or renders them directly with `toUserError(error, { locale })`.
 *
 * @example
 * userErrorMessages.operateError.en // 'Operate Error'
 */
export const userErrorMessages = {
  userRejected: {
    'zh-Hant': '您已在錢包中拒絕了此請求。',
    en: 'You rejected the request in your wallet.',
  },
  loginRejected: {
    'zh-Hant': '您拒絕了簽名，不想登入。',
    en: 'You rejected the signature: you do not want to log in.',
  },
  providerMissing: {
    'zh-Hant': '未偵測到錢包。請安裝錢包（例如 MetaMask），或在錢包內建的瀏覽器中開啟本頁。',
    en: "No wallet found. Install a wallet such as MetaMask, or open this page in your wallet's browser.",
  },
  balanceInsufficient: {
    'zh-Hant': '餘額不足',
    en: 'Balance Insufficient',
  },
  operateError: {
    'zh-Hant': '操作失敗',
    en: 'Operate Error',
  },
  revertReason: {
    'zh-Hant': '{reason}',
    en: '{reason}',
  },
  contractError: {
    'zh-Hant': '合約拒絕了此操作：{reason}',
    en: 'The contract rejected the operation: {reason}',
  },
  notAuthorized: {
    'zh-Hant': '您沒有執行此操作的權限。',
    en: 'You are not authorized to do this.',
  },
  mintExceedsMaxSupply: {
    'zh-Hant': '鑄造數量超過最大供應量。',
    en: 'Minting would exceed the maximum supply.',
  },
  allowanceInsufficient: {
    'zh-Hant': '授權額度不足，請先授權代幣。',
    en: 'The allowance is too low: approve the token first.',
  },
  referrerNotRegistered: {
    'zh-Hant': '推薦地址尚未註冊，請輸入有效的推薦地址。',
    en: 'The referral address is not registered: enter a valid one.',
  },
  selfReferral: {
    'zh-Hant': '推薦地址不能是您自己的地址。',
    en: 'The referral address cannot be your own address.',
  },
  alreadyRegistered: {
    'zh-Hant': '此錢包已經綁定推薦人。',
    en: 'This wallet has already bound a referrer.',
  },
  /** A custom error with a text of its own (`customErrorTexts`): `{text}` is that text in the locale. */
  customError: {
    'zh-Hant': '{text}',
    en: '{text}',
  },
  priceMoved: {
    'zh-Hant': '價格在您送出後變動，超過了可接受的滑點，交易已取消。請重新報價後再試一次。',
    en: 'The price moved beyond the accepted slippage after you sent the order, so it was cancelled. Quote again and retry.',
  },
  raw: {
    'zh-Hant': '{reason}',
    en: '{reason}',
  },
} as const satisfies Record<string, Record<UserErrorLocale, string>>

export type UserErrorMessageId = keyof typeof userErrorMessages

/**
 * @dev Custom errors with a message of their own, matched on the end of the error name so that the domain
 * prefix of this repository's contracts (`MainSelfReferral`, `NftInsufficientBalance`, ...) and OpenZeppelin's
 * standard errors (`ERC20InsufficientBalance`, `OwnableUnauthorizedAccount`) both match. Every other custom error
 * uses `contractError`.
 */
const customErrorMessageIds: readonly (readonly [RegExp, UserErrorMessageId])[] = [
  [/ReferrerNotRegistered$/, 'referrerNotRegistered'],
  [/SelfReferral$/, 'selfReferral'],
  [/AlreadyRegistered$/, 'alreadyRegistered'],
  [/InsufficientBalance$/, 'balanceInsufficient'],
  [/ExceedsMaxSupply$/, 'mintExceedsMaxSupply'],
  [/InsufficientAllowance$/, 'allowanceInsufficient'],
  [/Slippage$/, 'priceMoved'],
  [/(?:NotAuthori[sz]ed|Unauthori[sz]ed\w*)$/, 'notAuthorized'],
]

/** @internal The message id of a custom error. */
export function customErrorMessageId(errorName: string): UserErrorMessageId {
  const shared = customErrorMessageIds.find(([pattern]) => pattern.test(errorName))?.[1]
  if (shared) return shared
  return Object.hasOwn(customErrorTexts, errorName) ? 'customError' : 'contractError'
}

/** @internal Renders a catalog message with its values. */
export function renderUserErrorMessage(
  messageId: UserErrorMessageId,
  locale: UserErrorLocale,
  values: Readonly<Record<string, string>>,
): string {
  return userErrorMessages[messageId][locale].replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match)
}
