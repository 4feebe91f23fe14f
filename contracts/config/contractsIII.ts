// Contracts III (Stake, Mining, Fomo x2, Double, Info): every rate and period SPEC.md leaves open, with its
// default. The contracts enforce the bounds noted here (`bound`); contracts/docs/contractsIII.md renders the same
// table. Rates are basis points (10,000 = 100 %), periods seconds, token amounts base units (18 decimals).

const ether = 10n ** 18n
const day = 86_400n

type Tuple<N extends number, T extends bigint[] = []> = T['length'] extends N
  ? readonly [...T]
  : Tuple<N, [...T, bigint]>
const tuple = <N extends number>(values: Tuple<N>) => values

/** Stake: `setConfig` (SPEC §3 "Stake config"). */
export const stakeConfig = {
  /** Lock after a deposit before the daily releases start (bound <= 365 d). */
  addTime: 30n * day,
  /** Length of a day (bound 60 s..7 d). */
  dayTimes: day,
  /** Direct referrer's reward, of the amount, paid in NEX (bound: direct + indirect <= 3,000). */
  directRate: 500n,
  /** Second-generation referrer's reward. */
  indirectRate: 300n,
  /** Most USDT one account may have staked (bound 1..1e30). */
  userMax: 10_000n * ether,
  /** The current round (bound <= number of rounds). */
  round: 0n,
  /** Pause between a filled round and the next (bound <= 30 d). */
  roundCool: day,
  /** Native coin (wei) a claim must carry (bound <= 0.01 BNB). */
  handleGas: 0n,
  /** Claim fee, stays in the pool (bound <= 2,000). */
  feeRate: 300n,
  /** Daily releases after the lock (bound 1..1,000). */
  releaseDay: 100n,
}

/** Stake rounds (`setIdo`): cap, reward cap rate (bound <= 50,000), floor price, first release (bound <= 10,000). */
export const stakeIdos = [
  {
    idoMax: 100_000n * ether,
    idoRate: 15_000n,
    idoPrice: ether / 10n,
    idoFirst: 1_000n,
    startTime: 0n,
    idoMin: 100n * ether,
  },
  {
    idoMax: 200_000n * ether,
    idoRate: 13_000n,
    idoPrice: (ether * 12n) / 100n,
    idoFirst: 1_000n,
    startTime: 0n,
    idoMin: 100n * ether,
  },
  {
    idoMax: 300_000n * ether,
    idoRate: 12_000n,
    idoPrice: (ether * 15n) / 100n,
    idoFirst: 500n,
    startTime: 0n,
    idoMin: 100n * ether,
  },
]

/** Mining: `setConfig`. */
export const miningSettings = {
  /** Least time between two reward claims of one account (bound <= 7 d). */
  addTime: day,
  /** Length of a day (bound 60 s..7 d). */
  dayTimes: day,
  /** NEX emitted per day, shared by force (bound <= 1,000,000 NEX). */
  mintDay: 10_000n * ether,
  /** Most NEX one account may have staked (bound userMin..1e30). */
  userMax: 1_000_000n * ether,
  /** Least NEX per deposit (bound 1 NEX..userMax: a stake's force is never a few wei). */
  userMin: 100n * ether,
  /** Native coin (wei) a reward claim must carry (bound <= 0.01 BNB). */
  handleGas: 0n,
  /** Reward claim fee, back to the emission budget (bound <= 2,000). */
  feeRate: 500n,
}

/** Mining: `setConfigMulti` (6 tiers, 3 invite generations). */
export const miningMulti = {
  /** Force given to the 1st/2nd/3rd referrer, of the stake's force (each <= 5,000, sum <= 10,000). */
  inviteRates: tuple<3>([1_000n, 500n, 300n]),
  /** Lock days per tier (bound 1..1,000). */
  stakeDays: tuple<6>([7n, 15n, 30n, 60n, 90n, 180n]),
  /** Share of the amount returned at release (bound <= 10,000; the rest funds the emission). */
  stakeRates: tuple<6>([10_000n, 10_000n, 10_000n, 10_000n, 10_000n, 10_000n]),
  /** Force per NEX, per tier (bound 1..100,000). */
  stakeForces: tuple<6>([10_000n, 11_000n, 12_500n, 15_000n, 20_000n, 30_000n]),
}

/** Fomo (FOM pool): `setConfig`. */
export const fomoSettings = {
  /** Seconds each qualifying order adds to the round clock (bound 1..roundTime). */
  addTime: 60n,
  /** Length of a day (bound 60 s..7 d). */
  dayTimes: day,
  /** Generations team rewards go up (bound 1..20, FomoLib.MAX_ALGEBRA; team figures count 8 generations, beyond 8 the walk only reads levels: README "Gas at the largest algebra"). */
  algebra: 8n,
  /** Claim fee, back to the gold pool (bound <= 2,000). */
  feeRate: 300n,
  /** Native coin (wei) a claim must carry (bound <= 0.01 BNB). */
  handleGas: 0n,
  /** Largest shortfall below the TWAP value when NEX payments are sold (bound <= 2,000). */
  swapRate: 1_000n,
  /** USDT of burn share collected before updatePool swaps and burns it (0 = never; bound <= 1e30). */
  burnEvery: 100n * ether,
  /** Share of the gold pool paid as static rewards per day (bound <= 1,000). */
  rewardRate: 100n,
  /** Days after the lock after which anyone may force the release (SPEC: 30; bound <= 365). */
  outDays: 30n,
  /** Opening time (0 = open). */
  startTime: 0n,
  /** Least USDT value of an order that plays the round (bound 1..1e30). */
  roundMin: 100n * ether,
  /** The round clock: at most this long from the last qualifying order (bound 60 s..7 d). */
  roundTime: day,
  /** Most USDT one account may have locked (bound 1..1e27). */
  userMax: 100_000n * ether,
  /** Least USDT an order is credited (bound 1 USDT..1e27, FomoLib.MIN_ORDER_MIN: an order's weight is never dust). */
  orderMin: 10n * ether,
}

/** Fomo (FOM pool): `setConfigMulti`. */
export const fomoMulti = {
  /** Split of an order after its principal: gold, pot, double, direct, indirect, team, burn (sum <= 10,000). */
  burnRates: tuple<7>([3_000n, 2_000n, 1_000n, 1_000n, 500n, 1_500n, 1_000n]),
  /** Team rate per level, of the team share, differential (non-decreasing, <= 10,000). */
  teamRates: tuple<4>([2_500n, 5_000n, 7_500n, 10_000n]),
  /** Team amount (USDT) for levels V1..V4 (non-decreasing). */
  teamAmounts: tuple<4>([10_000n * ether, 50_000n * ether, 200_000n * ether, 1_000_000n * ether]),
  /** Lock days per tier (bound 1..1,000). */
  stakeDays: tuple<5>([30n, 60n, 90n, 180n, 360n]),
  /** Static reward weight per tier (bound 1..50,000). */
  stakeRates: tuple<5>([10_000n, 12_000n, 15_000n, 20_000n, 30_000n]),
  /** Principal returned at release, of the order (bound <= 10,000). */
  stakeSurplus: tuple<5>([3_000n, 4_000n, 5_000n, 6_000n, 7_000n]),
}

/** Super FOM pool: bigger orders, a shorter clock, a bigger pot share. */
export const superFomoSettings = {
  ...fomoSettings,
  addTime: 30n,
  roundMin: 1_000n * ether,
  roundTime: day / 2n,
  userMax: 1_000_000n * ether,
}
export const superFomoMulti = {
  ...fomoMulti,
  burnRates: tuple<7>([2_000n, 3_000n, 1_000n, 1_000n, 500n, 1_500n, 1_000n]),
}

/** Double: `setConfig`. */
export const doubleConfig = {
  /** Length of a day (bound 60 s..7 d). */
  dayTimes: day,
  /** Claim fee, stays in the pool (bound <= 2,000). */
  feeRate: 300n,
  /** Release speed: basis points of the 2x reward per day (bound 10..10,000; 100 = 100 days). */
  price: 100n,
  /** Whether claims are open. */
  openClaim: true,
}

/** Local chain (31337): 10-minute days, a 1-hour round clock, funded pools. */
export const localContractsIII = {
  stake: { ...stakeConfig, addTime: 600n, dayTimes: 600n, roundCool: 600n },
  stakeIdos,
  mining: { ...miningSettings, addTime: 60n, dayTimes: 600n },
  miningMulti,
  fomo: { ...fomoSettings, dayTimes: 600n, roundTime: 3_600n },
  fomoMulti,
  superFomo: { ...superFomoSettings, dayTimes: 600n, roundTime: 1_800n },
  superFomoMulti,
  double: { ...doubleConfig, dayTimes: 600n },
  /** NEX the deployer puts into the Stake pool and the Mining emission budget. */
  stakeFund: 1_000_000n * ether,
  miningFund: 1_000_000n * ether,
  /** TWAP window of the oracle deployed when none is given (bound 60 s..1 d). */
  oracleWindow: 300n,
}
