import { msg } from '@lingui/core/macro'
import { contractConstants } from '@nexus/abi'
import { arrayFields, arrayOf, nonDecreasing, sumAtMost } from './formModel.ts'
import type { FieldSpec, Problem, Values } from './formModel.ts'

/*
 * The settings of each contract with the bounds its setter enforces, so that an out-of-bounds value is stopped
 * before anything is sent. Every bound is the contract's own constant (`contractConstants` of @nexus/abi, generated
 * from the .sol files under contracts/contracts at build time): a changed constant changes the form with the next build.
 * Rates are in basis points (10000 = 100 %).
 */

const {
  BurnLib,
  Double,
  FeeMath,
  FomoLib,
  Ido,
  IdoLib,
  Log,
  Main,
  Mining,
  NexusUpgradeable,
  Nft,
  Stake,
  Token,
  TwapOracle,
} = contractConstants
const BPS = FeeMath.BPS
/** `type(uint40).max`: the bound of a start time the contracts keep in 40 bits. */
const UINT40_MAX = 2n ** 40n - 1n

/** Nft.sol: MAX_SUPPLY_BOUND and MAX_LEVEL. */
export const NFT_MAX_SUPPLY = Nft.MAX_SUPPLY_BOUND
export const NFT_LEVEL_MAX = Nft.MAX_LEVEL

/** Burn.sol `_setSettings` bounds (BurnLib.checkSettings; the Config without addTime). */
export const BURN_SETTINGS: readonly FieldSpec[] = [
  {
    key: 'dayTimes',
    label: msg`Day length`,
    kind: 'uint',
    unit: 's',
    min: BurnLib.MIN_DAY_TIMES,
    max: BurnLib.MAX_DAY_TIMES,
  },
  { key: 'algebra', label: msg`Generations`, kind: 'uint', min: 1n, max: BurnLib.MAX_ALGEBRA },
  { key: 'feeRate', label: msg`Fee rate`, kind: 'uint', unit: 'bps', max: BurnLib.MAX_FEE_RATE },
  { key: 'handleGas', label: msg`Orders settled per call (handleGas)`, kind: 'uint', min: 1n, max: BurnLib.MAX_HANDLE },
  { key: 'swapRate', label: msg`Swap rate`, kind: 'uint', unit: 'bps', max: BurnLib.MAX_SWAP_RATE },
  {
    key: 'burnEvery',
    label: msg`USDT value of one unit (burnEvery)`,
    kind: 'amount',
    token: 'USDT',
    min: BurnLib.MIN_BURN_EVERY,
    max: BurnLib.MAX_BURN_EVERY,
  },
  { key: 'burnSurplus', label: msg`Units still burnable (burnSurplus)`, kind: 'uint' },
  {
    key: 'rewardRate',
    label: msg`Reward multiple`,
    kind: 'uint',
    unit: 'bps',
    min: BurnLib.MIN_REWARD_RATE,
    max: BurnLib.MAX_REWARD_RATE,
  },
  { key: 'outDays', label: msg`Days to forced redemption`, kind: 'uint', min: 1n, max: BurnLib.MAX_OUT_DAYS },
  { key: 'startTime', label: msg`Start time (Unix seconds)`, kind: 'uint' },
]

/**
 * Burn.sol `_checkShares`: what an order pays out (community, direct, indirect for each generation after the
 * first, team, NFT shares, plus the swap rate) never exceeds 100 %.
 */
export function burnSharesProblems(v: Values, burnRates: readonly bigint[]): Problem[] {
  const algebra = v.algebra as bigint
  const [community = 0n, direct = 0n, indirect = 0n, team = 0n, nft = 0n] = burnRates
  const total =
    community + direct + (algebra > 1n ? indirect * (algebra - 1n) : 0n) + team + nft + (v.swapRate as bigint)
  return total > BPS
    ? [
        {
          key: 'swapRate',
          message: msg`The shares of an order with these generations and swap rate come to {total} bps, above 10000`,
          values: { total: String(total) },
        },
      ]
    : []
}

/** What each of Burn's `burnRates` pays (IBurn.sol): an order's shares, in basis points of its value. */
const BURN_SHARES = [
  msg`Share: community pool (burnRates[0])`,
  msg`Share: direct referrer (burnRates[1])`,
  msg`Share: each indirect referrer (burnRates[2])`,
  msg`Share: team (burnRates[3])`,
  msg`Share: NFT dividends (burnRates[4])`,
]

/** Burn.sol `_setMulti`: 5 burn rates (community, direct, indirect per generation, team, NFT), V1..V5. */
export const BURN_MULTI: readonly FieldSpec[] = [
  ...arrayFields('burnRates', 5, (n) => BURN_SHARES[n - 1] ?? msg`Burn share ${n}`, {
    kind: 'uint',
    unit: 'bps',
    max: BPS,
  }),
  ...arrayFields('teamAmounts', 5, (n) => msg`Team volume V${n} (USDT)`, { kind: 'amount', token: 'USDT' }),
  ...arrayFields('teamRates', 5, (n) => msg`Team rate V${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  { key: 'slippage', label: msg`BNB payment slippage`, kind: 'uint', unit: 'bps', max: BurnLib.MAX_SLIPPAGE },
]

/**
 * Burn.sol `_setMulti`: team rates never decrease and the V5 rate stays within the team share; with the current
 * generations and swap rate, an order's shares stay within 100 %.
 */
export function burnMultiProblems(v: Values, settings: { algebra: bigint; swapRate: bigint } | undefined): Problem[] {
  const rates = arrayOf(v, 'burnRates', 5)
  const team = rates[3] as bigint
  const problems = nonDecreasing(v, 'teamRates', 5)
  if ((v['teamRates.4'] as bigint) > team) {
    problems.push({
      key: 'teamRates.4',
      message: msg`Must not exceed the team share ({max})`,
      values: { max: String(team) },
    })
  }
  if (settings) {
    problems.push(
      ...burnSharesProblems({ algebra: settings.algebra, swapRate: settings.swapRate }, rates).map((problem) => ({
        ...problem,
        key: 'burnRates.4',
      })),
    )
  }
  return problems
}

export function burnMultiArgs(v: Values) {
  return {
    burnRates: arrayOf(v, 'burnRates', 5),
    teamAmounts: arrayOf(v, 'teamAmounts', 5),
    teamRates: arrayOf(v, 'teamRates', 5),
    slippage: v.slippage as bigint,
  }
}

const FOMO_MAX_AMOUNT = FomoLib.MAX_AMOUNT

/** Fomo.sol and FomoLib.checkSettings bounds. */
export const FOMO_SETTINGS: readonly FieldSpec[] = [
  // addTime: at most the round's length (fomoSettingsProblems), which is at most MAX_ROUND_TIME.
  {
    key: 'addTime',
    label: msg`Time added per deposit`,
    kind: 'uint',
    unit: 's',
    min: 1n,
    max: FomoLib.MAX_ROUND_TIME,
  },
  {
    key: 'dayTimes',
    label: msg`Day length`,
    kind: 'uint',
    unit: 's',
    min: FomoLib.MIN_DAY_TIMES,
    max: FomoLib.MAX_DAY_TIMES,
  },
  { key: 'algebra', label: msg`Generations`, kind: 'uint', min: 1n, max: FomoLib.MAX_ALGEBRA },
  { key: 'feeRate', label: msg`Fee rate`, kind: 'uint', unit: 'bps', max: FomoLib.MAX_FEE_RATE },
  {
    key: 'handleGas',
    label: msg`Handling fee per call (handleGas, BNB)`,
    kind: 'amount',
    token: 'BNB',
    max: FomoLib.MAX_HANDLE_GAS,
  },
  { key: 'swapRate', label: msg`Swap rate`, kind: 'uint', unit: 'bps', max: FomoLib.MAX_SWAP_RATE },
  {
    key: 'burnEvery',
    label: msg`Burn threshold (burnEvery, USDT): the kept burn share is swapped to NEX and burned once it reaches this`,
    kind: 'amount',
    token: 'USDT',
    max: FOMO_MAX_AMOUNT,
  },
  { key: 'rewardRate', label: msg`Static reward rate`, kind: 'uint', unit: 'bps', max: FomoLib.MAX_REWARD_RATE },
  { key: 'outDays', label: msg`Days to forced redemption`, kind: 'uint', max: FomoLib.MAX_OUT_DAYS },
  { key: 'startTime', label: msg`Start time (Unix seconds)`, kind: 'uint', max: UINT40_MAX },
  { key: 'roundMin', label: msg`Round minimum (USDT)`, kind: 'amount', token: 'USDT', min: 1n, max: FOMO_MAX_AMOUNT },
  {
    key: 'roundTime',
    label: msg`Round length`,
    kind: 'uint',
    unit: 's',
    min: FomoLib.MIN_ROUND_TIME,
    max: FomoLib.MAX_ROUND_TIME,
  },
  {
    key: 'userMax',
    label: msg`Maximum per account (USDT)`,
    kind: 'amount',
    token: 'USDT',
    min: 1n,
    max: FOMO_MAX_AMOUNT,
  },
  {
    key: 'orderMin',
    label: msg`Minimum order (USDT)`,
    kind: 'amount',
    token: 'USDT',
    min: FomoLib.MIN_ORDER_MIN,
    max: FOMO_MAX_AMOUNT,
  },
]

/** FomoLib.checkSettings: the time a deposit adds never exceeds the round's length. */
export function fomoSettingsProblems(v: Values): Problem[] {
  return (v.addTime as bigint) > (v.roundTime as bigint)
    ? [
        {
          key: 'addTime',
          message: msg`Must not exceed the round length ({max} s)`,
          values: { max: String(v.roundTime) },
        },
      ]
    : []
}

/** What each of a FOM pool's `burnRates` pays (IFomo.sol): an order's rest after the principal, in basis points. */
const FOMO_SHARES = [
  msg`Share: gold pool, static rewards (burnRates[0])`,
  msg`Share: FOM pot, round prizes (burnRates[1])`,
  msg`Share: doubling pool (burnRates[2])`,
  msg`Share: direct referrer (burnRates[3])`,
  msg`Share: indirect referrer (burnRates[4])`,
  msg`Share: team (burnRates[5])`,
  msg`Share: burn (burnRates[6])`,
]

/** SPEC.md §9: 7 burn rates, 4 team rates, 4 team amounts, 5 stake days, rates and surplus (FomoLib.checkMulti). */
export const FOMO_MULTI: readonly FieldSpec[] = [
  ...arrayFields('burnRates', 7, (n) => FOMO_SHARES[n - 1] ?? msg`Burn share ${n}`, {
    kind: 'uint',
    unit: 'bps',
    max: BPS,
  }),
  ...arrayFields('teamRates', 4, (n) => msg`Team rate V${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  ...arrayFields('teamAmounts', 4, (n) => msg`Team volume V${n} (USDT)`, {
    kind: 'amount',
    token: 'USDT',
    max: FOMO_MAX_AMOUNT,
  }),
  ...arrayFields('stakeDays', 5, (n) => msg`Lock days, tier ${n}`, {
    kind: 'uint',
    min: 1n,
    max: FomoLib.MAX_STAKE_DAYS,
  }),
  ...arrayFields('stakeRates', 5, (n) => msg`Stake rate, tier ${n}`, {
    kind: 'uint',
    unit: 'bps',
    min: 1n,
    max: FomoLib.MAX_STAKE_RATE,
  }),
  ...arrayFields('stakeSurplus', 5, (n) => msg`Stake surplus, tier ${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
]

const keys = (name: string, length: number) => Array.from({ length }, (_, i) => `${name}.${i}`)

/** FomoLib.checkMulti: the shares sum to at most 100 %, team rates and amounts never decrease. */
export function fomoMultiProblems(v: Values): Problem[] {
  return [
    ...sumAtMost(v, keys('burnRates', 7), BPS),
    ...nonDecreasing(v, 'teamRates', 4),
    ...nonDecreasing(v, 'teamAmounts', 4),
  ]
}

export function fomoMultiArgs(v: Values) {
  return {
    burnRates: arrayOf(v, 'burnRates', 7),
    teamRates: arrayOf(v, 'teamRates', 4),
    teamAmounts: arrayOf(v, 'teamAmounts', 4),
    stakeDays: arrayOf(v, 'stakeDays', 5),
    stakeRates: arrayOf(v, 'stakeRates', 5),
    stakeSurplus: arrayOf(v, 'stakeSurplus', 5),
  }
}

export const FOMO_ADD_BALANCE: readonly FieldSpec[] = [
  { key: 'amount', label: msg`Amount (USDT)`, kind: 'amount', token: 'USDT', min: 1n, max: FOMO_MAX_AMOUNT },
]

const MINING_MAX_AMOUNT = Mining.MAX_AMOUNT

/** Mining.sol `_setConfig` bounds. */
export const MINING_SETTINGS: readonly FieldSpec[] = [
  { key: 'addTime', label: msg`Time added`, kind: 'uint', unit: 's', max: Mining.MAX_ADD_TIME },
  {
    key: 'dayTimes',
    label: msg`Day length`,
    kind: 'uint',
    unit: 's',
    min: Mining.MIN_DAY_TIMES,
    max: Mining.MAX_DAY_TIMES,
  },
  { key: 'mintDay', label: msg`Daily emission (NEX)`, kind: 'amount', token: 'NEX', max: Mining.MAX_MINT_DAY },
  { key: 'userMax', label: msg`Maximum stake (NEX)`, kind: 'amount', token: 'NEX', min: 1n, max: MINING_MAX_AMOUNT },
  {
    key: 'userMin',
    label: msg`Minimum stake (NEX)`,
    kind: 'amount',
    token: 'NEX',
    min: Mining.MIN_USER_MIN,
    max: MINING_MAX_AMOUNT,
  },
  {
    key: 'handleGas',
    label: msg`Handling fee per call (handleGas, BNB)`,
    kind: 'amount',
    token: 'BNB',
    max: Mining.MAX_HANDLE_GAS,
  },
  { key: 'feeRate', label: msg`Fee rate`, kind: 'uint', unit: 'bps', max: Mining.MAX_FEE_RATE },
]

/** Mining.sol: the maximum stake is never below the minimum. */
export function miningSettingsProblems(v: Values): Problem[] {
  return (v.userMax as bigint) < (v.userMin as bigint)
    ? [{ key: 'userMax', message: msg`Must not be below the minimum stake` }]
    : []
}

/** SPEC.md §9: 3 invite rates and 6 stake tiers (Mining.sol `_setConfigMulti`). */
export const MINING_MULTI: readonly FieldSpec[] = [
  ...arrayFields('inviteRates', 3, (n) => msg`Invite rate, generation ${n}`, {
    kind: 'uint',
    unit: 'bps',
    max: Mining.MAX_INVITE_RATE,
  }),
  ...arrayFields('stakeDays', 6, (n) => msg`Lock days, tier ${n}`, {
    kind: 'uint',
    min: 1n,
    max: Mining.MAX_STAKE_DAYS,
  }),
  ...arrayFields('stakeRates', 6, (n) => msg`Stake rate, tier ${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  ...arrayFields('stakeForces', 6, (n) => msg`Power, tier ${n}`, {
    kind: 'uint',
    min: 1n,
    max: Mining.MAX_STAKE_FORCE,
  }),
]

export function miningMultiProblems(v: Values): Problem[] {
  return sumAtMost(v, keys('inviteRates', 3), BPS)
}

export function miningMultiArgs(v: Values) {
  return {
    inviteRates: arrayOf(v, 'inviteRates', 3),
    stakeDays: arrayOf(v, 'stakeDays', 6),
    stakeRates: arrayOf(v, 'stakeRates', 6),
    stakeForces: arrayOf(v, 'stakeForces', 6),
  }
}

/**
 * A settings struct argument built from a form's fields: each field's parsed value under its key (the contract's
 * struct field of that name).
 *
 * @example
 * structOf(BURN_SETTINGS, values) // { dayTimes: 600n, algebra: 8n, ... }
 */
export function structOf(fields: readonly FieldSpec[], values: Values): Values {
  const struct: Values = {}
  for (const { key } of fields) {
    const value = values[key]
    if (value === undefined) throw new Error(`the form has no value for ${key}`)
    struct[key] = value
  }
  return struct
}

/*
 * The setters whose fields come from their ABI (`abiFields`, the contracts' own parameter names): the bounds,
 * units and token amounts the ABI cannot tell, copied from the contracts (each constant's name in brackets).
 */

type Bounds = Readonly<Record<string, Partial<FieldSpec>>>
const BPS_UNIT = { kind: 'uint', unit: 'bps' } as const
const SECONDS = { kind: 'uint', unit: 's' } as const
const UNIX_TIME = { kind: 'uint', unit: 'Unix s' } as const

/** Token.setConfig (MAX_FEE, MAX_BURN_REWARD, MIN/MAX_BURN_TIME, MAX_DIVIDEND_GAS, MAX_WHITE_TIME). */
export const TOKEN_SETTINGS: Bounds = {
  openTime: UNIX_TIME,
  buyRate: { ...BPS_UNIT, max: Token.MAX_FEE },
  addPoolRate: { ...BPS_UNIT, max: Token.MAX_FEE },
  feeUSDT: { ...BPS_UNIT, max: Token.MAX_FEE },
  feeNex: { ...BPS_UNIT, max: Token.MAX_FEE },
  autoSwapMin: { kind: 'amount', unit: 'NEX', token: 'NEX' },
  burnTime: { ...SECONDS, min: Token.MIN_BURN_TIME, max: Token.MAX_BURN_TIME },
  burnMin: { kind: 'amount', unit: 'NEX', token: 'NEX' },
  dividendGas: { kind: 'uint', unit: 'gas', max: Token.MAX_DIVIDEND_GAS },
  burnReward: { ...BPS_UNIT, max: Token.MAX_BURN_REWARD },
  sendMin: { kind: 'amount', unit: 'NEX', token: 'NEX' },
  whiteTime: { ...SECONDS, max: Token.MAX_WHITE_TIME },
}

/** Token.setConfig: the sell fees together stay within MAX_FEE. */
export function tokenSettingsProblems(v: Values): Problem[] {
  return sumAtMost(v, ['addPoolRate', 'feeUSDT', 'feeNex'], Token.MAX_FEE)
}

/** Token.setConfigMulti (MAX_BURN_RATE, MAX_SWAP_SLIPPAGE, TwapOracle.MIN_WINDOW/MAX_WINDOW). */
export const TOKEN_MULTI: Bounds = {
  burnRate: { ...BPS_UNIT, max: Token.MAX_BURN_RATE },
  nftShare: { ...BPS_UNIT, max: BPS },
  burnShare: { ...BPS_UNIT, max: BPS },
  swapSlippage: { ...BPS_UNIT, max: Token.MAX_SWAP_SLIPPAGE },
  oracleWindow: { ...SECONDS, min: TwapOracle.MIN_WINDOW, max: TwapOracle.MAX_WINDOW },
}

export function tokenMultiProblems(v: Values): Problem[] {
  return sumAtMost(v, ['nftShare', 'burnShare'], BPS)
}

/** Ido.setConfig (MIN/MAX_DAY_TIMES, MAX_REWARD_RATES, MAX_ROUND_COOL, MAX_HECHENG, MAX_ROUND_TIME, ...). */
export const IDO_SETTINGS: Bounds = {
  dayTimes: { ...SECONDS, min: Ido.MIN_DAY_TIMES, max: Ido.MAX_DAY_TIMES },
  directRate: { ...BPS_UNIT, max: Ido.MAX_REWARD_RATES },
  indirectRate: { ...BPS_UNIT, max: Ido.MAX_REWARD_RATES },
  userMax: { kind: 'uint', unit: 'units' },
  roundCool: { ...SECONDS, max: Ido.MAX_ROUND_COOL },
  hecheng: { kind: 'uint', min: 1n, max: Ido.MAX_HECHENG },
  roundTime: { ...SECONDS, max: Ido.MAX_ROUND_TIME },
  claimStart: UNIX_TIME,
  releaseDays: { kind: 'uint', unit: 'days', max: Ido.MAX_RELEASE_DAYS },
  keysPerUnit: { kind: 'uint', max: Ido.MAX_KEYS_PER_UNIT },
  slippage: { ...BPS_UNIT, max: Ido.MAX_SLIPPAGE },
}

/**
 * The vesting settings of Ido on chain now, and whether any NEX is sold (`totalInfo().totalTokens`): once it is,
 * Ido.setConfig refuses slower vesting (IdoLib._checkVesting, issue 19).
 */
export type IdoVesting = { sold: boolean; claimStart: bigint; dayTimes: bigint; releaseDays: bigint }

/** IdoLib.MAX_CLAIM_DELAY: a first claimStart, once something is sold, at most this far ahead. */
export const IDO_MAX_CLAIM_DELAY = IdoLib.MAX_CLAIM_DELAY

/**
 * What Ido.setConfig still accepts for the vesting once NEX is sold (undefined before: only the fields' bounds
 * apply): `claimStart` between `claimStartMin` and `claimStartMax` (only earlier, never unset; an unset one at most
 * MAX_CLAIM_DELAY after `now`, the chain's time), `dayTimes` and `releaseDays` at most what they are.
 */
export function idoVestingLimits(vesting: IdoVesting, now: bigint) {
  if (!vesting.sold) return undefined
  const unset = vesting.claimStart === 0n
  return {
    unset,
    claimStartMin: unset ? 0n : 1n,
    claimStartMax: unset ? now + IDO_MAX_CLAIM_DELAY : vesting.claimStart,
    dayTimesMax: vesting.dayTimes,
    releaseDaysMax: vesting.releaseDays,
  }
}

/** Ido.setConfig's vesting checks (see `idoVestingLimits`), before anything is simulated or sent. */
export function idoVestingProblems(v: Values, vesting: IdoVesting | undefined, now: bigint | undefined): Problem[] {
  if (!vesting || now === undefined) return []
  const limits = idoVestingLimits(vesting, now)
  if (!limits) return []
  const problems: Problem[] = []
  const claimStart = v.claimStart as bigint
  if (limits.unset && claimStart > limits.claimStartMax) {
    problems.push({
      key: 'claimStart',
      message: msg`NEX is sold already: the first claimStart may be at most {days} days ahead (at most {max})`,
      values: { days: String(IDO_MAX_CLAIM_DELAY / 86_400n), max: String(limits.claimStartMax) },
    })
  } else if (!limits.unset && claimStart === 0n) {
    problems.push({ key: 'claimStart', message: msg`NEX is sold already: claimStart can no longer be unset (0)` })
  } else if (!limits.unset && claimStart > limits.claimStartMax) {
    problems.push({
      key: 'claimStart',
      message: msg`NEX is sold already: claimStart may only move earlier (at most {max})`,
      values: { max: String(limits.claimStartMax) },
    })
  }
  if ((v.dayTimes as bigint) > limits.dayTimesMax) {
    problems.push({
      key: 'dayTimes',
      message: msg`NEX is sold already: dayTimes may not grow (at most {max})`,
      values: { max: String(limits.dayTimesMax) },
    })
  }
  if ((v.releaseDays as bigint) > limits.releaseDaysMax) {
    problems.push({
      key: 'releaseDays',
      message: msg`NEX is sold already: releaseDays may not grow (at most {max})`,
      values: { max: String(limits.releaseDaysMax) },
    })
  }
  return problems
}

/** Ido.setConfig and Stake.setConfig: both referral rates together within the bound. */
export function referralRatesProblems(max: bigint) {
  return (v: Values): Problem[] => sumAtMost(v, ['directRate', 'indirectRate'], max)
}

/** Ido.setIdo: a round's units (idoMax), price per unit in USDT (idoAmount), NEX per unit, start. */
export const IDO_ROUND: Bounds = {
  idoMax: { kind: 'uint', unit: 'units', min: 1n },
  idoAmount: { kind: 'amount', unit: 'USDT', token: 'USDT', min: 1n },
  idoTokens: { kind: 'amount', unit: 'NEX', token: 'NEX' },
  startTime: { ...UNIX_TIME, min: 1n },
}

/** Ido.setWhitelists (MAX_BATCH). */
export const IDO_WHITELISTS: Bounds = { accounts: { maxItems: Number(Ido.MAX_BATCH) } }

/** Stake.setConfig (MAX_ADD_TIME, MIN/MAX_DAY_TIMES, MAX_REFERRAL_RATE, MAX_AMOUNT, MAX_ROUND_COOL, ...). */
export const STAKE_SETTINGS: Bounds = {
  addTime: { ...SECONDS, max: Stake.MAX_ADD_TIME },
  dayTimes: { ...SECONDS, min: Stake.MIN_DAY_TIMES, max: Stake.MAX_DAY_TIMES },
  directRate: { ...BPS_UNIT, max: Stake.MAX_REFERRAL_RATE },
  indirectRate: { ...BPS_UNIT, max: Stake.MAX_REFERRAL_RATE },
  userMax: { kind: 'amount', unit: 'USDT', token: 'USDT', min: 1n, max: Stake.MAX_AMOUNT },
  roundCool: { ...SECONDS, max: Stake.MAX_ROUND_COOL },
  handleGas: { kind: 'amount', unit: 'BNB', token: 'BNB', max: Stake.MAX_HANDLE_GAS },
  feeRate: { ...BPS_UNIT, max: Stake.MAX_FEE_RATE },
  releaseDay: { kind: 'uint', unit: 'days', min: 1n, max: Stake.MAX_RELEASE_DAY },
}

/** Stake.setIdo (MAX_AMOUNT, MAX_IDO_RATE, MAX_IDO_PRICE; idoMin between 1 and idoMax). */
export const STAKE_ROUND: Bounds = {
  idoMax: { kind: 'amount', unit: 'USDT', token: 'USDT', min: 1n, max: Stake.MAX_AMOUNT },
  idoRate: { ...BPS_UNIT, max: Stake.MAX_IDO_RATE },
  idoPrice: { kind: 'amount', unit: 'USDT', token: 'USDT', max: Stake.MAX_IDO_PRICE },
  idoFirst: { ...BPS_UNIT, max: BPS },
  startTime: { ...UNIX_TIME, max: UINT40_MAX },
  idoMin: { kind: 'amount', unit: 'USDT', token: 'USDT', min: 1n, max: Stake.MAX_AMOUNT },
}

export function stakeRoundProblems(v: Values): Problem[] {
  return (v.idoMin as bigint) > (v.idoMax as bigint)
    ? [{ key: 'idoMin', message: msg`Must not be above idoMax`, values: {} }]
    : []
}

/** Double.setConfig (MIN/MAX_DAY_TIMES, MAX_FEE_RATE, MIN_PRICE, MAX_PRICE). */
export const DOUBLE_SETTINGS: Bounds = {
  dayTimes: { ...SECONDS, min: Double.MIN_DAY_TIMES, max: Double.MAX_DAY_TIMES },
  feeRate: { ...BPS_UNIT, max: Double.MAX_FEE_RATE },
  price: { ...BPS_UNIT, min: Double.MIN_PRICE, max: Double.MAX_PRICE },
  openClaim: { label: msg`Deposits open (openClaim)` },
}

/** Main.setConfig (MAX_GENERATIONS). */
export const MAIN_SETTINGS: Bounds = { generations: { kind: 'uint', min: 1n, max: Main.MAX_GENERATIONS } }

/** Log.setDayTimes (MIN/MAX_DAY_TIMES). */
export const LOG_DAY_TIMES: Bounds = { dayTimes_: { ...SECONDS, min: Log.MIN_DAY_TIMES, max: Log.MAX_DAY_TIMES } }

/** Burn.setTeam (BurnLib.MAX_LEVEL) and Fomo.setTeamLevel (FomoLib.LEVELS): a manual V-level. */
export const BURN_TEAM: Bounds = { level: { kind: 'uint', max: BurnLib.MAX_LEVEL } }
export const FOMO_TEAM: Bounds = { level: { kind: 'uint', max: FomoLib.LEVELS } }

/** NexusUpgradeable: renewPause (MAX_PAUSE_DURATION), setUpgradeDelay (MIN/MAX_UPGRADE_DELAY). */
export const RENEW_PAUSE: Bounds = { duration: { ...SECONDS, min: 1n, max: NexusUpgradeable.MAX_PAUSE_DURATION } }
export const UPGRADE_DELAY: Bounds = {
  delay: { ...SECONDS, min: NexusUpgradeable.MIN_UPGRADE_DELAY, max: NexusUpgradeable.MAX_UPGRADE_DELAY },
}
/** Nft.setSendMin: the dividend threshold, in the Nft contract's reward token (USDT). */
export const NFT_SEND_MIN: FieldSpec = { key: 'sendMin', label: msg`Threshold (USDT)`, kind: 'amount', token: 'USDT' }

/** withdrawExcess: an amount of the token in base units of 18 decimals (USDT and NEX both have 18). */
export const WITHDRAW_EXCESS: Bounds = { amount: { kind: 'amount', min: 1n } }
