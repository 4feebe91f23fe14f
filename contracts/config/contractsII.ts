// Defaults of Contracts II (Ido, Nft, Burn): every rate and period SPEC.md leaves open. The contracts enforce
// the bounds noted here (`bound`); contracts/docs/contractsII.md renders the same table. Rates are basis points
// (10,000 = 100 %), periods are seconds, token amounts are base units (18 decimals).

const ether = 10n ** 18n
const day = 86_400n

/** Nft (ERC-1155 keys). */
export const nftDefaults = {
  /** Base URI; `uri(id)` = base + cid + suffix. */
  uri: 'ipfs://',
  /** USDT that must arrive before the token's fee hook distributes it (0 = at once; any value). */
  sendMin: 0n,
  /** The cards created at deployment (power bound 1..1,000,000, max supply bound <= 10^12, at most 50 ids). */
  cards: [
    { power: 1n, maxSupply: 10_000_000n, cid: 'key', suffix: '.json', level: 1n, name: 'Key' },
    { power: 20n, maxSupply: 500_000n, cid: 'syndicate', suffix: '.json', level: 5n, name: 'Syndicate' },
  ],
}

/** Burn for dividends: `setConfig` settings. */
export const burnDefaults = {
  /** Length of a day (bound 60 s..7 d). */
  dayTimes: day,
  /** Generations rewarded: direct + (algebra - 1) indirect (bound 1..20; team figures count 8 generations). */
  algebra: 8n,
  /** Fee on claims, to the market wallet (bound <= 1,000). */
  feeRate: 500n,
  /** Most orders one call settles or forces out (bound 1..200). */
  handleGas: 50n,
  /** Share of an order that buys NEX and burns it (bound <= 5,000, and in the shares sum). */
  swapRate: 1_000n,
  /** USDT value of one unit (`times`), the least order (bound 1..1,000,000 USDT: an order is never worth a few wei). */
  burnEvery: 100n * ether,
  /** Units that can still be burned (any; decreases with every order). */
  burnSurplus: 1_000_000n,
  /** Cap of an order's dividends: 1.5x its value (SPEC §9) (bound 10,000..20,000). */
  rewardRate: 15_000n,
  /** Days until an order is forced out (SPEC §9: 30) (bound 1..365). */
  outDays: 30n,
  /** Burning opens at this timestamp (0 = at once). */
  startTime: 0n,
}

/** Burn for dividends: `setConfigMulti` rates. */
export const burnMultiDefaults = {
  /**
   * [community pool (SPEC §9: 50 %), direct, indirect per generation, team (max), NFT dividends]; bound:
   * community + direct + indirect x (algebra - 1) + team + nft + swapRate <= 10,000 (the rest goes to market).
   */
  burnRates: [5_000n, 1_000n, 100n, 1_000n, 500n] as [bigint, bigint, bigint, bigint, bigint],
  /** V1..V5 thresholds: USDT volume outside the largest leg (any). */
  teamAmounts: [10_000n * ether, 50_000n * ether, 200_000n * ether, 1_000_000n * ether, 5_000_000n * ether] as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ],
  /** V1..V5 cumulative team rates, paid as differentials (bound: non-decreasing, V5 <= burnRates[3]). */
  teamRates: [200n, 400n, 600n, 800n, 1_000n] as [bigint, bigint, bigint, bigint, bigint],
  /** How far below the BNB TWAP a BNB payment's swap may fill (bound <= 1,000). */
  slippage: 300n,
}

/** Ido (minting): `setConfig` settings. */
export const idoDefaults = {
  /** Length of a day, for vesting (bound 60 s..7 d). */
  dayTimes: day,
  /** Direct referrer's share of a payment (bound: direct + indirect <= 3,000). */
  directRate: 1_000n,
  /** Indirect (second generation) referrer's share. */
  indirectRate: 500n,
  /** Most units one account buys per round (0 = no limit; any). */
  userMax: 10n,
  /** Cooldown between the end of a round and the start of the next (bound <= 30 d). */
  roundCool: day,
  /** Keys per syndicate card (SPEC §9: 15) (bound 1..100). */
  hecheng: 15n,
  /** Longest time a round sells (0 = until sold out) (bound <= 365 d). */
  roundTime: 7n * day,
  /** When vesting starts (0 = not yet; the owner sets it after the sale). */
  claimStart: 0n,
  /** Days over which credited NEX vests linearly (0 = all at claimStart) (bound <= 3,650). */
  releaseDays: 100n,
  /** NFT keys per unit (bound <= 100). */
  keysPerUnit: 1n,
  /** Card id of a key, and of the syndicate card that `hecheng` keys make. */
  keyId: 1n,
  cardId: 2n,
  /** How far below the BNB TWAP a BNB payment's swap may fill (bound <= 1,000). */
  slippage: 300n,
  /** Only whitelisted accounts may mint. */
  whiteOnly: false,
}

/** The first IDO round: units, price, NEX per unit (price 0.1 USDT per NEX), and the NEX the IDO holds. */
export const idoRoundDefaults = {
  idoMax: 10_000n,
  idoAmount: 100n * ether,
  idoTokens: 1_000n * ether,
  /** NEX sent to the IDO at deployment to back what rounds credit. */
  funding: 2_000_000n * ether,
}

/** Local chain (31337) overrides: short days so a demo moves, and BNB/USDT liquidity for BNB payments. */
export const localContractsII = {
  nft: nftDefaults,
  burn: { ...burnDefaults, dayTimes: 600n },
  burnMulti: burnMultiDefaults,
  ido: { ...idoDefaults, dayTimes: 600n, roundCool: 600n, roundTime: 3_600n, claimStart: 1n, releaseDays: 10n },
  idoRound: idoRoundDefaults,
  /** BNB/USDT liquidity (price 600 USDT per BNB). */
  liquidityBnb: 100n * ether,
  liquidityBnbUsdt: 60_000n * ether,
  /** TWAP window of the oracles deployed here (bound 60 s..1 d); 30 min on BSC. */
  oracleWindow: 300,
}
