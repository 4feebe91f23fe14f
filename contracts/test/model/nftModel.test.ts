// Unit tests of the exact share pool and the Nft dividend model (test/model/sharePool.ts, nftModel.ts).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { NftModel } from './nftModel.ts'
import { Ratio } from './ratio.ts'
import { PRECISION, SharePool } from './sharePool.ts'

describe('reference model: exact share pool', () => {
  it('Ratio keeps fractions exact and floors toward minus infinity', () => {
    const third = Ratio.of(1n, 3n)
    assert.equal(third.add(third).add(third).cmp(1n), 0)
    assert.equal(Ratio.of(7n, 2n).floor(), 3n)
    assert.equal(Ratio.of(-7n, 2n).floor(), -4n)
    assert.equal(Ratio.of(7n, 2n).ceil(), 4n)
    assert.equal(Ratio.of(6n, 4n).toString(), '3/2 (~1)')
  })

  it('shares by the weights held at each distribution; a weight change never moves shares', () => {
    const pool = new SharePool()
    pool.setWeight('a', 1n)
    pool.add(100n)
    pool.setWeight('b', 3n) // distributes the 100 to a first
    pool.add(100n)
    pool.distribute()
    assert.equal(pool.owedTo('a').cmp(125n), 0)
    assert.equal(pool.owedTo('b').cmp(75n), 0)
    assert.equal(pool.shared.cmp(200n), 0)
  })

  it('keeps what arrives below the floor and shares it at the next distribution at or above it', () => {
    const pool = new SharePool(10n)
    pool.add(50n) // nobody holds weight
    pool.setWeight('dust', 1n)
    pool.add(50n)
    pool.distribute() // total 1 < floor 10: waits
    assert.ok(pool.owedTo('dust').isZero())
    assert.equal(pool.waiting.cmp(100n), 0)
    pool.setWeight('honest', 9n) // the change itself distributes before it: still below the floor then
    pool.distribute()
    assert.equal(pool.owedTo('dust').cmp(10n), 0)
    assert.equal(pool.owedTo('honest').cmp(90n), 0)
  })

  it('bounds the rounding: weight / 1e18 below per distribution, the carried remainder above, 1 wei a life', () => {
    const pool = new SharePool()
    pool.setWeight('a', 3n * PRECISION)
    pool.add(10n)
    pool.distribute()
    const { low, high, exact } = pool.range('a')
    assert.equal(exact.cmp(10n), 0)
    assert.equal(low, 6n) // 10 - 3 - 1
    assert.equal(high, 10n) // the first distribution carries nothing
    pool.setWeight('b', PRECISION)
    pool.add(8n)
    pool.distribute()
    assert.equal(pool.range('b').high, 2n + 0n) // 8 / 4 + 1 * 3 / 4 = 2.75 -> 2
  })
})

describe('reference model: Nft dividends by power', () => {
  it('credits by power, across mints, transfers and burns, and records claims', () => {
    const nft = new NftModel()
    nft.createCard(1n, 1n)
    nft.createCard(2n, 20n)
    nft.fund(1_000n) // nobody holds power: waits
    nft.mint('a', 1n, 1n) // distributes first: still nobody, then a holds 1
    nft.distribute()
    assert.equal(nft.owed('a').cmp(1_000n), 0)
    nft.mint('b', 2n, 1n) // b: 20
    nft.fund(210n)
    nft.transfer('b', 'a', 2n, 1n) // 210 shared 1:20 first
    assert.equal(nft.owed('a').cmp(1_010n), 0)
    assert.equal(nft.owed('b').cmp(200n), 0)
    nft.fund(21n)
    nft.burn('a', 1n, 1n) // 21 shared to a alone (power 21)
    assert.equal(nft.owed('a').cmp(1_031n), 0)
    nft.claim('a', 1_031n)
    assert.equal(nft.totalClaimed(), 1_031n)
    assert.throws(() => nft.burn('b', 2n, 1n), /holds fewer/)
  })
})
