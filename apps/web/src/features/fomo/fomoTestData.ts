// Plain data the FOM pools' model tests build their inputs from (a pool order and config as the ABI types them).
import type { Address } from 'viem'
import type { FomoConfig, FomoOrder } from './fomoMineModel.ts'

/** `amount` whole tokens (18 decimals). */
export const unit = (amount: bigint) => amount * 10n ** 18n
/** The connected account of the tests. */
export const ME = '0x00000000000000000000000000000000000000aA' as Address

/** A 100 USDT order of {@link ME}, index 1, in the 30-day tier, not yet processed; `fields` override. */
export function fomoOrder(fields: Partial<FomoOrder> = {}): FomoOrder {
  return {
    isUSDT: true,
    status: 0n,
    index: 1n,
    userIndex: 0n,
    amount: unit(100n),
    tokens: 0n,
    rate: 0n,
    stakeIndex: 0n,
    lockDays: 30n,
    price: 0n,
    reward: 0n,
    startTime: 1_000n,
    lastTime: 1_000n,
    endTime: 2_000n,
    owner: ME,
    principal: unit(100n),
    ...fields,
  }
}

/** A pool's config with every figure 0 but a day of 86,400 s; `fields` override. */
export function fomoConfig(fields: Partial<FomoConfig> = {}): FomoConfig {
  return {
    addTime: 0n,
    dayTimes: 86_400n,
    algebra: 0n,
    feeRate: 0n,
    handleGas: 0n,
    swapRate: 0n,
    burnEvery: 0n,
    burnSurplus: 0n,
    rewardRate: 0n,
    outDays: 0n,
    startTime: 0n,
    roundMin: 0n,
    roundTime: 0n,
    lastIndex: 0n,
    totalRewardFOM: 0n,
    userMax: 0n,
    totalExtract: 0n,
    orderMin: 0n,
    ...fields,
  }
}
