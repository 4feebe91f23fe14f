export type WalletErrorKind = 'rejected' | 'no-wallet' | 'already-connected' | 'other'

/**
 * Classifies an error from connecting a wallet, walking its `cause` chain (viem and wagmi wrap errors).
 *
 * @example
 * walletErrorKind({ code: 4001, message: 'User rejected the request.' }) // 'rejected'
 */
export function walletErrorKind(error: unknown): WalletErrorKind {
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    if (typeof current !== 'object') break
    const { name, code, cause } = current as { name?: unknown; code?: unknown; cause?: unknown }
    if (code === 4001 || name === 'UserRejectedRequestError') return 'rejected'
    if (name === 'ProviderNotFoundError') return 'no-wallet'
    if (name === 'ConnectorAlreadyConnectedError') return 'already-connected'
    current = cause
  }
  return 'other'
}
