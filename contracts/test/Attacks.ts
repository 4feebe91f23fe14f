import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { parseEther, type Hash } from 'viem'
import { localDefaults } from '../config/defaults.ts'
import { deployContractsIISystem } from './helpers/contractsII.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'
import { deploySystem } from './helpers/system.ts'
import { buy, fund } from './helpers/trade.ts'

const within1Percent = (value: bigint, reference: bigint) =>
  value * 100n >= reference * 99n && value * 100n <= reference * 101n

describe('Attacks', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deploySystem(connection)
    const { token, wbnb, factory, router, deployer } = system
    const [alice] = system.users
    await fund(system, alice)
    // a second pool (NEX/WBNB) to flash-borrow NEX from
    await wbnb.write.deposit({ value: parseEther('1000') })
    await factory.write.createPair([token.address, wbnb.address])
    const flashPair = await viem.getContractAt(
      'IUniswapV2Pair',
      await factory.read.getPair([token.address, wbnb.address]),
    )
    await wbnb.write.approve([router.address, 2n ** 255n])
    await token.write.approve([router.address, 2n ** 255n])
    await router.write.addLiquidity([
      token.address,
      wbnb.address,
      parseEther('1000000'),
      parseEther('1000'),
      0n,
      0n,
      deployer.account.address,
      2n ** 40n,
    ])
    return { ...system, alice, flashPair }
  }

  it('a flash swap that crashes the spot price moves no price-based payout by more than 1 % (or it reverts)', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, usdt, router, flashPair, alice, deployer } = system
    await buy(system, alice, parseEther('5000')) // fee NEX to swap
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await token.write.updatePrice()
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    const valueBefore = await token.read.getSwapValue([parseEther('1')])
    const tokensBefore = await token.read.getSwapTokens([parseEther('0.1')])
    const spotBefore = await token.read.getPrice()

    const attacker = await viem.deployContract('FlashAttacker', [
      token.address,
      usdt.address,
      router.address,
      flashPair.address,
      deployer.account.address,
    ])
    await token.write.transfer([attacker.address, parseEther('400000')]) // capital for fees and repayment
    await usdt.write.mint([attacker.address, parseEther('1000')])
    await attacker.write.attack([parseEther('300000')])

    assert.ok((await attacker.read.spotDuring()) * 10n < spotBefore * 7n, 'the spot price moved by more than 30 %')
    assert.ok(within1Percent(await attacker.read.swapValueDuring(), valueBefore), 'getSwapValue')
    assert.ok(within1Percent(await attacker.read.swapTokensDuring(), tokensBefore), 'getSwapTokens')
    // swapAndTrans would have sold at the crashed price: the TWAP minimum makes it revert
    if (await attacker.read.transSucceeded()) {
      assert.ok((await attacker.read.transPaid()) * 100n >= (await attacker.read.transTwapValue()) * 99n)
    } else {
      const [, trans] = await token.read.getSwapBalances()
      assert.ok(trans >= localDefaults.token.autoSwapMin, 'fee NEX still kept')
    }
    assert.equal(await attacker.read.transSucceeded(), false)
    assert.equal(await attacker.read.liquifySucceeded(), false)
    // swapBurn burns at least the TWAP amount of NEX for the USDT paid
    if (await attacker.read.swapBurnSucceeded()) {
      assert.ok((await attacker.read.swapBurnTokens()) * 100n >= (await attacker.read.swapBurnTwapTokens()) * 99n)
    }
    // and after the attack, the fee swap runs at the fair price
    await networkHelpers.mine(1)
    await token.write.swapAndTrans()
  })

  it('burnPool and selling in one transaction reverts (TokenSellInBurnBlock)', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, usdt, router, pair } = system
    const attacker = await viem.deployContract('BurnSellAttacker', [
      token.address,
      usdt.address,
      router.address,
      pair.address,
    ])
    await usdt.write.mint([attacker.address, parseEther('10000')])
    await viem.assertions.revertWithCustomErrorWithArgs(
      attacker.write.attack([parseEther('10000'), true]),
      token,
      'TokenSellInBurnBlock',
      [(block: bigint) => block > 0n],
    )
  })

  for (const zeroFees of [false, true]) {
    it(`buy, burnPool, then sell in the next block loses money (${zeroFees ? 'zero token fees, burn bounds at max' : 'default fees'})`, async () => {
      const system = await networkHelpers.loadFixture(fixture)
      const { token, usdt, router, pair } = system
      if (zeroFees) {
        const c = await token.read.getConfig()
        await token.write.setConfig([
          {
            ...c,
            buyRate: 0n,
            addPoolRate: 0n,
            feeUSDT: 0n,
            feeNex: 0n,
          },
        ])
        await token.write.setConfigMulti([{ ...localDefaults.tokenMulti, burnRate: 50n }])
      }
      const attacker = await viem.deployContract('BurnSellAttacker', [
        token.address,
        usdt.address,
        router.address,
        pair.address,
      ])
      const capital = parseEther('10000')
      await usdt.write.mint([attacker.address, capital])
      await attacker.write.attack([capital, false])
      const [burned] = await token.getEvents.PoolBurned()
      assert.equal(burned.args.reward, 0n) // burnPool pays its caller nothing
      await attacker.write.sellAll()
      const after = await usdt.read.balanceOf([attacker.address])
      assert.ok(after < capital, `the round trip loses: after ${after} capital ${capital}`)
    })
  }

  // Issue 19 finding 11: can an account collect referral shares through itself or its own contracts? Main refuses a
  // self-referral, so the only way is a second account under it: here a contract (a second wallet does the same).
  it('an account collects through its own contract only the referral share of that order, from the market share', async () => {
    const s = await deployContractsIISystem(connection)
    const { main, burn, usdt, nft, deployer } = s
    const [attacker] = s.users
    const { burnEvery, swapRate } = await burn.read.getConfig()
    const { burnRates } = await burn.read.getConfigMulti()
    const { market } = await burn.read.getAddresses()
    const bps = (value: bigint, rate: bigint) => (value * rate) / 10_000n
    await main.write.register([deployer.account.address], { account: attacker.account })
    await usdt.write.mint([attacker.account.address, parseEther('10000')])
    await usdt.write.approve([burn.address, 2n ** 255n], { account: attacker.account })
    const helper = await viem.deployContract(
      'SelfReferrer',
      [main.address, burn.address, usdt.address, attacker.account.address],
      { client: { wallet: attacker } },
    )
    await usdt.write.transfer([helper.address, 10n * burnEvery], { account: attacker.account })
    const balanceOf = async (account: `0x${string}`) => (await burn.read.users([account])).balance

    // without a live order of its own the attacker earns nothing from its contract's order: the share goes to market
    let marketBefore = await usdt.read.balanceOf([market])
    await helper.write.order([1n, burnEvery])
    assert.equal(await balanceOf(attacker.account.address), 0n)
    const fullMarket = (await usdt.read.balanceOf([market])) - marketBefore

    // with one, it earns the direct share of its contract's order (and no more); the pool, the NFT dividends and the
    // NEX burn get exactly what any order gives them: the share comes out of what the market wallet would have had
    await burn.write.burn([attacker.account.address, 1n, burnEvery, false], { account: attacker.account })
    const reserves = await burn.read.getReserves()
    const nftBefore = await usdt.read.balanceOf([nft.address])
    marketBefore = await usdt.read.balanceOf([market])
    await helper.write.order([1n, burnEvery])
    const direct = bps(burnEvery, burnRates[1])
    assert.equal(await balanceOf(attacker.account.address), direct, 'the direct share of its contract order')
    assert.equal((await burn.read.users([attacker.account.address])).rewardIndirect, 0n)
    const after = await burn.read.getReserves()
    assert.ok(after.pool + after.orders >= reserves.pool + reserves.orders + bps(burnEvery, burnRates[0]) - 1n)
    assert.equal(after.swap - reserves.swap, bps(burnEvery, swapRate))
    assert.equal((await usdt.read.balanceOf([nft.address])) - nftBefore, bps(burnEvery, burnRates[4]))
    assert.equal((await usdt.read.balanceOf([market])) - marketBefore, fullMarket - direct)

    // the contract's own order shares the pool like any order, and it can hand its claim to the attacker
    await usdt.write.mint([burn.address, parseEther('50')])
    await burn.write.updatePool()
    const held = await usdt.read.balanceOf([attacker.account.address])
    await helper.write.claimToOwner()
    assert.ok((await usdt.read.balanceOf([attacker.account.address])) > held)
  })
  // Issue 19 finding 11 in Fomo (SuperFomo is the same code): a second account of one's own under oneself (a wallet
  // here; a contract is the same account to Main) and an account whose orders have all ended. An order counts in
  // `users(a).amount` while it is in the lock, also past its `endTime` until it is released by its owner or forced
  // out by anyone `outDays` after it (docs/contractsIII.md, status 2): so the answer is "until then", not "for ever".
  it("Fomo: through its own second account an account earns only that order's direct share, out of the gold pool, and only while an order of its own is in the lock", async () => {
    const s = await deployContractsIIISystem(connection)
    const { fomo, deployer, publicClient } = s
    const [attacker, sybil] = s.users
    await join(s, attacker, deployer.account.address)
    await join(s, sybil, attacker.account.address)
    const { burnRates, stakeSurplus } = await fomo.read.getConfigMulti()
    const { roundMin } = await fomo.read.getConfig()
    const value = roundMin
    const direct = ((value - (value * stakeSurplus[0]) / 10_000n) * burnRates[3]) / 10_000n
    const split = async (hash: Hash) => {
      const { blockHash } = await publicClient.getTransactionReceipt({ hash })
      const [event] = await fomo.getEvents.Distributed({}, { blockHash })
      assert.ok(event)
      const { gold, fomo: pot, double, invite, team, burn } = event.args
      const shares = { gold, pot, double, invite, team, burn }
      for (const [name, share] of Object.entries(shares)) assert.ok(share !== undefined, `Distributed has ${name}`)
      return shares as Record<keyof typeof shares, bigint>
    }
    const rewards = async () => {
      const u = await fomo.read.users([attacker.account.address])
      return { direct: u.rewardDirect, indirect: u.rewardIndirect, team: u.rewardTeam }
    }
    const order = (account: typeof sybil) => fomo.write.burn([0n, 1n, value, true], { account: account.account })

    // no order of its own: nothing, the share goes to the gold pool
    const without = await split(await order(sybil))
    assert.equal(without.invite, 0n)
    assert.deepEqual(await rewards(), { direct: 0n, indirect: 0n, team: 0n })

    // with an order in the lock: exactly the direct share of its second account's order (no indirect one), taken
    // from what the gold pool would have had; the pot, Double and the burn share get what any order gives them
    await order(attacker)
    const withOrder = await split(await order(sybil))
    assert.equal(withOrder.invite, direct)
    assert.deepEqual(await rewards(), { direct, indirect: 0n, team: withOrder.team })
    assert.equal(withOrder.gold + withOrder.invite + withOrder.team, without.gold + without.team)
    assert.deepEqual([withOrder.pot, withOrder.double, withOrder.burn], [without.pot, without.double, without.burn])

    // its order past its end but not released still counts (until its owner releases it or anyone forces it out)
    const mine = await fomo.read.userOrderIndex([attacker.account.address, 0n])
    await networkHelpers.time.increaseTo((await fomo.read.orders([mine])).endTime)
    await order(sybil)
    const ended = await rewards()
    assert.equal(ended.direct, 2n * direct)
    // once released, `amount` is 0 and its second account's orders pay it nothing more
    await fomo.write.release([mine], { account: attacker.account })
    assert.equal((await fomo.read.users([attacker.account.address])).amount, 0n)
    const out = await split(await order(sybil))
    assert.equal(out.invite, 0n)
    assert.deepEqual(await rewards(), ended)
  })
})
