import { msg } from '@lingui/core/macro'
import { burnAbi } from '@nexus/abi'
import { bnbForUsdt } from '@nexus/sdk'
import { zeroAddress } from 'viem'
import type { Address, ContractFunctionName, ContractFunctionReturnType } from 'viem'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { typedUnits } from '../../lib/amountInput.ts'
import { burnDividends } from '../../components/blocks/account/dividends.ts'
import type { BurnOrderState } from '../../components/blocks/account/dividends.ts'
import { tokensForUsdt } from './burnQuote.ts'

type BurnRead<name extends ContractFunctionName<typeof burnAbi, 'view'>> = ContractFunctionReturnType<
  typeof burnAbi,
  'view',
  name
>

export type BurnConfig = BurnRead<'getConfig'>
export type BurnConfigMulti = BurnRead<'getConfigMulti'>
export type BurnTotals = BurnRead<'totalInfo'>
export type BurnReserves = BurnRead<'getReserves'>
export type BurnUser = BurnRead<'users'>

/** The chain reads of the Burn page (each undefined until read). */
export type BurnReads = {
  config?: BurnConfig
  multi?: BurnConfigMulti
  totals?: BurnTotals
  reserves?: BurnReserves
  user?: BurnUser
  /** USDT and NEX for one BNB at Burn's TWAP views (they revert while the oracles have no price). */
  usdtPerBnb?: bigint
  nexPerBnb?: bigint
  usdtBalance?: bigint
  bnbBalance?: bigint
}

/** The orders the account's next claim settles, with their accrued dividends, and whether more wait. */
export type ClaimWindow = { orders: readonly BurnOrderState[]; more: boolean }

export type BurnInput = {
  account: Address | undefined
  burn: Address
  usdt: Address
  reads: BurnReads
  /** Undefined until the window's orders are read (or without an account). */
  claimWindow: ClaimWindow | undefined
  /** Whether expired orders wait to be settled (the pool shares no new dividends until then). */
  expiredWaiting: boolean
  times: string
  payWith: 'USDT' | 'BNB'
}

export type BurnModel = {
  reserves: BurnReserves | undefined
  totals: BurnTotals | undefined
  config: BurnConfig | undefined
  payWith: 'USDT' | 'BNB'
  /** The order the field describes (undefined figures show a dash until it holds a count of units). */
  order: {
    usdt: bigint | undefined
    /** About what is sent in BNB (at the TWAP less the slippage). */
    bnb: bigint | undefined
    /** About the NEX the order counts. */
    tokens: bigint | undefined
    dividendsUpTo: bigint | undefined
  }
  /** The balance in the token paid with. */
  balance: bigint | undefined
  canBurn: boolean
  burnPlan: TransactionPlan
  user: BurnUser | undefined
  dividends: ReturnType<typeof burnDividends> | undefined
  canClaim: boolean
  claim: TransactionPlan['request']
  /** The claim fee in percent (e.g. "5"), once the config is read. */
  feePercent: string | undefined
  /** How many orders one claim settles when the account has more than that, else undefined. */
  claimSettlesAtMost: bigint | undefined
  expiredWaiting: boolean
  canSettle: boolean
  settlePlan: TransactionPlan
}

/** Burn.processExpired's bounds for one batch (BurnLib.MAX_HANDLE). */
export const MAX_SETTLE_BATCH = 200n

/** How many expired orders one "settle" click forces out: the pool's own batch size (`handleGas`), within bounds. */
export function settleBatch(handleGas: bigint | undefined): bigint {
  if (!handleGas || handleGas < 1n) return 50n
  return handleGas > MAX_SETTLE_BATCH ? MAX_SETTLE_BATCH : handleGas
}

/**
 * The Burn page from its reads and form: the pool, the order the field describes (paid in USDT approved to Burn,
 * or in BNB swapped at no worse than the TWAP less the slippage, the USDT above the order value refunded), the
 * account's dividends in the window its next claim settles, and the burn, claim and settle transactions.
 */
export function burnModel(input: BurnInput): BurnModel {
  const { account, burn, usdt, reads, claimWindow, expiredWaiting, times, payWith } = input
  const { config, usdtPerBnb, nexPerBnb } = reads
  const user = account ? reads.user : undefined
  const usdtBalance = account ? reads.usdtBalance : undefined
  const bnbBalance = account ? reads.bnbBalance : undefined
  const isBnb = payWith === 'BNB'
  const slippage = reads.multi?.slippage ?? 0n

  const unitCount = typedUnits(times)
  const orderUsdt = config && unitCount !== undefined ? unitCount * config.burnEvery : undefined
  const dividends = user && claimWindow && config ? burnDividends(user, claimWindow.orders, config.feeRate) : undefined

  return {
    reserves: reads.reserves,
    totals: reads.totals,
    config,
    payWith,
    order: {
      usdt: orderUsdt,
      bnb: orderUsdt !== undefined && usdtPerBnb ? bnbForUsdt(orderUsdt, usdtPerBnb, slippage) : undefined,
      tokens:
        orderUsdt !== undefined && usdtPerBnb && nexPerBnb !== undefined
          ? tokensForUsdt(orderUsdt, usdtPerBnb, nexPerBnb)
          : undefined,
      dividendsUpTo: orderUsdt !== undefined && config ? (orderUsdt * config.rewardRate) / 10_000n : undefined,
    },
    balance: isBnb ? bnbBalance : usdtBalance,
    canBurn: !!account,
    burnPlan: {
      amount: { input: times, units: true, rules: { min: 1n, max: config?.burnSurplus } },
      check: (units) => {
        if (!config || units === undefined) return undefined
        if (isBnb) {
          if (!usdtPerBnb) return msg`No BNB price yet: pay with USDT or try again later`
          const value = bnbForUsdt(units * config.burnEvery, usdtPerBnb, slippage)
          return bnbBalance !== undefined && value > bnbBalance ? msg`Balance Insufficient` : undefined
        }
        return usdtBalance !== undefined && units * config.burnEvery > usdtBalance
          ? msg`Balance Insufficient`
          : undefined
      },
      spend: isBnb ? undefined : { token: usdt, spender: burn },
      request: (units) => {
        const value = units ?? 0n
        const price = (config?.burnEvery ?? 0n) * value
        const paid = isBnb && usdtPerBnb ? bnbForUsdt(price, usdtPerBnb, slippage) : price
        return writeRequest({
          address: burn,
          abi: burnAbi,
          functionName: 'burn',
          args: [account ?? zeroAddress, value, paid, isBnb],
          value: isBnb ? paid : undefined,
        })
      },
      action: msg`Burn`,
      success: msg`Burned`,
    },
    user,
    dividends,
    canClaim: !!account && !!dividends?.claimable,
    claim: () => writeRequest({ address: burn, abi: burnAbi, functionName: 'claimReward' }),
    feePercent: config ? (Number(config.feeRate) / 100).toString() : undefined,
    claimSettlesAtMost: claimWindow?.more && config ? config.handleGas : undefined,
    expiredWaiting,
    canSettle: !!account,
    settlePlan: {
      request: () =>
        writeRequest({
          address: burn,
          abi: burnAbi,
          functionName: 'processExpired',
          args: [settleBatch(config?.handleGas)],
        }),
      success: msg`Expired orders settled`,
    },
  }
}
