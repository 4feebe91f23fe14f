/** Gas limit used when estimating fails (SPEC.md §7, §9). */
export const fallbackGas = 6_000_000n
/** Gas price in wei used when reading it fails: 0.1 gwei (SPEC.md §7, §9). */
export const fallbackGasPrice = 100_000_000n
/** The estimate is multiplied by 1.1, as the fraction `gasMultiplier[0] / gasMultiplier[1]` (SPEC.md §9). */
export const gasMultiplier = [11n, 10n] as const
/** An allowance at or below this many base units triggers an approval (SPEC.md §5, §9). */
export const approvalThreshold = 10n ** 18n
/** The approval amount in base units (SPEC.md §5, §9). */
export const approvalAmount = 10n ** 38n
