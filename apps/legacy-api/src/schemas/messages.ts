/** Languages of the `lang` header. Anything else falls back to English. */
export type Lang = 'en' | 'zh-cn'

/** Every message the API sends, in both languages of the first product version. */
export const messages = {
  ok: { en: 'OK', 'zh-cn': '成功' },
  invalidField: { en: 'Invalid {field}', 'zh-cn': '{field} 格式错误' },
  missingField: { en: '{field} is required', 'zh-cn': '缺少 {field}' },
  notPositive: { en: '{field} must be greater than 0', 'zh-cn': '{field} 必须大于 0' },
  outOfRange: { en: '{field} must be between {min} and {max}', 'zh-cn': '{field} 必须在 {min} 到 {max} 之间' },
  tooManyDecimals: {
    en: '{field} has more than {decimals} decimal places',
    'zh-cn': '{field} 的小数位数不能超过 {decimals} 位',
  },
  notLoggedIn: { en: 'Please log in again', 'zh-cn': '请重新登录' },
  tooManyRequests: { en: 'Too many requests; try again later', 'zh-cn': '请求过于频繁，请稍后再试' },
  bodyTooLarge: { en: 'Request too large', 'zh-cn': '请求内容过大' },
  badRequest: { en: 'Malformed request', 'zh-cn': '请求格式错误' },
  notFound: { en: 'Unknown API', 'zh-cn': '接口不存在' },
  serverError: { en: 'Server busy; please try again later', 'zh-cn': '服务器繁忙，请稍后再试' },
  unavailable: {
    en: 'The service is briefly unavailable; nothing was changed, please try again shortly',
    'zh-cn': '服务暂时不可用，未做任何更改，请稍后重试',
  },
  // Sign-in
  nonceInvalid: {
    en: 'The sign-in request is unknown, used or expired; please sign in again',
    'zh-cn': '登录请求不存在、已使用或已过期，请重新登录',
  },
  signInInvalid: { en: 'The sign-in message is malformed', 'zh-cn': '登录消息格式错误' },
  signInDomain: { en: 'The sign-in message is for another site', 'zh-cn': '登录消息不属于本站' },
  signInChain: { en: 'The sign-in message is for another network', 'zh-cn': '登录消息的网络不正确' },
  signInExpired: { en: 'The sign-in message has expired; please sign in again', 'zh-cn': '登录消息已过期，请重新登录' },
  signInNotYetValid: {
    en: 'The sign-in message is not valid yet; check your clock',
    'zh-cn': '登录消息尚未生效，请检查设备时间',
  },
  signInSignature: { en: 'The signature does not match the wallet', 'zh-cn': '签名与钱包不匹配' },
  // Accounts and team
  notRegistered: { en: 'Please register first', 'zh-cn': '请先注册' },
  alreadyRegistered: { en: 'This wallet is already registered', 'zh-cn': '该钱包已注册' },
  usernameTaken: { en: 'This username is taken', 'zh-cn': '该用户名已被使用' },
  recommendNotRegistered: {
    en: 'The referral address is not registered; please enter a valid one',
    'zh-cn': '推荐地址未注册，请输入有效的推荐地址',
  },
  recommendIsSelf: { en: 'You cannot refer yourself', 'zh-cn': '不能填写自己的地址' },
  recommendIsOwnDirect: {
    en: 'The referral address cannot be your own direct referral',
    'zh-cn': '推荐地址不能是您的直推',
  },
  userNotInTeam: { en: 'This user is not in your team', 'zh-cn': '该用户不在您的团队中' },
  // Products
  machineTypeNotFound: { en: 'This machine is not for sale', 'zh-cn': '该矿机不存在或已下架' },
  nodeNotFound: { en: 'This node is not for sale', 'zh-cn': '该节点不存在或已下架' },
  soldOut: { en: 'Not enough left: {left} remaining', 'zh-cn': '库存不足，仅剩 {left}' },
  perUserLimit: { en: 'Exceeds the maximum of {max} per user', 'zh-cn': '超过每人最多 {max} 台的限制' },
  nodeOwned: { en: 'You already own a node', 'zh-cn': '您已拥有节点' },
  // Wallets
  creditTypeUnknown: { en: 'Unknown credit_type (use USDT or ARB)', 'zh-cn': '未知的 credit_type（可用 USDT 或 ARB）' },
  balanceInsufficient: { en: 'Balance Insufficient', 'zh-cn': '余额不足' },
  notManager: { en: 'Only a manager may do this', 'zh-cn': '仅管理员可以操作' },
  withdrawNotDecidable: {
    en: 'This withdrawal is already being paid, paid or rejected',
    'zh-cn': '该提现已在支付中、已支付或已拒绝',
  },
  withdrawCancelling: {
    en: 'This payout failed and is being cancelled on chain; it can be rejected (and refunded) once the cancel is final',
    'zh-cn': '该提现支付失败，正在链上取消；取消确认后才能拒绝（并退款）',
  },
  withdrawNotPaidOut: {
    en: '{symbol} withdrawals are not paid out: no payout token is configured for {symbol}',
    'zh-cn': '{symbol} 暂不支持提现：未配置 {symbol} 的出款代币',
  },
  withdrawUnknown: { en: 'No withdrawal has this id', 'zh-cn': '该提现不存在' },
  withdrawMinimum: { en: '{symbol} withdrawal requires more than {min}', 'zh-cn': '{symbol} 提现数量必须大于 {min}' },
  // Payments
  txNotFound: {
    en: 'Transaction not found; check the hash or wait until it is mined',
    'zh-cn': '未找到该交易，请检查哈希或等待交易上链',
  },
  txFailed: { en: 'The transaction failed on chain', 'zh-cn': '该交易在链上执行失败' },
  txWrongSender: { en: 'The transaction was not sent by your wallet', 'zh-cn': '该交易不是由您的钱包发送的' },
  txWrongRecipient: { en: 'The payment went to the wrong address', 'zh-cn': '付款地址不正确' },
  txWrongAmount: {
    en: 'The payment must be exactly {expected} {symbol}',
    'zh-cn': '付款金额必须为 {expected} {symbol}',
  },
  txNotConfirmed: {
    en: 'The transaction has {confirmations} of {required} confirmations; try again shortly',
    'zh-cn': '交易确认数 {confirmations}/{required}，请稍后再试',
  },
  txUsed: { en: 'This transaction hash was already used', 'zh-cn': '该交易哈希已被使用' },
} as const satisfies Record<string, Record<Lang, string>>

export type MessageKey = keyof typeof messages

/** Reads the `lang` header (`en` or `zh-cn`, case-insensitive); default English. */
export function langOf(header: string | string[] | undefined): Lang {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase()
  return value === 'zh-cn' ? 'zh-cn' : 'en'
}

/** A message in `lang`, with `{name}` placeholders filled from `params`. */
export function translate(key: MessageKey, lang: Lang, params: Record<string, string> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (match, name: string) => params[name] ?? match)
}
