import type { UserErrorLocale } from './userErrorMessages.ts'

type Texts = Readonly<Record<UserErrorLocale, string>>

/**
 * @dev What the user reads for each custom error that a user's own action can raise (burn, stake, FOM, mining,
 * minting, claims, swaps, NFT transfers), by error name, in every language: the one home of these texts (the web
 * app shows them through `toUserError`). Errors with a shared message (`customErrorMessageIds`) and errors only
 * the owner's, a manager's or the keeper's calls raise ({@link NON_USER_ERRORS}) are not here; a test checks that
 * every custom error of the contracts is one of the three.
 */
export const customErrorTexts: Readonly<Record<string, Texts>> = {
  // Burn
  BurnBlacklisted: {
    'zh-Hant': '此地址已被列入黑名單，無法參與銷毀分紅。',
    en: 'This address is blacklisted: it cannot take part in burning.',
  },
  BurnExceedsSurplus: {
    'zh-Hant': '份數超過剩餘可銷毀的份數，請減少份數。',
    en: 'More units than are left to burn: enter fewer units.',
  },
  BurnInvalidAddress: { 'zh-Hant': '地址無效。', en: 'The address is not valid.' },
  BurnNotRegistered: { 'zh-Hant': '請先註冊（綁定推薦人）再銷毀。', en: 'Register (bind a referrer) before burning.' },
  BurnNotStarted: { 'zh-Hant': '銷毀尚未開始，請稍後再試。', en: 'Burning has not started yet: try again later.' },
  BurnNothingToClaim: { 'zh-Hant': '目前沒有可領取的分紅。', en: 'There are no dividends to claim yet.' },
  BurnPaymentTooLow: {
    'zh-Hant': '支付金額不足以支付此訂單（價格可能已變動），請重新報價後再試。',
    en: 'The payment does not cover the order (the price may have moved): get a new quote and try again.',
  },
  BurnReferCodeMismatch: { 'zh-Hant': '邀請碼與您的推薦人不符。', en: 'The invite code does not match your referrer.' },
  BurnUnexpectedBnb: { 'zh-Hant': '以 USDT 支付時不能同時附帶 BNB。', en: 'A payment in USDT cannot carry BNB.' },
  BurnUnknownOrder: { 'zh-Hant': '找不到此訂單。', en: 'This order does not exist.' },
  BurnUpkeepNotDue: { 'zh-Hant': '目前沒有需要處理的到期訂單。', en: 'There is nothing to settle right now.' },
  BurnValueMismatch: {
    'zh-Hant': '支付的 BNB 數量與訂單不符，請重新報價後再試。',
    en: 'The BNB sent does not match the order: get a new quote and try again.',
  },
  BurnZeroTimes: { 'zh-Hant': '請輸入至少 1 份。', en: 'Enter at least 1 unit.' },
  // Double
  DoubleAmountOutOfRange: {
    'zh-Hant': '金額超出翻倍存款允許的範圍。',
    en: 'The amount is outside what the doubling deposit accepts.',
  },
  DoubleDepositsClosed: {
    'zh-Hant': '翻倍存款暫停接受新的存入（已欠您的款項仍可領取）。',
    en: 'The doubling deposit takes no new deposits for now (what you are owed can still be claimed).',
  },
  DoubleInvalidAccount: { 'zh-Hant': '地址無效。', en: 'The address is not valid.' },
  DoubleNotDepositor: {
    'zh-Hant': '只能為自己存入翻倍存款。',
    en: 'You can only make a doubling deposit for yourself.',
  },
  DoubleNotPaid: {
    'zh-Hant': '翻倍存款未收到此訂單的份額，訂單未成立。',
    en: 'The doubling deposit did not receive its share of this order: the order was not taken.',
  },
  DoubleNothingToClaim: {
    'zh-Hant': '翻倍存款目前沒有可領取的金額（或資金池暫時沒有 USDT）。',
    en: 'Nothing of the doubling deposit can be paid now (or the pool holds no USDT for now).',
  },
  // FOM pools
  FomoAmountOutOfRange: {
    'zh-Hant': '金額超出允許的範圍（每筆訂單的最低金額，或您可鎖倉的上限），請查看頁面上的最小與最大金額。',
    en: 'The amount is outside the allowed range (the least an order may be, or what you may still lock): see the minimum and maximum on the page.',
  },
  FomoBlacklisted: {
    'zh-Hant': '此地址已被列入黑名單，無法參與。',
    en: 'This address is blacklisted: it cannot take part.',
  },
  FomoForceOutTooEarly: { 'zh-Hant': '此訂單還不能被強制出局。', en: 'This order cannot be forced out yet.' },
  FomoInvalidTier: { 'zh-Hant': '請選擇有效的鎖倉期。', en: 'Choose one of the lock periods offered.' },
  FomoMinimumRequired: {
    'zh-Hant': '以 NEX 支付時必須設定最少收到的 USDT，請重新整理頁面後再試。',
    en: 'A payment in NEX needs a minimum of USDT to receive: reload the page and try again.',
  },
  FomoNoPrize: {
    'zh-Hant': '您在這一輪沒有可領取的獎金（或已領取）。',
    en: 'You have no prize to claim in this round (or it was claimed).',
  },
  FomoNotRegistered: {
    'zh-Hant': '請先註冊（綁定推薦人）再參與。',
    en: 'Register (bind a referrer) before taking part.',
  },
  FomoNotStarted: { 'zh-Hant': '資金池尚未開始，請稍後再試。', en: 'The pool has not started yet: try again later.' },
  FomoNothingToClaim: { 'zh-Hant': '目前沒有可領取的收益。', en: 'There is nothing to claim yet.' },
  FomoOrderLocked: {
    'zh-Hant': '此訂單仍在鎖倉中，鎖倉結束後才能釋放。',
    en: 'This order is still locked: it can be released once its lock ends.',
  },
  FomoOrderNotActive: { 'zh-Hant': '此訂單已釋放或已結束。', en: 'This order is already released or over.' },
  FomoRoundNotSettled: {
    'zh-Hant': '這一輪尚未結算，結算後才能領取獎金。',
    en: 'This round is not settled yet: its prizes can be claimed once it is.',
  },
  FomoTimesOutOfRange: { 'zh-Hant': '份數超出允許的範圍。', en: 'The number of units is outside the allowed range.' },
  FomoUpkeepNotDue: { 'zh-Hant': '目前沒有需要結算的輪次。', en: 'There is no round to settle right now.' },
  FomoWrongHandleFee: {
    'zh-Hant': '手續費（BNB）不符，請重新整理頁面後再試。',
    en: 'The handling fee (BNB) does not match: reload the page and try again.',
  },
  // Minting (IDO)
  IdoExceedsRoundMax: {
    'zh-Hant': '本輪剩餘的份數不足，請減少份數。',
    en: 'Not enough units are left in this round: enter fewer.',
  },
  IdoExceedsUserMax: {
    'zh-Hant': '超過每個地址在本輪可鑄造的上限。',
    en: 'More than this address may mint in this round.',
  },
  IdoInsufficientTokens: {
    'zh-Hant': '合約中可發放的代幣不足，請稍後再試。',
    en: 'The contract holds too few tokens for this: try again later.',
  },
  IdoInvalidAddress: { 'zh-Hant': '地址無效。', en: 'The address is not valid.' },
  IdoNotEnoughKeys: { 'zh-Hant': '您的鑰匙（NFT）不足。', en: 'You do not hold enough keys (NFT).' },
  IdoNotMinter: { 'zh-Hant': '此地址沒有鑄造權限。', en: 'This address may not mint.' },
  IdoNotRegistered: { 'zh-Hant': '請先註冊（綁定推薦人）再鑄造。', en: 'Register (bind a referrer) before minting.' },
  IdoNotWhitelisted: {
    'zh-Hant': '此地址不在本輪的白名單中。',
    en: 'This address is not on the whitelist of this round.',
  },
  IdoNothingToClaim: { 'zh-Hant': '目前沒有可領取的釋放。', en: 'Nothing has been released to claim yet.' },
  IdoPaymentAboveMax: {
    'zh-Hant': '價格已變動，所需金額超過您確認的上限，未扣款。請重新報價後再試。',
    en: 'The price moved: the cost is above the maximum you confirmed, and nothing was charged. Get a new quote and try again.',
  },
  IdoPaymentTooLow: {
    'zh-Hant': '支付金額不足（價格可能已變動），請重新報價後再試。',
    en: 'The payment is too low (the price may have moved): get a new quote and try again.',
  },
  IdoRoundLocked: { 'zh-Hant': '這一輪已鎖定。', en: 'This round is locked.' },
  IdoRoundNotActive: {
    'zh-Hant': '這一輪目前不開放鑄造（尚未開始或已結束）。',
    en: 'This round is not open for minting (not started or over).',
  },
  IdoValueMismatch: {
    'zh-Hant': '支付的 BNB 數量不符，請重新報價後再試。',
    en: 'The BNB sent does not match: get a new quote and try again.',
  },
  IdoZeroTimes: { 'zh-Hant': '請輸入至少 1 份。', en: 'Enter at least 1 unit.' },
  // Mining
  MiningAmountOutOfRange: {
    'zh-Hant': '金額超出此檔位允許的範圍。',
    en: 'The amount is outside what this tier accepts.',
  },
  MiningBlacklisted: {
    'zh-Hant': '此地址已被列入黑名單，無法參與挖礦。',
    en: 'This address is blacklisted: it cannot mine.',
  },
  MiningClaimTooEarly: {
    'zh-Hant': '還不能領取，請在下次可領取時間之後再試。',
    en: 'It is too early to claim: try again after the next claim time.',
  },
  MiningInvalidTier: { 'zh-Hant': '請選擇有效的檔位。', en: 'Choose one of the tiers offered.' },
  MiningNotRegistered: { 'zh-Hant': '請先註冊（綁定推薦人）再挖礦。', en: 'Register (bind a referrer) before mining.' },
  MiningNotStakeOwner: { 'zh-Hant': '這筆質押不屬於此地址。', en: 'This stake does not belong to this address.' },
  MiningNothingToClaim: { 'zh-Hant': '目前沒有可領取的挖礦收益。', en: 'There are no mining rewards to claim yet.' },
  MiningStakeCompleted: { 'zh-Hant': '這筆質押已經完成。', en: 'This stake is already completed.' },
  MiningStakeLocked: {
    'zh-Hant': '這筆質押仍在鎖倉中，鎖倉結束後才能釋放。',
    en: 'This stake is still locked: it can be released once its lock ends.',
  },
  MiningUpkeepNotDue: { 'zh-Hant': '目前沒有需要處理的事項。', en: 'There is nothing to do right now.' },
  MiningWrongHandleFee: {
    'zh-Hant': '手續費（BNB）不符，請重新整理頁面後再試。',
    en: 'The handling fee (BNB) does not match: reload the page and try again.',
  },
  // NFT keys
  NftArrayLengthMismatch: { 'zh-Hant': '卡片與數量的筆數不一致。', en: 'The cards and the amounts do not pair up.' },
  NftBatchTooLarge: {
    'zh-Hant': '一次處理的卡片太多，請分批進行。',
    en: 'Too many cards at once: split them into batches.',
  },
  NftInvalidAddress: { 'zh-Hant': '地址無效。', en: 'The address is not valid.' },
  NftNothingToClaim: { 'zh-Hant': '目前沒有可領取的分紅。', en: 'There are no dividends to claim yet.' },
  NftUnknownCard: { 'zh-Hant': '找不到此卡片。', en: 'This card does not exist.' },
  NftZeroAmount: { 'zh-Hant': '請輸入大於 0 的數量。', en: 'Enter an amount above 0.' },
  // Staking
  StakeAmountOutOfRange: {
    'zh-Hant': '金額超出允許的範圍，請查看頁面上的最小與最大金額（或已達到每個地址的上限）。',
    en: 'The amount is outside the allowed range: see the minimum and maximum on the page (or the per-address cap is reached).',
  },
  StakeInsufficientPool: {
    'zh-Hant': '質押池剩餘的獎勵不足以支付這筆質押，請減少金額。',
    en: 'The staking pool has too little reward left for this stake: enter less.',
  },
  StakeInvalidRound: { 'zh-Hant': '請選擇有效的質押輪次。', en: 'Choose one of the staking rounds offered.' },
  StakeNoPrice: { 'zh-Hant': '這一輪還沒有價格，請稍後再試。', en: 'This round has no price yet: try again later.' },
  StakeNoRound: { 'zh-Hant': '目前沒有開放的質押輪次。', en: 'No staking round is open now.' },
  StakeNotRegistered: { 'zh-Hant': '請先註冊（綁定推薦人）再質押。', en: 'Register (bind a referrer) before staking.' },
  StakeNothingToClaim: { 'zh-Hant': '目前沒有可領取的釋放。', en: 'Nothing has been released to claim yet.' },
  StakeRewardBelowMinimum: {
    'zh-Hant': '價格已變動：這筆質押得到的 NEX 將少於您接受的最低數量，沒有扣款。請重新報價後再試。',
    en: 'The price moved: this stake would earn less NEX than the minimum you accepted, so nothing was spent. Get a new quote and try again.',
  },
  StakeRoundNotStarted: {
    'zh-Hant': '這一輪尚未開始，請在開始時間之後再試。',
    en: 'This round has not started yet: try again after its start time.',
  },
  StakeWrongHandleFee: {
    'zh-Hant': '手續費（BNB）不符，請重新整理頁面後再試。',
    en: 'The handling fee (BNB) does not match: reload the page and try again.',
  },
  // Token, swaps and prices
  TokenNotWhitelisted: {
    'zh-Hant': '交易開放前，只有白名單地址可以轉帳或交易 NEX。',
    en: 'Before trading opens, only whitelisted addresses may move or trade NEX.',
  },
  TokenSellInBurnBlock: {
    'zh-Hant': '本區塊正在進行銷毀，請在下一個區塊再賣出。',
    en: 'A burn runs in this block: sell in the next block.',
  },
  TokenTradingNotOpen: { 'zh-Hant': 'NEX 尚未開放交易。', en: 'NEX trading is not open yet.' },
  TokenZeroAmount: { 'zh-Hant': '請輸入大於 0 的數量。', en: 'Enter an amount above 0.' },
  TokenZeroMinOut: {
    'zh-Hant': '最低收到數量不能為 0，請重新報價後再試。',
    en: 'The minimum to receive cannot be 0: get a new quote and try again.',
  },
  TokenBurnTooEarly: { 'zh-Hant': '還不到下一次銷毀的時間。', en: 'It is too early for the next burn.' },
  TokenNothingToBurn: { 'zh-Hant': '目前沒有可銷毀的代幣。', en: 'There is nothing to burn right now.' },
  TwapOracleNotReady: {
    'zh-Hant': '價格預言機還沒有足夠的價格資料，請稍後再試或改用 USDT 支付。',
    en: 'The price oracle has no average price yet: try again later or pay with USDT.',
  },
  // OpenZeppelin
  EnforcedPause: {
    'zh-Hant': '此功能暫停中：新的存入暫時不開放，已欠您的款項仍可領取。',
    en: 'This is paused for now: new deposits are closed, what you are owed can still be claimed.',
  },
  ReentrancyGuardReentrantCall: {
    'zh-Hant': '操作失敗：不允許重入呼叫。',
    en: 'Operate Error: re-entrant calls are not allowed.',
  },
  SafeERC20FailedOperation: {
    'zh-Hant': '代幣轉帳失敗，請檢查餘額與授權。',
    en: 'The token transfer failed: check the balance and the approval.',
  },
  ERC1155MissingApprovalForAll: {
    'zh-Hant': '請先授權合約使用您的卡片。',
    en: 'Approve the contract for your cards first.',
  },
}

/**
 * @dev Custom errors that only the owner's (the Timelock's), a manager's, the guardian's or the keeper's calls, or
 * internal plumbing raise: they keep the generic "The contract rejected the operation: <error>" message, which
 * names the error for the operator.
 */
export const NON_USER_ERRORS: ReadonlySet<string> = new Set([
  'AccessControlBadConfirmation',
  'AddressEmptyCode',
  'BurnTeamRatesNotIncreasing',
  'ERC1155InvalidApprover',
  'ERC1155InvalidArrayLength',
  'ERC1155InvalidOperator',
  'ERC1155InvalidReceiver',
  'ERC1155InvalidSender',
  'ERC1967InvalidImplementation',
  'ERC1967NonPayable',
  'ERC1967ProxyUninitialized',
  'ERC20InvalidApprover',
  'ERC20InvalidReceiver',
  'ERC20InvalidSender',
  'ERC20InvalidSpender',
  'ExpectedPause',
  'ExpiryQueueIdOutOfBounds',
  'FailedCall',
  'FeeMathRateTooHigh',
  'IdoBatchTooLarge',
  'IdoInvalidRound',
  'InfoTooMany',
  'InvalidInitialization',
  'LogCreditAmountMissing',
  'LogInvalidOwner',
  'LogInvalidWriter',
  'LogTooManySymbols',
  'LogTooManyWriters',
  'LogUnknownCode',
  'LogWrongEntryKind',
  'MainInvalidGenesis',
  'Multicall3CallFailed',
  'NexusGuardianCooldown',
  'NexusInvalidImplementation',
  'NexusInvalidRecipient',
  'NexusNoPendingUpgrade',
  'NexusNotGuardian',
  'NexusNotManager',
  'NexusUpgradeNotReady',
  'NexusUpgradePending',
  'NexusWithdrawExceedsExcess',
  'NftInvalidLevel',
  'NftInvalidPower',
  'NftOwnerMintTooLarge',
  'NftTooManyCards',
  'NotInitializing',
  'OwnableInvalidOwner',
  'PayoutsIdUsed',
  'PayoutsNotPayer',
  'PayoutsNotToken',
  'PayoutsZeroAddress',
  'PayoutsZeroAmount',
  'SafeCastOverflowedIntDowncast',
  'SafeCastOverflowedIntToUint',
  'SafeCastOverflowedUintDowncast',
  'SafeCastOverflowedUintToInt',
  'StakeRoundNotSchedulable',
  'StakeRoundTermsFixed',
  'TimelockInsufficientDelay',
  'TimelockInvalidOperationLength',
  'TimelockUnexecutedPredecessor',
  'TimelockUnexpectedOperationState',
  'TokenBelowAutoSwapMin',
  'TokenInvalidAddress',
  'TokenTradingAlreadyOpen',
  'TokenUnknownUpkeep',
  'TokenUpkeepNotDue',
  'TokenWithdrawExceedsExcess',
  'TwapOracleInvalidToken',
  'TwapOracleWindowOutOfBounds',
  'UUPSUnsupportedProxiableUUID',
  'ValueOutOfBounds',
])
