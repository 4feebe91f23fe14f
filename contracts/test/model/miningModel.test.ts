// Unit tests of the Mining emission model (test/model/miningModel.ts).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { MiningModel } from './miningModel.ts'

const tiers = { inviteRates: [1_000n, 500n, 300n], stakeRates: [10_000n, 5_000n], stakeForces: [10_000n, 20_000n] }

describe('reference model: Mining emission', () => {
  it('emits mintDay per day pro rata, shared by force with the referrers’ invite force', () => {
    const model = new MiningModel({ mintDay: 1_000n, dayTimes: 100n, feeRate: 500n }, tiers, 0n, 10_000n)
    model.deposit(0n, 'a', 0, 1_000n, ['b', 'c', 'd', 'e'], () => false) // force 1,000; b 100, c 50, d 30
    model.advance(100n) // one day: 1,000 over 1,180
    assert.equal(model.credited('a').cmp(model.credited('b').mul(10n)), 0)
    assert.equal(
      model.credited('a').add(model.credited('b')).add(model.credited('c')).add(model.credited('d')).cmp(1_000n),
      0,
    )
    assert.ok(model.credited('e').isZero()) // three generations
    assert.equal(model.budget.cmp(9_000n), 0)
  })

  it('emits nothing while nobody holds force and never more than the budget; releases end the forces', () => {
    const model = new MiningModel({ mintDay: 1_000n, dayTimes: 100n, feeRate: 0n }, tiers, 0n, 500n)
    model.advance(1_000n) // no force: time passes, the budget stays
    assert.equal(model.budget.cmp(500n), 0)
    const index = model.deposit(1_000n, 'a', 1, 1_000n, [], () => false) // half returned, half to the budget
    assert.equal(model.budget.cmp(1_000n), 0)
    model.advance(1_000_000n)
    assert.equal(model.credited('a').cmp(1_000n), 0)
    assert.equal(model.release(1_000_001n, index), 500n)
    assert.equal(model.pool.total, 0n)
  })

  it('a blacklisted referrer gets no invite force; a claim fee returns to the budget', () => {
    const model = new MiningModel({ mintDay: 100n, dayTimes: 1n, feeRate: 1_000n }, tiers, 0n, 1_000n)
    model.deposit(0n, 'a', 0, 1_000n, ['b'], (x) => x === 'b')
    assert.equal(model.pool.weightOf('b'), 0n)
    model.advance(1n)
    assert.equal(model.claim(1n, 'a', 100n), 10n)
    assert.equal(model.budget.cmp(910n), 0)
  })
})
