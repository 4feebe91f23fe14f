// Unit tests of the Burn reward model (test/model/burnModel.ts).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { BurnModel } from './burnModel.ts'

const rules = {
  rewardRate: 15_000n,
  outDays: 30n,
  dayTimes: 10n,
  burnRates: [5_000n, 1_000n, 100n, 1_000n, 500n],
  teamRates: [200n, 400n, 600n, 800n, 1_000n],
  algebra: 8n,
  feeRate: 500n,
}
const none = () => false

describe('reference model: Burn orders and referral rewards', () => {
  it('shares the pool by force, caps an order at 1.5x and returns the overflow to the pool', () => {
    const model = new BurnModel(rules)
    model.order(0n, 'a', 100n, [], () => 0, none) // its 50 waits
    model.order(1n, 'b', 300n, [], () => 0, none) // distributes the 50 to a, then b's 150 waits
    model.fund(1_000n)
    model.update(2n, 1) // 1,150 shared 1:3
    model.settleUser(3n, 'a') // a accrued 50 + 287.5: capped at 150, 187.5 back to the pool
    assert.equal(model.credited('a').cmp(150n), 0)
    assert.ok(model.orders[0]?.out)
    model.settleUser(4n, 'b') // the overflow is shared by b alone now
    assert.equal(model.credited('b').cmp(450n), 0) // capped too: 862.5 + 187.5 accrued
  })

  it('shares nothing while an expired order waits in the queue, and forces out earliest end first', () => {
    const model = new BurnModel(rules)
    model.order(0n, 'a', 100n, [], () => 0, none) // ends at 300
    model.order(1n, 'b', 100n, [], () => 0, none) // ends at 301
    model.update(2n, 0)
    model.fund(100n)
    assert.ok(model.blocked(301n))
    model.update(301n, 0) // blocked: nothing shared
    assert.equal(model.credited('a').add(model.unsettled('a')).cmp(75n), 0) // 50 alone, then 25 of b's 50
    assert.equal(model.processExpired(302n, 200), 2)
    assert.ok(model.orders.every((o) => o.out))
  })

  it('pays direct, indirect and team differentials only to accounts with a live order', () => {
    const model = new BurnModel(rules)
    model.order(0n, 'p1', 100n, [], () => 0, none)
    model.order(0n, 'p3', 100n, [], () => 0, none)
    const levels = new Map([
      ['p1', 1],
      ['p2', 5],
      ['p3', 3],
    ])
    model.order(1n, 'x', 1_000n, ['p1', 'p2', 'p3'], (a) => levels.get(a) ?? 0, none)
    assert.equal(model.credited('p1').cmp(100n + 20n), 0) // direct 10 % + team 2 %
    assert.ok(model.credited('p2').isZero()) // no order: neither indirect nor team
    assert.equal(model.credited('p3').cmp(10n + 40n), 0) // indirect 1 % + 6 % - 2 %
    model.order(400n, 'y', 1_000n, ['p1'], () => 1, none) // p1's order ended at 300
    assert.equal(model.credited('p1').cmp(120n), 0)
  })
})
