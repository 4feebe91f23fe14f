import { msg } from '@lingui/core/macro'
import { iUniswapV2Router02Abi } from '@nexus/abi'
import type { tokenAbi } from '@nexus/abi'
import { quoteSwap } from '@nexus/sdk'
import type { QuoteSwapReturnType } from '@nexus/sdk'
import { isAddressEqual, zeroAddress } from 'viem'
import type { Address, ContractFunctionReturnType } from 'viem'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { checkAmount } from '../../lib/amountInput.ts'
import { showsAsZero } from '../../lib/format.ts'

export type TokenConfig = ContractFunctionReturnType<typeof tokenAbi, 'view', 'getConfig'>

/** The slippage tolerances offered, in basis points, and the one a new user starts with. */
export const SLIPPAGE_CHOICES = [50, 100, 300, 500] as const
export const DEFAULT_SLIPPAGE = 100
/** The swap's deadline: this long after the chain's current time (the device clock may differ from it). */
export const DEADLINE_SECONDS = 20 * 60
/** Above this price impact (basis points) the page warns. */
export const IMPACT_WARNING_BPS = 500

/** A saved slippage (local storage's text) if it is a whole number of basis points in (0, 5000), else the default. */
export function savedSlippage(saved: string | null): number {
  const value = Number(saved)
  return Number.isInteger(value) && value > 0 && value < 5_000 ? value : DEFAULT_SLIPPAGE
}

/** The chain reads of `/swap` (each undefined until read). */
export type SwapReads = {
  usdtBalance?: bigint
  nexBalance?: bigint
  /** The pair's reserves (reserve0, reserve1, last block time) and its token0. */
  reserves?: readonly [bigint, bigint, number]
  token0?: Address
  config?: TokenConfig
  /** Whether the account pays no NEX fees. */
  exempt?: boolean
}

export type SwapInput = {
  account: Address | undefined
  router: Address
  usdt: Address
  nex: Address
  reads: SwapReads
  /** Buying NEX with USDT (else selling NEX for USDT). */
  fromUsdt: boolean
  /** What the amount field holds. */
  input: string
  slippageBps: number
  /** The DEX pair's own fee in basis points (the chain's). */
  pairFeeBps: number
  /** The chain's time, and the device's (Unix seconds) for while the chain's is unknown: the deadline counts from it. */
  chainNow: number | undefined
  deviceNow: number
}

export type SwapModel = {
  symbolIn: 'USDT' | 'NEX'
  symbolOut: 'USDT' | 'NEX'
  balanceIn: bigint | undefined
  /** The NEX fees on this side in percent (0 for an exempt account). */
  feePercent: number
  quote: QuoteSwapReturnType | undefined
  /** The pool's price: one token in for this many out (18 decimals). */
  rate: bigint | undefined
  impactWarning: boolean
  canSwap: boolean
  swap: TransactionPlan
}

/**
 * `/swap` from its reads and form: the pair's reserves in the swap's direction, the NEX fees on this side (the
 * buy rate, or the sell's three rates, each floored on its own as the token does; none for an exempt account),
 * the quote net of them with its minimum after the slippage, and the router swap. A swap whose quote shows 0
 * (what the user would get rounds to nothing) is refused, not sent.
 */
export function swapModel(parameters: SwapInput): SwapModel {
  const { account, router, usdt, nex, reads, fromUsdt, input, slippageBps, pairFeeBps } = parameters
  const { reserves, token0, config, exempt } = reads
  const tokenIn = fromUsdt ? usdt : nex
  const tokenOut = fromUsdt ? nex : usdt
  const balanceIn = account ? (fromUsdt ? reads.usdtBalance : reads.nexBalance) : undefined
  const parsed = checkAmount(input)
  const amountIn = parsed.ok ? parsed.value : 0n
  const [reserveIn, reserveOut] =
    reserves && token0
      ? isAddressEqual(token0, tokenIn)
        ? [reserves[0], reserves[1]]
        : [reserves[1], reserves[0]]
      : [0n, 0n]
  const feeBps =
    config === undefined || exempt
      ? []
      : fromUsdt
        ? [config.buyRate]
        : [config.addPoolRate, config.feeUSDT, config.feeNex]
  const quote =
    reserves && token0 && config !== undefined && exempt !== undefined && amountIn > 0n
      ? quoteSwap({
          side: fromUsdt ? 'buy' : 'sell',
          amountIn,
          feeBps,
          reserveIn,
          reserveOut,
          pairFeeBps,
          slippageBps,
        })
      : undefined
  const deadline = BigInt((parameters.chainNow ?? parameters.deviceNow) + DEADLINE_SECONDS)
  return {
    symbolIn: fromUsdt ? 'USDT' : 'NEX',
    symbolOut: fromUsdt ? 'NEX' : 'USDT',
    balanceIn,
    feePercent: Number(feeBps.reduce((sum, rate) => sum + rate, 0n)) / 100,
    quote,
    rate: reserveIn > 0n ? (reserveOut * 10n ** 18n) / reserveIn : undefined,
    impactWarning: quote !== undefined && quote.priceImpactBps > IMPACT_WARNING_BPS,
    canSwap: !!account,
    swap: {
      amount: { input, rules: { balance: balanceIn } },
      check: () =>
        quote === undefined
          ? msg`No quote for this amount yet`
          : showsAsZero(quote.amountOut) || showsAsZero(quote.minimumOut)
            ? msg`You would receive nothing for this amount: enter a larger amount`
            : undefined,
      spend: { token: tokenIn, spender: router },
      request: (value) =>
        writeRequest({
          address: router,
          abi: iUniswapV2Router02Abi,
          functionName: 'swapExactTokensForTokensSupportingFeeOnTransferTokens',
          args: [value ?? 0n, quote?.minimumOut ?? 0n, [tokenIn, tokenOut], account ?? zeroAddress, deadline],
        }),
      action: msg`Swap`,
      success: msg`Swapped`,
    },
  }
}
