// Dust and empty-pool attacks on the accumulator pools (Mining, Burn; Nft's are in test/Nft.t.sol): the least
// order or stake the settings allow, alone in an empty pool, then ordinary ones. Each pool's minimum is a bounded
// setting (a 1-wei minimum is refused), nothing enters an accumulator while the pool's total weight is below its
// floor, and afterwards every account is credited by the sharing rule of contracts/README.md ("Reward accounting"):
// never more than its exact share, nothing reverts. Last, a sandwich around a FOM order paid in NEX.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, parseEventLogs } from 'viem'
import { localContractsIII as local, miningMulti } from '../config/contractsIII.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'
import { deployContractsIIISystem, deployWithBuyerAndAttacker, join } from './InfoSystem.ts'
import { buy, sell } from './helpers/trade.ts'

const P = 10n ** 18n
const BPS = 10_000n
const NEX = parseEther('1')
const USDT = parseEther('1')

describe('Mining: the least stake alone in the pool', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const { time } = networkHelpers

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [alice, bob] = s.users
    await join(s, alice, s.deployer.account.address)
    await join(s, bob, s.deployer.account.address)
    return { ...s, alice, bob }
  }

  it('refuses a userMin below 1 NEX: a 1-wei minimum would let a 1-wei force own the accumulator', async () => {
    const { mining } = await networkHelpers.loadFixture(fixture)
    for (const userMin of [1n, NEX - 1n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        mining.write.setConfig([{ ...local.mining, userMin }]),
        mining,
        'ValueOutOfBounds',
        ['userMin', userMin, NEX, 10n ** 30n],
      )
    }
    await mining.write.setConfig([{ ...local.mining, userMin: NEX }])
    assert.equal((await mining.read.getConfig()).userMin, NEX)
  })

  it('emits nothing below the force floor, then shares by force: the dust stake takes no more than its share', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, alice, bob, deployer } = s
    // the smallest settings the bounds allow: 1 NEX deposits, 1 bp of force per NEX in tier 0, the largest emission
    // over the shortest day
    const mintDay = parseEther('1000000')
    const dayTimes = 60n
    await mining.write.setConfig([{ ...local.mining, userMin: NEX, mintDay, dayTimes, addTime: 0n }])
    const stakeForces = miningMulti.stakeForces.map((force, tier) =>
      tier === 0 ? 1n : force,
    ) as unknown as typeof miningMulti.stakeForces
    await mining.write.setConfigMulti([{ ...miningMulti, stakeForces }])
    const budget = (await mining.read.getConfig()).mintSurplus

    await mining.write.deposit([0n, NEX], { account: alice.account })
    const dust = (await mining.read.getTotals()).totalForce
    assert.ok(dust > 0n && dust < (await mining.read.FORCE_FLOOR()), 'the dust stake is below the floor')
    await time.increase(30 * 86_400)
    await mining.write.updatePool()
    assert.equal((await mining.read.getTotals()).perForce, 0n, 'nothing entered the accumulator')
    assert.equal((await mining.read.users([alice.account.address])).rewardTotal, 0n, 'the dust stake earned nothing')
    assert.equal((await mining.read.getConfig()).mintSurplus, budget, 'the budget kept the emission')
    assert.equal(await mining.read.checkUpkeep(['0x']).then(([due]) => due), false, 'no upkeep below the floor')

    // an ordinary stake joins: from then on the pool emits, shared by force
    const deposit = await mining.write.deposit([2n, parseEther('1000')], { account: bob.account })
    const t1 = (await s.publicClient.getBlock({ blockNumber: (await receipt(deposit)).blockNumber })).timestamp
    const totalForce = (await mining.read.getTotals()).totalForce
    await time.increase(86_400)
    // one block: every account accrues at the same accumulator
    await connection.provider.request({ method: 'evm_setAutomine', params: [false] })
    const hashes = []
    try {
      for (const who of [alice, bob, deployer]) hashes.push(await mining.write.updateUser([who.account.address]))
      await networkHelpers.mine()
    } finally {
      await connection.provider.request({ method: 'evm_setAutomine', params: [true] })
    }
    const last = await receipt(hashes[0] as `0x${string}`)
    const t2 = (await s.publicClient.getBlock({ blockNumber: last.blockNumber })).timestamp
    const emission = min(((t2 - t1) * mintDay) / dayTimes, budget)
    const inc = (emission * P) / totalForce
    assert.equal((await mining.read.getTotals()).perForce, inc, 'one increment: floor(emission * 1e18 / force)')
    let credited = 0n
    for (const who of [alice, bob, deployer]) {
      const user = await mining.read.users([who.account.address])
      const force = user.force + user.forceDirect + user.forceIndirect + user.forceInvite
      assert.equal(user.rewardTotal, (force * inc) / P, 'credited floor(force * perForce / 1e18)')
      assert.ok(user.rewardTotal * totalForce <= force * emission, 'never more than the exact share')
      credited += user.rewardTotal
    }
    assert.ok(credited <= emission, 'never more than was emitted')
    assert.equal((await mining.read.getConfig()).mintSurplus, budget - ceilDiv(inc * totalForce, P))

    async function receipt(hash: `0x${string}`) {
      return s.publicClient.waitForTransactionReceipt({ hash })
    }
  })
})

describe('Burn: the least order alone in the pool', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deployContractsIISystem(connection)
    const [alice, bob, carol] = system.users
    for (const wallet of [alice, bob, carol]) {
      await register(system, wallet, system.deployer.account.address)
      await fundWallet(system, wallet, system.burn.address)
    }
    return { ...system, alice, bob, carol }
  }
  type System = Awaited<ReturnType<typeof fixture>>

  const settings = async ({ burn }: System, changes: Record<string, bigint>) => {
    const { addTime, ...rest } = await burn.read.getConfig()
    void addTime
    return { ...rest, ...changes }
  }

  it('refuses a burnEvery below 1 USDT: no order is ever worth 1 wei', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn } = system
    for (const burnEvery of [1n, USDT - 1n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        burn.write.setConfig([await settings(system, { burnEvery })]),
        burn,
        'ValueOutOfBounds',
        ['burnEvery', burnEvery, USDT, 10n ** 24n],
      )
    }
  })

  it('a least order alone, a large donation, then ordinary orders: capped, exact shares, nothing lost', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, usdt, alice, bob, carol, publicClient } = system
    await burn.write.setConfig([await settings(system, { burnEvery: USDT })])
    const order = (who: typeof alice, times: bigint) =>
      burn.write.burn([who.account.address, times, times * USDT, false], { account: who.account })
    await order(alice, 1n)
    // an outsider funds the empty pool while the least order is its only force
    await usdt.write.mint([burn.address, parseEther('1000')])
    const hashes = [await order(bob, 1_000n)]
    const perForceAtBob = (await burn.read.totalInfo()).perForce
    hashes.push(await order(carol, 250n))
    hashes.push(await burn.write.updateUser([alice.account.address]))
    hashes.push(await burn.write.updatePool())
    hashes.push(await burn.write.updateUser([bob.account.address]))

    // the least order reached its cap (1.5 x 1 USDT) and left; the overflow went back to the pool
    const first = await burn.read.orders([1n])
    assert.equal(first.isValid, false)
    assert.equal(first.reward, (USDT * 15_000n) / BPS)
    // bob's order, settled now: exactly floor(value * (perForce now - perForce at its creation) / 1e18)
    const bobOrder = await burn.read.orders([2n])
    const totals = await burn.read.totalInfo()
    assert.ok(bobOrder.isValid, 'below its cap')
    assert.equal(bobOrder.reward, (BigInt(bobOrder.amount) * (totals.perForce - perForceAtBob)) / P)
    assert.ok(bobOrder.reward > 0n)
    // every distribution was shared over the force at that moment, at or above the floor
    const logs = []
    for (const hash of hashes) {
      const r = await publicClient.waitForTransactionReceipt({ hash })
      logs.push(...parseEventLogs({ abi: burn.abi, logs: r.logs, eventName: 'PoolDistributed' }))
    }
    assert.ok(logs.length > 0)
    for (const log of logs) {
      assert.ok(log.args.totalForce >= USDT, 'shared at or above the floor')
      assert.ok(log.args.amount > 0n)
    }
    // conservation: the USDT held for users equals its parts, and no account was paid more than entered
    const reserves = await burn.read.getReserves()
    assert.equal(
      reserves.pool + reserves.orders + reserves.balances + reserves.swap,
      totals.lastBalance,
      'pool + owed + balances + swap == lastBalance',
    )
    assert.ok((await usdt.read.balanceOf([burn.address])) >= totals.lastBalance)
  })

  it('an empty pool keeps what arrives until an order is there to share it', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, usdt, alice } = system
    await usdt.write.mint([burn.address, parseEther('500')])
    await burn.write.updatePool()
    const before = await burn.read.getReserves()
    assert.equal(before.pool, parseEther('500'), 'waits in the pool')
    assert.equal((await burn.read.totalInfo()).perForce, 0n)
    const { burnEvery } = await burn.read.getConfig()
    await burn.write.burn([alice.account.address, 1n, burnEvery, false], { account: alice.account })
    await burn.write.updateUser([alice.account.address])
    const orderView = await burn.read.orders([1n])
    // the first order alone takes the waiting pool up to its cap; the rest stays in the pool
    assert.equal(orderView.reward, (burnEvery * 15_000n) / BPS)
    const after = await burn.read.getReserves()
    assert.ok(after.pool > 0n)
  })
})

describe("Fomo: a sandwich around an order paid in NEX (the pool's sale in the pair)", async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  async function fixture() {
    return deployWithBuyerAndAttacker(connection)
  }

  it("sale before, order with the caller's minimum, buy back after, one block: the order reverts, the attacker loses", async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const value = parseEther('1000')
    // the caller's minimum as the SDK quotes it: the pair's quote for the TWAP amount, less 1 %
    const tokens = await s.fomo.read.getSwapIn([value])
    const [, quoted] = await s.router.read.getAmountsOut([tokens, [s.token.address, s.usdt.address]])
    const minUsdt = (quoted * 99n) / 100n
    const [reserve0, reserve1] = await s.pair.read.getReserves()
    const nexIsToken0 = (await s.pair.read.token0()).toLowerCase() === s.token.address.toLowerCase()
    const frontRun = (nexIsToken0 ? reserve0 : reserve1) / 50n
    const nexBefore = await s.token.read.balanceOf([s.attacker.account.address])
    const usdtBefore = await s.usdt.read.balanceOf([s.attacker.account.address])
    // the sale's USDT, known before the block: what the attacker buys back with
    const [, saleUsdt] = await s.router.read.getAmountsOut([frontRun, [s.token.address, s.usdt.address]])
    await networkHelpers.mine()
    await connection.provider.request({ method: 'evm_setAutomine', params: [false] })
    let hashes: `0x${string}`[]
    try {
      const front = await sell(s, s.attacker, frontRun)
      const order = await s.fomo.write.burn([1n, 1n, value, false, minUsdt], {
        account: s.buyer.account,
        gas: 3_000_000n,
      })
      const back = await buy(s, s.attacker, (saleUsdt * 9n) / 10n)
      hashes = [front, order, back]
      await networkHelpers.mine()
    } finally {
      await connection.provider.request({ method: 'evm_setAutomine', params: [true] })
    }
    const receipts = await Promise.all(hashes.map((hash) => s.publicClient.getTransactionReceipt({ hash })))
    assert.equal(new Set(receipts.map((r) => r.blockNumber)).size, 1, 'one block')
    assert.deepEqual(
      receipts.map((r) => r.status),
      ['success', 'reverted', 'success'],
    )
    assert.equal((await s.fomo.read.users([s.buyer.account.address])).orders, 0n, 'no order at the moved price')
    assert.equal(await s.token.read.balanceOf([s.fomo.address]), 0n, 'the pool holds no NEX')
    // the attacker's round trip: the NEX it sold, and the USDT it got and spent; what it holds now is worth less
    const nexAfter = await s.token.read.balanceOf([s.attacker.account.address])
    const usdtAfter = await s.usdt.read.balanceOf([s.attacker.account.address])
    const [, nexValue] = await s.router.read.getAmountsOut([nexBefore - nexAfter, [s.token.address, s.usdt.address]])
    assert.ok(usdtAfter - usdtBefore < nexValue, 'the sandwich loses: no victim sale paid for it')
  })
})

function min(a: bigint, b: bigint) {
  return a < b ? a : b
}

function ceilDiv(a: bigint, b: bigint) {
  return (a + b - 1n) / b
}
