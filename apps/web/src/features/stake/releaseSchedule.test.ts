import { describe, expect, it } from 'vitest'
import { releaseSchedule } from './releaseSchedule.ts'

const USDT = 10n ** 18n

describe('releaseSchedule', () => {
  const config = { addTime: 86_400n, dayTimes: 3_600n, releaseDay: 100n }

  it('splits the reward cap into the part at once and the releases after the lock, as Stake does', () => {
    const schedule = releaseSchedule(100n * USDT, { idoRate: 20_000n, idoFirst: 1_000n }, config, 1_000n, 2n * USDT)
    expect(schedule).toEqual({
      rewardMax: 200n * USDT,
      first: 20n * USDT,
      perRelease: (180n * USDT) / 100n,
      releases: 100n,
      every: 3_600n,
      lockEnds: 87_400n,
      ends: 87_400n + 360_000n,
      rewardTokens: 400n * USDT,
      firstTokens: 40n * USDT,
    })
  })

  it('pays the whole cap at once when the config has no releases, and leaves NEX unknown without a price', () => {
    const schedule = releaseSchedule(
      10n * USDT,
      { idoRate: 15_000n, idoFirst: 0n },
      { ...config, releaseDay: 0n },
      0n,
      undefined,
    )
    expect(schedule.first).toBe(15n * USDT)
    expect(schedule.perRelease).toBe(0n)
    expect(schedule.ends).toBe(schedule.lockEnds)
    expect(schedule.rewardTokens).toBeUndefined()
  })
})
