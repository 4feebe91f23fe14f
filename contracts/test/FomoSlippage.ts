// An order paid in NEX sells the TWAP amount of NEX on the pair, so a sandwich (a sale just before it, a buy back
// just after, in the same block) could take up to `swapRate` of its value. The caller's `minUsdt`, quoted from the
// pair before sending (as the SDK's `fomoMinUsdt` does), bounds what the sale may lose: the sandwiched order reverts
// with FomoSlippage and the attacker's front-run gains nothing from it. Every payment in NEX takes such a minimum:
// the short `burn`s (no minimum) and a minimum of 0 are refused with FomoMinimumRequired.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther } from 'viem'
import { deployWithBuyerAndAttacker } from './InfoSystem.ts'
import { buy, sell } from './helpers/trade.ts'

const TOLERANCE_BPS = 100n // what the web passes

describe("Fomo and SuperFomo: every order paid in NEX takes the caller's minimum out", async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    return deployWithBuyerAndAttacker(connection)
  }

  /** The pool's current settings (what setConfig takes). */
  async function settings(s: Awaited<ReturnType<typeof fixture>>) {
    const c = await s.fomo.read.getConfig()
    const { addTime, dayTimes, algebra, feeRate, handleGas, swapRate, burnEvery, rewardRate, outDays } = c
    const { startTime, roundMin, roundTime, userMax, orderMin } = c
    return {
      ...{ addTime, dayTimes, algebra, feeRate, handleGas, swapRate, burnEvery, rewardRate, outDays },
      ...{ startTime, roundMin, roundTime, userMax, orderMin },
    }
  }

  /** What the web does (the SDK's fomoMinUsdt): the TWAP amount of NEX for `value` (getSwapIn), its sale quoted
   * from the pair (here by the router itself), less 1 %. */
  async function quote(s: Awaited<ReturnType<typeof fixture>>, pool: 'fomo' | 'superFomo', value: bigint) {
    const tokens = await s[pool].read.getSwapIn([value])
    const [, out] = await s.router.read.getAmountsOut([tokens, [s.token.address, s.usdt.address]])
    return (out * (10_000n - TOLERANCE_BPS)) / 10_000n
  }

  for (const pool of ['fomo', 'superFomo'] as const) {
    const value = pool === 'fomo' ? parseEther('1000') : parseEther('2000')

    it(`${pool}: the order with the quoted minimum passes when nobody moves the price`, async () => {
      const s = await networkHelpers.loadFixture(fixture)
      const minUsdt = await quote(s, pool, value)
      assert.ok(minUsdt > 0n)
      await viem.assertions.emit(
        s[pool].write.burn([1n, 1n, value, false, minUsdt], { account: s.buyer.account }),
        s[pool],
        'Burned',
      )
      const [index] = await s[pool].read.getUserOrders([s.buyer.account.address, 0n, 1n])
      assert.ok(index[0].amount >= minUsdt, 'the sale brought at least the minimum')
    })

    it(`${pool}: a sandwich between the quote and the order reverts the order with FomoSlippage`, async () => {
      const s = await networkHelpers.loadFixture(fixture)
      const minUsdt = await quote(s, pool, value)
      const { publicClient } = s
      // a sale of 2 % of the pair's NEX moves its price about 4 %: past the 1 % tolerance, within swapRate (10 %)
      const [reserve0, reserve1] = await s.pair.read.getReserves()
      const nexIsToken0 = (await s.pair.read.token0()).toLowerCase() === s.token.address.toLowerCase()
      const frontRun = (nexIsToken0 ? reserve0 : reserve1) / 50n
      // the attacker's sale and the victim's order land in one block, the sale first (as a sandwich orders them)
      await networkHelpers.mine() // a fresh block for the two
      await connection.provider.request({ method: 'evm_setAutomine', params: [false] })
      try {
        const front = await sell(s, s.attacker, frontRun)
        const order = await s[pool].write.burn([1n, 1n, value, false, minUsdt], {
          account: s.buyer.account,
          gas: 3_000_000n,
        })
        await networkHelpers.mine()
        const [frontReceipt, orderReceipt] = await Promise.all(
          [front, order].map((hash) => publicClient.getTransactionReceipt({ hash })),
        )
        assert.equal(frontReceipt.blockNumber, orderReceipt.blockNumber, 'one block')
        assert.equal(frontReceipt.status, 'success')
        assert.equal(orderReceipt.status, 'reverted', 'the sandwiched order does not sell at the moved price')
      } finally {
        await connection.provider.request({ method: 'evm_setAutomine', params: [true] })
      }
      assert.equal((await s[pool].read.users([s.buyer.account.address])).orders, 0n)
      // the same call against the moved pair names the reason
      await viem.assertions.revertWithCustomError(
        s[pool].write.burn([1n, 1n, value, false, minUsdt], { account: s.buyer.account }),
        s[pool],
        'FomoSlippage',
      )
      // an order without a minimum would sell at the moved price (only swapRate, 10 %, below the TWAP value): every
      // payment in NEX takes the caller's minimum, so the short burns and a minimum of 0 are refused
      for (const call of [
        () => s[pool].write.burn([1n, value, false], { account: s.buyer.account }),
        () => s[pool].write.burn([1n, 1n, value, false], { account: s.buyer.account }),
        () => s[pool].write.burn([1n, 1n, value, false, 0n], { account: s.buyer.account }),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call(), s[pool], 'FomoMinimumRequired', [value])
      }
      assert.equal((await s[pool].read.users([s.buyer.account.address])).orders, 0n, 'nothing sold at the moved price')
    })
  }

  it('checks userMax on what a NEX order is credited (the USDT its sale brought), not on the quote', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const value = parseEther('1000')
    // the buyer may lock exactly `value`
    await s.fomo.write.setConfig([{ ...(await settings(s)), userMax: value }])
    // a buy lifts the pair's price above the TWAP: the TWAP amount of NEX for `value` now sells for more than `value`
    const [reserve0, reserve1] = await s.pair.read.getReserves()
    const usdtIsToken0 = (await s.pair.read.token0()).toLowerCase() === s.usdt.address.toLowerCase()
    await buy(s, s.attacker, (usdtIsToken0 ? reserve0 : reserve1) / 20n)
    const tokens = await s.fomo.read.getSwapIn([value])
    const [, out] = await s.router.read.getAmountsOut([tokens, [s.token.address, s.usdt.address]])
    assert.ok(out > value, 'the sale would bring more than the quote')
    await viem.assertions.revertWithCustomError(
      s.fomo.write.burn([1n, 1n, value, false, 1n], { account: s.buyer.account }),
      s.fomo,
      'FomoAmountOutOfRange',
    )
    assert.equal((await s.fomo.read.users([s.buyer.account.address])).amount, 0n, 'no order beyond userMax')
    // the same order paid in USDT is exactly `value`, within userMax
    await s.fomo.write.burn([1n, 1n, value, true], { account: s.buyer.account })
    assert.equal((await s.fomo.read.users([s.buyer.account.address])).amount, value)
  })

  // The sale goes to the pair directly (no router): the pool sends the NEX to the token's pair, takes as input
  // what the pair received, and asks the pair for the router's quote at its reserves.

  /** The pair's reserves, NEX and USDT. */
  async function reserves(s: Awaited<ReturnType<typeof fixture>>) {
    const [reserve0, reserve1] = await s.pair.read.getReserves()
    const nexIsToken0 = (await s.pair.read.token0()).toLowerCase() === s.token.address.toLowerCase()
    const [nexReserve, usdtReserve] = nexIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
    return { nexReserve, usdtReserve }
  }

  /** The router's quote for `amountIn` at the pair's current reserves, NEX in, USDT out. */
  async function pairQuote(s: Awaited<ReturnType<typeof fixture>>, amountIn: bigint) {
    const { nexReserve, usdtReserve } = await reserves(s)
    return { out: await s.router.read.getAmountOut([amountIn, nexReserve, usdtReserve]) }
  }

  /** Takes an oracle observation, so that getSwapIn returns the stored average until the next window (the order
   * takes the same NEX amount whatever its block's time). */
  async function holdPrice(s: Awaited<ReturnType<typeof fixture>>) {
    await s.oracle.write.update()
    await s.oracle.write.update() // no-op unless the first one took the first observation
  }

  it('takes exactly what the pair gives; a minimum one wei above it reverts with FomoSlippage', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const value = parseEther('1000')
    await holdPrice(s)
    const tokens = await s.fomo.read.getSwapIn([value])
    const { out } = await pairQuote(s, tokens)
    await viem.assertions.revertWithCustomErrorWithArgs(
      s.fomo.write.burn([1n, 1n, value, false, out + 1n], { account: s.buyer.account }),
      s.fomo,
      'FomoSlippage',
      [out, out + 1n],
    )
    const before = await s.token.read.balanceOf([s.buyer.account.address])
    await s.fomo.write.burn([1n, 1n, value, false, out], { account: s.buyer.account })
    const [orders] = await s.fomo.read.getUserOrders([s.buyer.account.address, 0n, 1n])
    assert.equal(orders[0].amount, out, 'credited exactly what the pair gave')
    assert.equal(orders[0].tokens, tokens, 'paid the TWAP amount')
    assert.equal(before - (await s.token.read.balanceOf([s.buyer.account.address])), tokens)
    assert.equal(await s.token.read.balanceOf([s.fomo.address]), 0n, 'the pool keeps no NEX')
    assert.equal(await s.token.read.allowance([s.fomo.address, s.router.address]), 0n, 'nor an allowance')
  })

  it("refuses a sale below swapRate under the value with FomoSlippage, whatever the caller's minimum", async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const value = parseEther('1000')
    // a large sale moves the pair's price far below the TWAP: the TWAP amount now sells for less than
    // value less swapRate
    const [reserve0, reserve1] = await s.pair.read.getReserves()
    const nexIsToken0 = (await s.pair.read.token0()).toLowerCase() === s.token.address.toLowerCase()
    await sell(s, s.attacker, (nexIsToken0 ? reserve0 : reserve1) / 4n)
    await holdPrice(s)
    const tokens = await s.fomo.read.getSwapIn([value])
    const { out } = await pairQuote(s, tokens)
    const { swapRate } = await s.fomo.read.getConfig()
    const floor = (value * (10_000n - swapRate)) / 10_000n
    assert.ok(out < floor, 'the sale would bring less than the floor')
    await viem.assertions.revertWithCustomErrorWithArgs(
      s.fomo.write.burn([1n, 1n, value, false, 1n], { account: s.buyer.account }),
      s.fomo,
      'FomoSlippage',
      [out, floor],
    )
  })

  it('a reserve moved before the order in the same block: the order takes the quote at the moved reserves', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const value = parseEther('1000')
    await holdPrice(s)
    const tokens = await s.fomo.read.getSwapIn([value])
    // a buy of NEX in the same block, before the order, lifts the price the order sells at
    const usdtIn = parseEther('20000')
    const start = await reserves(s)
    const nexOut = await s.router.read.getAmountOut([usdtIn, start.usdtReserve, start.nexReserve])
    const [nexReserve, usdtReserve] = [start.nexReserve - nexOut, start.usdtReserve + usdtIn]
    const expected = await s.router.read.getAmountOut([tokens, nexReserve, usdtReserve])
    await networkHelpers.mine()
    await connection.provider.request({ method: 'evm_setAutomine', params: [false] })
    let hashes: `0x${string}`[]
    try {
      const front = await buy(s, s.attacker, usdtIn)
      const order = await s.fomo.write.burn([1n, 1n, value, false, 1n], { account: s.buyer.account, gas: 3_000_000n })
      hashes = [front, order]
      await networkHelpers.mine()
    } finally {
      await connection.provider.request({ method: 'evm_setAutomine', params: [true] })
    }
    const receipts = await Promise.all(hashes.map((hash) => s.publicClient.getTransactionReceipt({ hash })))
    assert.equal(receipts[0].blockNumber, receipts[1].blockNumber, 'one block')
    assert.deepEqual(
      receipts.map((r) => r.status),
      ['success', 'success'],
    )
    const [orders] = await s.fomo.read.getUserOrders([s.buyer.account.address, 0n, 1n])
    assert.equal(orders[0].amount, expected, 'the quote at the reserves the buy left')
    const end = await reserves(s)
    assert.equal(end.nexReserve, nexReserve + tokens)
    assert.equal(end.usdtReserve, usdtReserve - expected)
  })

  it('a pool that pays the sell fee: the pair takes as input what it received, the fee stays with the token', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const value = parseEther('1000')
    // the pools are fee-exempt (the deployment sets it); without it the pool's transfer to the pair is a taxed sale
    await s.token.write.setIsFeeExempt([s.fomo.address, false])
    await holdPrice(s)
    const tokens = await s.fomo.read.getSwapIn([value])
    const config = await s.token.read.getConfig()
    const fee = [config.addPoolRate, config.feeUSDT, config.feeNex].reduce(
      (sum, rate) => sum + (tokens * rate) / 10_000n,
      0n,
    )
    assert.ok(fee > 0n, 'the token takes a sell fee')
    const { out } = await pairQuote(s, tokens - fee)
    const held = await s.token.read.balanceOf([s.token.address])
    await viem.assertions.emit(
      s.fomo.write.burn([1n, 1n, value, false, 1n], { account: s.buyer.account }),
      s.token,
      'FeesTaken',
    )
    const [orders] = await s.fomo.read.getUserOrders([s.buyer.account.address, 0n, 1n])
    assert.equal(orders[0].amount, out, 'the quote for the NEX the pair received')
    assert.ok((await s.token.read.balanceOf([s.token.address])) > held, 'the fee went to the token')
    assert.equal(await s.token.read.balanceOf([s.fomo.address]), 0n)
  })

  it('ignores minUsdt for orders paid in USDT', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    await viem.assertions.emit(
      s.fomo.write.burn([1n, 1n, parseEther('100'), true, 2n ** 255n], { account: s.buyer.account }),
      s.fomo,
      'Burned',
    )
  })
})
