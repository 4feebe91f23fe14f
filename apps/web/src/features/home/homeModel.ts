import { msg } from '@lingui/core/macro'
import { idoAbi } from '@nexus/abi'
import type { tokenAbi } from '@nexus/abi'
import { bnbForUsdt, nexPaymentMax } from '@nexus/sdk'
import type { Address, ContractFunctionName, ContractFunctionReturnType } from 'viem'
import { writeRequest } from '../../hooks/useTransaction.ts'
import type { TransactionPlan } from '../../hooks/useTransaction.ts'
import { typedUnits } from '../../lib/amountInput.ts'

type IdoRead<name extends ContractFunctionName<typeof idoAbi, 'view'>> = ContractFunctionReturnType<
  typeof idoAbi,
  'view',
  name
>

export type IdoConfig = IdoRead<'getConfig'>
export type IdoRoundState = IdoRead<'getRoundState'>
export type IdoTotals = IdoRead<'totalInfo'>
export type IdoUser = IdoRead<'users'>
export type IdoSettings = IdoRead<'getSettings'>
export type NexPrice = ContractFunctionReturnType<typeof tokenAbi, 'view', 'getPrice'>

/** What a mint or a burn order from Home is paid with. */
export type PayWith = 'USDT' | 'NEX' | 'BNB'

/** Ido's RoundStatus (IIdo.sol), in order. */
export const ROUND_STATUS_KEYS = ['notStarted', 'countdown', 'inProgress', 'ended', 'cooldown'] as const
export type RoundStatusKey = (typeof ROUND_STATUS_KEYS)[number]

/** What the caption under the countdown says. */
export type CountdownCaption =
  | { kind: 'startsAt'; at: bigint }
  | { kind: 'endsAt'; at: bigint }
  | { kind: 'untilSoldOut' }
  | { kind: 'afterCooldown' }
  | { kind: 'allEnded' }
  | { kind: 'notConfigured' }

/** The chain reads of the minting part of Home (each undefined until read, or when it needs an account and none is connected). */
export type MintingReads = {
  config?: IdoConfig
  state?: IdoRoundState
  totals?: IdoTotals
  user?: IdoUser
  claimable?: bigint
  usdtBalance?: bigint
  nexBalance?: bigint
  bnbBalance?: bigint
  price?: NexPrice
  settings?: IdoSettings
  /** Units the account bought in the current round. */
  boughtThisRound?: bigint
  /** USDT for one BNB at Ido's BNB oracle (undefined while the oracle has no price). */
  usdtPerBnb?: bigint
  /** NEX one unit costs at Ido's NEX oracle now. */
  nexPerUnit?: bigint
}

export type MintingInput = {
  account: Address | undefined
  ido: Address
  usdt: Address
  nex: Address
  reads: MintingReads
  /** The chain's time (Unix seconds), undefined before the first block. */
  now: number | undefined
  /** What the units field holds. */
  times: string
  payWith: PayWith
}

/** What the cost line under the units field describes: the typed count's cost in the chosen token. */
export type MintCost =
  | { payWith: 'USDT'; cost: bigint | undefined; balance: bigint | undefined }
  | { payWith: 'NEX'; about: bigint | undefined; atMost: bigint | undefined; balance: bigint | undefined }
  | { payWith: 'BNB'; send: bigint | undefined; balance: bigint | undefined; slippagePercent: string | undefined }

export type MintingModel = {
  /** The round as users count it (from 1), undefined before the config is read. */
  roundNumber: bigint | undefined
  status: RoundStatusKey | undefined
  secondsLeft: number
  caption: CountdownCaption
  config: IdoConfig | undefined
  state: IdoRoundState | undefined
  /** The account's limit in this round: undefined while unread, `none` when the round has no limit. */
  limit: { bought: bigint | undefined; max: bigint } | 'none' | undefined
  /** When the next round starts (its own start or the one the cooldown sets), if one is configured. */
  nextStart: bigint | undefined
  price: NexPrice | undefined
  /** The most units the form accepts: what the round has left, within the account's limit. */
  maxUnits: bigint | undefined
  cost: MintCost
  canMint: boolean
  mint: TransactionPlan
  user: IdoUser | undefined
  claimable: bigint | undefined
  canClaim: boolean
  claim: TransactionPlan['request']
  totals: IdoTotals | undefined
}

/** When the countdown runs to: the start while counting down, the end while selling, the cooldown's end after. */
export function countdownTarget(state: IdoRoundState | undefined): bigint | undefined {
  if (!state) return undefined
  if (state.status === 1) return state.startTime
  if (state.status === 2) return state.endTime
  if (state.status === 4) return state.coolEnd > 0n ? state.coolEnd : state.nextStartTime
  return undefined
}

/** The seconds the countdown shows (never below 0). */
export function secondsUntil(target: bigint | undefined, now: number | undefined): number {
  const left = target !== undefined && target > 0n && now !== undefined ? Number(target) - now : 0
  return left > 0 ? left : 0
}

export function countdownCaption(state: IdoRoundState | undefined): CountdownCaption {
  switch (state?.status) {
    case 1:
      return { kind: 'startsAt', at: state.startTime }
    case 2:
      return state.endTime > 0n ? { kind: 'endsAt', at: state.endTime } : { kind: 'untilSoldOut' }
    case 4:
      return { kind: 'afterCooldown' }
    case 3:
      return { kind: 'allEnded' }
    default:
      return { kind: 'notConfigured' }
  }
}

/** The most units one mint may have: the round's remaining units, within what the account may still buy. */
export function mintMaxUnits(config: IdoConfig | undefined, boughtThisRound: bigint | undefined): bigint | undefined {
  if (!config) return undefined
  const remaining = config.idoMax - config.idoHas
  const userLeft = config.userMax > 0n && boughtThisRound !== undefined ? config.userMax - boughtThisRound : undefined
  return userLeft !== undefined && userLeft < remaining ? userLeft : remaining
}

/**
 * The minting part of Home from its reads and form: the round and its countdown, the limits, what the typed units
 * cost in the chosen token, and the mint and claim transactions. NEX is valued at Ido's TWAP, which the mint
 * updates first: the model gives the quote and the most the mint may charge, and passes that bound to the
 * contract, which refuses above it (IdoPaymentAboveMax). BNB is swapped to USDT at no worse than Ido's BNB
 * oracle's average less its slippage.
 */
export function mintingModel(input: MintingInput): MintingModel {
  const { account, ido, usdt, nex, reads, now, times, payWith } = input
  const { config, state, settings, usdtPerBnb, nexPerUnit } = reads
  const usdtBalance = account ? reads.usdtBalance : undefined
  const nexBalance = account ? reads.nexBalance : undefined
  const bnbBalance = account ? reads.bnbBalance : undefined
  const boughtThisRound = account ? reads.boughtThisRound : undefined
  const statusKey = state ? ROUND_STATUS_KEYS[state.status] : undefined
  const maxUnits = mintMaxUnits(config, boughtThisRound)

  const nexCostOf = (units: bigint) => (nexPerUnit !== undefined ? units * nexPerUnit : undefined)
  const nexMaxOf = (units: bigint) => {
    const quote = nexCostOf(units)
    return quote === undefined ? undefined : nexPaymentMax({ quote, units })
  }
  const bnbFor = (usdtValue: bigint) =>
    usdtPerBnb && settings ? bnbForUsdt(usdtValue, usdtPerBnb, settings.slippage) : undefined

  const unitCount = typedUnits(times)
  const costUsdt = config && unitCount !== undefined ? unitCount * config.idoAmount : undefined
  const cost: MintCost =
    payWith === 'USDT'
      ? { payWith, cost: costUsdt, balance: usdtBalance }
      : payWith === 'NEX'
        ? {
            payWith,
            about: unitCount !== undefined ? nexCostOf(unitCount) : undefined,
            atMost: unitCount !== undefined && unitCount > 0n ? nexMaxOf(unitCount) : undefined,
            balance: nexBalance,
          }
        : {
            payWith,
            send: costUsdt !== undefined ? bnbFor(costUsdt) : undefined,
            balance: bnbBalance,
            slippagePercent: settings === undefined ? undefined : String(Number(settings.slippage) / 100),
          }

  const isBnb = payWith === 'BNB'
  const balance = payWith === 'USDT' ? usdtBalance : payWith === 'NEX' ? nexBalance : bnbBalance
  const mint: TransactionPlan = {
    amount: { input: times, units: true, rules: { min: 1n, max: maxUnits } },
    check: (units) => {
      if (isBnb && (!usdtPerBnb || !settings)) return msg`No BNB price yet: pay with USDT or try again later`
      if (payWith === 'NEX' && nexPerUnit === undefined) return msg`No NEX price yet: pay with USDT or try again later`
      if (!config || units === undefined || balance === undefined) return undefined
      const usdtCost = units * config.idoAmount
      const charged =
        payWith === 'USDT' ? usdtCost : payWith === 'NEX' ? (nexCostOf(units) ?? 0n) : (bnbFor(usdtCost) ?? 0n)
      return charged > balance ? msg`Balance Insufficient` : undefined
    },
    spend: isBnb ? undefined : { token: payWith === 'USDT' ? usdt : nex, spender: ido },
    request: (units) =>
      isBnb
        ? writeRequest({
            address: ido,
            abi: idoAbi,
            functionName: 'ido',
            args: [units ?? 0n],
            value: bnbFor((units ?? 0n) * (config?.idoAmount ?? 0n)) ?? 0n,
          })
        : writeRequest({
            address: ido,
            abi: idoAbi,
            functionName: 'mint',
            // the most it may charge: the round's price in USDT, the shown bound in NEX
            args: [
              units ?? 0n,
              payWith === 'USDT',
              payWith === 'USDT' ? (units ?? 0n) * (config?.idoAmount ?? 0n) : (nexMaxOf(units ?? 0n) ?? 0n),
            ],
          }),
    action: msg`Mint`,
    success: msg`Minted`,
  }

  const claimable = account ? reads.claimable : undefined
  return {
    roundNumber: config ? config.round + 1n : undefined,
    status: statusKey,
    secondsLeft: secondsUntil(countdownTarget(state), now),
    caption: countdownCaption(state),
    config,
    state,
    limit: config ? (config.userMax > 0n ? { bought: boughtThisRound, max: config.userMax } : 'none') : undefined,
    nextStart: state?.hasNext ? state.nextStartTime || state.next.startTime : undefined,
    price: reads.price,
    maxUnits,
    cost,
    canMint: !!account && state?.status === 2,
    mint,
    user: account ? reads.user : undefined,
    claimable,
    canClaim: !!account && !!claimable,
    claim: () => writeRequest({ address: ido, abi: idoAbi, functionName: 'claim' }),
    totals: reads.totals,
  }
}

/** The burn order placed from Home through Ido: what Burn still takes and its BNB quote. */
export type IdoBurnInput = {
  account: Address | undefined
  ido: Address
  usdt: Address
  /** Burn's address (from Ido's addresses), undefined until read. */
  burn: Address | undefined
  /** USDT per unit of a burn order (Burn's config). */
  burnEvery: bigint | undefined
  /** Units Burn still takes (its config), the most one order can have, as on the Burn page. */
  burnSurplus: bigint | undefined
  usdtBalance: bigint | undefined
  bnbBalance: bigint | undefined
  /** USDT for one BNB at Burn's swap quote, and Burn's slippage (its multi config). */
  usdtPerBnb: bigint | undefined
  slippage: bigint | undefined
  times: string
  payWith: Exclude<PayWith, 'NEX'>
}

export type IdoBurnModel = {
  payWith: Exclude<PayWith, 'NEX'>
  /** The order's value in USDT for the typed units. */
  value: bigint | undefined
  /** The BNB sent for it when paying with BNB. */
  bnb: bigint | undefined
  usdtBalance: bigint | undefined
  bnbBalance: bigint | undefined
  canPlace: boolean
  place: TransactionPlan
}

/**
 * A burn order placed through the minting contract (`Ido.burn(times, isBNB)`): paid in USDT (`times * burnEvery`,
 * approved to Ido) or in BNB, which the Burn contract swaps at no worse than its average price less its slippage
 * (the USDT above the order value is refunded).
 */
export function idoBurnModel(input: IdoBurnInput): IdoBurnModel {
  const { account, ido, usdt, burn, burnEvery, burnSurplus, usdtPerBnb, slippage, times, payWith } = input
  const usdtBalance = account ? input.usdtBalance : undefined
  const bnbBalance = account ? input.bnbBalance : undefined
  const isBnb = payWith === 'BNB'
  const unitCount = typedUnits(times)
  const value = burnEvery !== undefined && unitCount !== undefined ? unitCount * burnEvery : undefined
  const bnbFor = (usdtValue: bigint) =>
    usdtPerBnb && slippage !== undefined ? bnbForUsdt(usdtValue, usdtPerBnb, slippage) : undefined
  return {
    payWith,
    value,
    bnb: value === undefined ? undefined : bnbFor(value),
    usdtBalance,
    bnbBalance,
    canPlace: !!account && !!burn,
    place: {
      amount: { input: times, units: true, rules: { min: 1n, max: burnSurplus } },
      check: (units) => {
        if (isBnb && bnbFor(1n) === undefined) return msg`No BNB price yet: pay with USDT or try again later`
        if (units === undefined || burnEvery === undefined) return undefined
        const cost = isBnb ? (bnbFor(units * burnEvery) ?? 0n) : units * burnEvery
        const balance = isBnb ? bnbBalance : usdtBalance
        return balance !== undefined && cost > balance ? msg`Balance Insufficient` : undefined
      },
      spend: isBnb ? undefined : { token: usdt, spender: ido },
      request: (units) =>
        writeRequest({
          address: ido,
          abi: idoAbi,
          functionName: 'burn',
          args: [units ?? 0n, isBnb],
          value: isBnb ? (bnbFor((units ?? 0n) * (burnEvery ?? 0n)) ?? 0n) : undefined,
        }),
      action: msg`Place the burn order`,
      success: msg`Burn order placed`,
    },
  }
}
