// Every rate and period that SPEC.md leaves open, with its default. The contracts enforce the bounds noted
// here (`bound`); contracts/README.md renders the same table. Rates are basis points (10,000 = 100 %),
// periods are seconds, token amounts are base units (18 decimals).

const ether = 10n ** 18n
const day = 86_400n

/** Main: the referral tree. */
export const mainDefaults = {
  /** How many levels a walk up the tree may go (bound 1..100). */
  generations: 20n,
  /** Delay between scheduling and executing an upgrade of a proxy (bound 1 h..30 d). */
  upgradeDelay: 2n * day,
}

/** Log: the action log. */
export const logDefaults = {
  /** Length of a "day" for rewards today/yesterday (bound 60 s..7 d). */
  dayTimes: day,
}

/** Token (NEX): `setConfig` settings. */
export const tokenDefaults = {
  /** Trading opens for non-exempt accounts at this timestamp (0 = closed; the local deploy uses its block time). */
  openTime: 0n,
  /** Buy fee (bound: <= 1,000). */
  buyRate: 300n,
  /** Sell fee kept for swapAndLiquify (bound: addPoolRate + feeUSDT + feeNex <= 1,000). */
  addPoolRate: 100n,
  /** Sell fee sold for USDT and split to NFT dividends, burn contract and market. */
  feeUSDT: 200n,
  /** Sell fee kept as NEX, sold by swapAndTrans for the burn contract's dividend pool. */
  feeNex: 200n,
  /** NEX kept before swapAndLiquify / swapAndTrans may run (getAutoSwapMin). */
  autoSwapMin: 1_000n * ether,
  /** Period of burnPool (bound 1 h..30 d). */
  burnTime: day,
  /** NEX the pair always keeps: burnPool never burns below it. */
  burnMin: 100_000n * ether,
  /** Gas for a fee receiver's onFeeReceived hook (bound <= 1,000,000; 0 = no hook). */
  dividendGas: 300_000n,
  /** Caller's reward, in bp of what burnPool burns: bound to 0 (the pair's NEX belongs to the LPs). */
  burnReward: 0n,
  /** USDT collected before it is paid out to nft/burn/market. */
  sendMin: 10n * ether,
  /** After openTime, only whitelisted accounts may buy for this long (bound <= 1 d). */
  whiteTime: 0n,
}

/** Token (NEX): `setConfigMulti` settings, beyond SPEC.md's list. */
export const tokenMultiDefaults = {
  /** Share of the pair's NEX one burnPool burns (bound <= 50). */
  burnRate: 20n,
  /** Share of fee USDT to the NFT dividends (bound: nftShare + burnShare <= 10,000; market gets the rest). */
  nftShare: 4_000n,
  /** Share of fee USDT to the burn/dividend contract. */
  burnShare: 3_000n,
  /** Slippage below the TWAP allowed in internal swaps (bound <= 1,000). */
  swapSlippage: 100n,
  /** TWAP window: the averaged period is at least this long (bound 60 s..1 d). */
  oracleWindow: 1_800n,
}

/** Local chain (31337) overrides: short days and windows so a demo moves, liquidity and test funds. */
export const localDefaults = {
  main: { ...mainDefaults, upgradeDelay: 3_600n },
  log: { ...logDefaults, dayTimes: 600n },
  token: { ...tokenDefaults, burnTime: 3_600n },
  tokenMulti: { ...tokenMultiDefaults, oracleWindow: 300n },
  /** Initial NEX/USDT liquidity (price 0.1 USDT). */
  liquidityNex: 1_000_000n * ether,
  liquidityUsdt: 100_000n * ether,
  /** USDT minted to the deployer on the local chain. */
  usdtMint: 10_000_000n * ether,
}
