// Unit tests of the Stake reward model (test/model/stakeModel.ts).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Ratio } from './ratio.ts'
import { StakeModel } from './stakeModel.ts'

const E = 10n ** 18n

describe('reference model: Stake rewards', () => {
  it('releases the first part at once and the rest in equal daily steps after the lock, referrers in NEX', () => {
    const model = new StakeModel(500n, 300n)
    // 1,000 USDT at 1.5x and 0.1 USDT/NEX: 15,000 NEX, 10 % at once, the rest over 10 days of 100 s after 50 s
    const terms = { idoRate: 15_000n, idoFirst: 1_000n, addTime: 50n, dayTimes: 100n, releaseDay: 10n }
    model.deposit(1_000n, 'a', 1_000n * E, E / 10n, terms, ['b', 'c', 'd'])
    assert.equal(model.credited('a', 1_000n).cmp(1_500n * E), 0)
    assert.equal(model.credited('a', 1_149n).cmp(1_500n * E), 0) // the first step is due at 1,150
    assert.equal(model.credited('a', 1_150n).cmp(2_850n * E), 0)
    assert.equal(model.credited('a', 99_999n).cmp(15_000n * E), 0) // never beyond the cap
    assert.equal(model.credited('b', 0n).cmp(500n * E), 0) // 5 % of 1,000 USDT at 0.1
    assert.equal(model.credited('c', 0n).cmp(300n * E), 0)
    assert.ok(model.credited('d', 0n).isZero()) // two generations only
    assert.equal(model.claim('a', 1_000n, 300n), 30n)
    assert.equal(model.takenBy('a'), 1_000n)
  })

  it('keeps each stake on the terms it was opened with, exactly (thirds stay thirds)', () => {
    const model = new StakeModel(0n, 0n)
    model.deposit(
      0n,
      'a',
      1n,
      3n * E,
      { idoRate: 10_000n, idoFirst: 0n, addTime: 0n, dayTimes: 1n, releaseDay: 3n },
      [],
    )
    assert.equal(model.credited('a', 1n).cmp(Ratio.of(1n, 9n)), 0) // 1 wei of USDT at 3 USDT/NEX, a third of it
    assert.equal(model.slack('a', 1n), 2n * (Ratio.of(E, 3n * E).ceil() + 1n) + 1n)
  })
})
