/**
 * The legacy API's routes (apps/legacy-api, POST form-encoded under /api/api/invest/, SPEC.md §7) that the web app
 * calls: for each, the form fields it validates and the `data` of its `{ code: 0, msg, data }` answer. The server's
 * routes answer through these types (`answer(request, route, data)`), so a changed answer fails the server's
 * typecheck and the web's, which reads them.
 */

/** The credit types of the server's wallets (the `credit_type` field). */
export type LegacyCreditType = 'USDT' | 'ARB'

/** A withdrawal as the manager routes show it. */
export type LegacyWithdrawal = {
  id: number
  address: string
  credit_type: string
  /** Token units, as a decimal text. */
  amount: string
  /** pending, approved, paying, paid, failed, cancelled, rejecting (a manager rejected it; refunded once its id is cancelled on chain) or rejected (refunded). */
  status: string
  /** Pending and above the keeper's approval threshold: paid only once a manager approves it. */
  needsApproval: boolean
  reason: string | null
  payoutHash: string | null
  createdAt: string
}

/** One change of a wallet (walletList); a `withdraw` entry carries its withdrawal's state. */
export type LegacyWalletEntry = {
  id: number
  amount: string
  balance: string
  kind: string
  createdAt: string
  withdrawal?: { id: number; status: string; reason: string | null; payoutHash: string | null }
}

/** The keeper's payout policy (WITHDRAW_APPROVAL_THRESHOLD, WITHDRAW_DAILY_CAP) and today's payouts per type. */
export type LegacyWithdrawalPolicy = {
  approvalThreshold: string
  dailyCap: string
  paidToday: Record<LegacyCreditType, string>
}

/** The lists of withdrawQueue: not yet paid nor rejected, paid, rejected. */
export type LegacyWithdrawalList = 'open' | 'paid' | 'rejected'

/** Fields and answer of each route. */
export type LegacyRoutes = {
  isRegister: { fields: { address: string }; data: { isRegister: boolean } }
  register: {
    fields: { username: string; recommend: string }
    data: { id: number; username: string; address: string; recommender: string }
  }
  nonce: {
    fields: { address: string }
    data: { nonce: string; chainId: number; domains: readonly string[]; issuedAt: string; expirationTime: string }
  }
  login: {
    fields: { message: string; signature: string }
    data: { token: string; address: string; expiresAt: string; isRegister: boolean }
  }
  logout: { fields: Record<string, never>; data: null }
  teamInfo: {
    fields: Record<string, never>
    data: {
      address: string
      registered: boolean
      referrer: string | null
      directCount: number
      teamCount: number
      teamPower: string
      teamAmount: string
    }
  }
  walletList: {
    fields: { credit_type: LegacyCreditType; page: number }
    data: {
      credit_type: LegacyCreditType
      balance: string
      page: number
      pageSize: number
      total: number
      list: LegacyWalletEntry[]
    }
  }
  withdrawQueue: {
    fields: { page?: number; status?: LegacyWithdrawalList }
    data: {
      page: number
      pageSize: number
      status: LegacyWithdrawalList
      total: number
      policy: LegacyWithdrawalPolicy
      list: LegacyWithdrawal[]
    }
  }
  withdrawApprove: { fields: { id: number }; data: LegacyWithdrawal }
  withdrawReject: { fields: { id: number; reason: string }; data: LegacyWithdrawal }
}

/** A route of {@link LegacyRoutes}. */
export type LegacyRoute = keyof LegacyRoutes
/** The form fields of `route`. */
export type LegacyFields<route extends LegacyRoute> = LegacyRoutes[route]['fields']
/** The `data` of `route`'s successful answer. */
export type LegacyData<route extends LegacyRoute> = LegacyRoutes[route]['data']
