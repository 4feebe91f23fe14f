import { msg } from '@lingui/core/macro'
import { arrayFields, arrayOf, nonDecreasing, sumAtMost } from './formModel.ts'
import type { FieldSpec, Problem, Values } from './formModel.ts'

/*
 * The settings of each contract with the bounds its setter enforces (contracts/contracts/*.sol), so that an
 * out-of-bounds value is stopped before anything is sent. Rates are in basis points (10000 = 100 %).
 */

const DAY = 86_400n
const ETHER = 10n ** 18n
const BPS = 10_000n

/** Nft.sol: MAX_SUPPLY_BOUND and MAX_LEVEL. */
export const NFT_MAX_SUPPLY = 10n ** 12n
export const NFT_LEVEL_MAX = 5n

/** Burn.sol `_setSettings` bounds (the Config without addTime). */
export const BURN_SETTINGS: readonly FieldSpec[] = [
  { key: 'dayTimes', label: msg`Day length`, kind: 'uint', unit: 's', min: 60n, max: 7n * DAY },
  { key: 'algebra', label: msg`Generations`, kind: 'uint', min: 1n, max: 20n },
  { key: 'feeRate', label: msg`Fee rate`, kind: 'uint', unit: 'bps', max: 1_000n },
  { key: 'handleGas', label: msg`Orders settled per call (handleGas)`, kind: 'uint', min: 1n, max: 200n },
  { key: 'swapRate', label: msg`Swap rate`, kind: 'uint', unit: 'bps', max: 5_000n },
  { key: 'burnEvery', label: msg`USDT value of one unit (burnEvery)`, kind: 'amount', min: 1n, max: 10n ** 24n },
  { key: 'burnSurplus', label: msg`Units still burnable (burnSurplus)`, kind: 'uint' },
  { key: 'rewardRate', label: msg`Reward multiple`, kind: 'uint', unit: 'bps', min: 10_000n, max: 20_000n },
  { key: 'outDays', label: msg`Days to forced redemption`, kind: 'uint', min: 1n, max: 365n },
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

/** Burn.sol `_setMulti`: 5 burn rates (community, direct, indirect per generation, team, NFT), V1..V5. */
export const BURN_MULTI: readonly FieldSpec[] = [
  ...arrayFields('burnRates', 5, (n) => msg`Burn share ${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  ...arrayFields('teamAmounts', 5, (n) => msg`Team volume V${n} (USDT)`, { kind: 'amount' }),
  ...arrayFields('teamRates', 5, (n) => msg`Team rate V${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  { key: 'slippage', label: msg`BNB payment slippage`, kind: 'uint', unit: 'bps', max: 1_000n },
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

/** FomoLib.MAX_AMOUNT. */
const FOMO_MAX_AMOUNT = 10n ** 27n

/** Fomo.sol and FomoLib.checkSettings bounds. */
export const FOMO_SETTINGS: readonly FieldSpec[] = [
  { key: 'addTime', label: msg`Time added per deposit`, kind: 'uint', unit: 's', min: 1n, max: 7n * DAY },
  { key: 'dayTimes', label: msg`Day length`, kind: 'uint', unit: 's', min: 60n, max: 7n * DAY },
  { key: 'algebra', label: msg`Generations`, kind: 'uint', min: 1n, max: 20n },
  { key: 'feeRate', label: msg`Fee rate`, kind: 'uint', unit: 'bps', max: 2_000n },
  { key: 'handleGas', label: msg`Handling fee per call (handleGas, BNB)`, kind: 'amount', max: ETHER / 100n },
  { key: 'swapRate', label: msg`Swap rate`, kind: 'uint', unit: 'bps', max: 2_000n },
  {
    key: 'burnEvery',
    label: msg`Burn threshold (burnEvery, USDT): the kept burn share is swapped to NEX and burned once it reaches this`,
    kind: 'amount',
    max: FOMO_MAX_AMOUNT,
  },
  { key: 'rewardRate', label: msg`Static reward rate`, kind: 'uint', unit: 'bps', max: 1_000n },
  { key: 'outDays', label: msg`Days to forced redemption`, kind: 'uint', max: 365n },
  { key: 'startTime', label: msg`Start time (Unix seconds)`, kind: 'uint', max: 2n ** 40n - 1n },
  { key: 'roundMin', label: msg`Round minimum (USDT)`, kind: 'amount', min: 1n, max: FOMO_MAX_AMOUNT },
  { key: 'roundTime', label: msg`Round length`, kind: 'uint', unit: 's', min: 60n, max: 7n * DAY },
  { key: 'userMax', label: msg`Maximum per account (USDT)`, kind: 'amount', min: 1n, max: FOMO_MAX_AMOUNT },
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

/** SPEC.md §9: 7 burn rates, 4 team rates, 4 team amounts, 5 stake days, rates and surplus (FomoLib.checkMulti). */
export const FOMO_MULTI: readonly FieldSpec[] = [
  ...arrayFields('burnRates', 7, (n) => msg`Burn share ${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  ...arrayFields('teamRates', 4, (n) => msg`Team rate V${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  ...arrayFields('teamAmounts', 4, (n) => msg`Team volume V${n} (USDT)`, { kind: 'amount', max: FOMO_MAX_AMOUNT }),
  ...arrayFields('stakeDays', 5, (n) => msg`Lock days, tier ${n}`, { kind: 'uint', min: 1n, max: 1_000n }),
  ...arrayFields('stakeRates', 5, (n) => msg`Stake rate, tier ${n}`, {
    kind: 'uint',
    unit: 'bps',
    min: 1n,
    max: 50_000n,
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
  { key: 'amount', label: msg`Amount (USDT)`, kind: 'amount', min: 1n, max: FOMO_MAX_AMOUNT },
]

/** Mining.sol constants. */
const MINING_MAX_AMOUNT = 10n ** 30n

/** Mining.sol `_setConfig` bounds. */
export const MINING_SETTINGS: readonly FieldSpec[] = [
  { key: 'addTime', label: msg`Time added`, kind: 'uint', unit: 's', max: 7n * DAY },
  { key: 'dayTimes', label: msg`Day length`, kind: 'uint', unit: 's', min: 60n, max: 7n * DAY },
  { key: 'mintDay', label: msg`Daily emission (NEX)`, kind: 'amount', max: 1_000_000n * ETHER },
  { key: 'userMax', label: msg`Maximum stake (NEX)`, kind: 'amount', min: 1n, max: MINING_MAX_AMOUNT },
  { key: 'userMin', label: msg`Minimum stake (NEX)`, kind: 'amount', min: 1n, max: MINING_MAX_AMOUNT },
  { key: 'handleGas', label: msg`Handling fee per call (handleGas, BNB)`, kind: 'amount', max: ETHER / 100n },
  { key: 'feeRate', label: msg`Fee rate`, kind: 'uint', unit: 'bps', max: 2_000n },
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
    max: 5_000n,
  }),
  ...arrayFields('stakeDays', 6, (n) => msg`Lock days, tier ${n}`, { kind: 'uint', min: 1n, max: 1_000n }),
  ...arrayFields('stakeRates', 6, (n) => msg`Stake rate, tier ${n}`, { kind: 'uint', unit: 'bps', max: BPS }),
  ...arrayFields('stakeForces', 6, (n) => msg`Power, tier ${n}`, { kind: 'uint', min: 1n, max: 100_000n }),
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
  buyRate: { ...BPS_UNIT, max: 1_000n },
  addPoolRate: { ...BPS_UNIT, max: 1_000n },
  feeUSDT: { ...BPS_UNIT, max: 1_000n },
  feeNex: { ...BPS_UNIT, max: 1_000n },
  autoSwapMin: { kind: 'amount', unit: 'NEX' },
  burnTime: { ...SECONDS, min: 3_600n, max: 30n * DAY },
  burnMin: { kind: 'amount', unit: 'NEX' },
  dividendGas: { kind: 'uint', unit: 'gas', max: 1_000_000n },
  burnReward: { ...BPS_UNIT, max: 0n },
  sendMin: { kind: 'amount', unit: 'NEX' },
  whiteTime: { ...SECONDS, max: DAY },
}

/** Token.setConfig: the sell fees together stay within MAX_FEE. */
export function tokenSettingsProblems(v: Values): Problem[] {
  return sumAtMost(v, ['addPoolRate', 'feeUSDT', 'feeNex'], 1_000n)
}

/** Token.setConfigMulti (MAX_BURN_RATE, MAX_SWAP_SLIPPAGE, TwapOracle.MIN_WINDOW/MAX_WINDOW). */
export const TOKEN_MULTI: Bounds = {
  burnRate: { ...BPS_UNIT, max: 50n },
  nftShare: { ...BPS_UNIT, max: BPS },
  burnShare: { ...BPS_UNIT, max: BPS },
  swapSlippage: { ...BPS_UNIT, max: 1_000n },
  oracleWindow: { ...SECONDS, min: 60n, max: DAY },
}

export function tokenMultiProblems(v: Values): Problem[] {
  return sumAtMost(v, ['nftShare', 'burnShare'], BPS)
}

/** Ido.setConfig (MIN/MAX_DAY_TIMES, MAX_REWARD_RATES, MAX_ROUND_COOL, MAX_HECHENG, MAX_ROUND_TIME, ...). */
export const IDO_SETTINGS: Bounds = {
  dayTimes: { ...SECONDS, min: 60n, max: 7n * DAY },
  directRate: { ...BPS_UNIT, max: 3_000n },
  indirectRate: { ...BPS_UNIT, max: 3_000n },
  userMax: { kind: 'uint', unit: 'units' },
  roundCool: { ...SECONDS, max: 30n * DAY },
  hecheng: { kind: 'uint', min: 1n, max: 100n },
  roundTime: { ...SECONDS, max: 365n * DAY },
  claimStart: UNIX_TIME,
  releaseDays: { kind: 'uint', unit: 'days', max: 3_650n },
  keysPerUnit: { kind: 'uint', max: 100n },
  slippage: { ...BPS_UNIT, max: 1_000n },
}

/** Ido.setConfig and Stake.setConfig: both referral rates together within the bound. */
export function referralRatesProblems(max: bigint) {
  return (v: Values): Problem[] => sumAtMost(v, ['directRate', 'indirectRate'], max)
}

/** Ido.setIdo: a round's units (idoMax), price per unit in USDT (idoAmount), NEX per unit, start. */
export const IDO_ROUND: Bounds = {
  idoMax: { kind: 'uint', unit: 'units', min: 1n },
  idoAmount: { kind: 'amount', unit: 'USDT', min: 1n },
  idoTokens: { kind: 'amount', unit: 'NEX' },
  startTime: { ...UNIX_TIME, min: 1n },
}

/** Ido.setWhitelists (MAX_BATCH). */
export const IDO_WHITELISTS: Bounds = { accounts: { maxItems: 100 } }

/** Stake.setConfig (MAX_ADD_TIME, MIN/MAX_DAY_TIMES, MAX_REFERRAL_RATE, MAX_AMOUNT, MAX_ROUND_COOL, ...). */
export const STAKE_SETTINGS: Bounds = {
  addTime: { ...SECONDS, max: 365n * DAY },
  dayTimes: { ...SECONDS, min: 60n, max: 7n * DAY },
  directRate: { ...BPS_UNIT, max: 3_000n },
  indirectRate: { ...BPS_UNIT, max: 3_000n },
  userMax: { kind: 'amount', unit: 'USDT', min: 1n, max: 10n ** 30n },
  roundCool: { ...SECONDS, max: 30n * DAY },
  handleGas: { kind: 'amount', unit: 'BNB', max: ETHER / 100n },
  feeRate: { ...BPS_UNIT, max: 2_000n },
  releaseDay: { kind: 'uint', unit: 'days', min: 1n, max: 1_000n },
}

/** Stake.setIdo (MAX_AMOUNT, MAX_IDO_RATE, MAX_IDO_PRICE; idoMin between 1 and idoMax). */
export const STAKE_ROUND: Bounds = {
  idoMax: { kind: 'amount', unit: 'USDT', min: 1n, max: 10n ** 30n },
  idoRate: { ...BPS_UNIT, max: 50_000n },
  idoPrice: { kind: 'amount', max: 10n ** 30n },
  idoFirst: { ...BPS_UNIT, max: BPS },
  startTime: { ...UNIX_TIME, max: 2n ** 40n - 1n },
  idoMin: { kind: 'amount', unit: 'USDT', min: 1n, max: 10n ** 30n },
}

export function stakeRoundProblems(v: Values): Problem[] {
  return (v.idoMin as bigint) > (v.idoMax as bigint)
    ? [{ key: 'idoMin', message: msg`Must not be above idoMax`, values: {} }]
    : []
}

/** Double.setConfig (MIN/MAX_DAY_TIMES, MAX_FEE_RATE, MIN_PRICE, MAX_PRICE). */
export const DOUBLE_SETTINGS: Bounds = {
  dayTimes: { ...SECONDS, min: 60n, max: 7n * DAY },
  feeRate: { ...BPS_UNIT, max: 2_000n },
  price: { ...BPS_UNIT, min: 10n, max: BPS },
  openClaim: { label: msg`Deposits open (openClaim)` },
}

/** Main.setConfig (MAX_GENERATIONS). */
export const MAIN_SETTINGS: Bounds = { generations: { kind: 'uint', min: 1n, max: 100n } }

/** Log.setDayTimes (MIN/MAX_DAY_TIMES). */
export const LOG_DAY_TIMES: Bounds = { dayTimes_: { ...SECONDS, min: 60n, max: 7n * DAY } }

/** Burn.setTeam (BurnLib.MAX_LEVEL) and Fomo.setTeamLevel (FomoLib.LEVELS): a manual V-level. */
export const BURN_TEAM: Bounds = { level: { kind: 'uint', max: 5n } }
export const FOMO_TEAM: Bounds = { level: { kind: 'uint', max: 4n } }

/** NexusUpgradeable: renewPause (MAX_PAUSE_DURATION), setUpgradeDelay (MIN/MAX_UPGRADE_DELAY). */
export const RENEW_PAUSE: Bounds = { duration: { ...SECONDS, min: 1n, max: 7n * DAY } }
export const UPGRADE_DELAY: Bounds = { delay: { ...SECONDS, min: 3_600n, max: 30n * DAY } }
/** withdrawExcess: an amount of the token in base units of 18 decimals (USDT and NEX both have 18). */
export const WITHDRAW_EXCESS: Bounds = { amount: { kind: 'amount', min: 1n } }
