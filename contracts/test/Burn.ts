import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { encodeFunctionData, getAddress, parseEther, parseEventLogs, zeroAddress } from 'viem'
import { burnMultiDefaults, localContractsII } from '../config/contractsII.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'

const BPS = 10_000n
const UNIT = parseEther('100') // burnEvery
const local = localContractsII

describe('Burn (orders sharing the community pool by force)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deployContractsIISystem(connection)
    const [alice, bob, carol, dave, market, manager, stranger] = system.users
    const { burn, main, deployer } = system
    await main.write.setManager([manager.account.address])
    await burn.write.setAddresses([{ ...(await burn.read.getAddresses()), market: market.account.address }])
    // genesis (deployer) <- alice <- bob <- carol ; alice <- dave
    await register(system, alice, deployer.account.address)
    await register(system, bob, alice.account.address)
    await register(system, carol, bob.account.address)
    await register(system, dave, alice.account.address)
    for (const wallet of [alice, bob, carol, dave, stranger]) await fundWallet(system, wallet, burn.address)
    return { ...system, alice, bob, carol, dave, market, manager, stranger }
  }
  type System = Awaited<ReturnType<typeof fixture>>

  const settingsOf = async (system: System, changes: Record<string, bigint> = {}) => {
    const { addTime, ...rest } = await system.burn.read.getConfig()
    void addTime
    return { ...rest, ...changes }
  }

  it('exposes the SPEC §3 config, the five burnRates, addresses and BNB/NEX quotes', async () => {
    const { burn, nft, usdt } = await networkHelpers.loadFixture(fixture)
    const config = await burn.read.getConfig()
    assert.equal(config.outDays, 30n)
    assert.equal(config.rewardRate, 15_000n)
    assert.equal(config.dayTimes, local.burn.dayTimes)
    assert.equal(config.burnEvery, UNIT)
    assert.ok(config.addTime > 0n)
    const multi = await burn.read.getConfigMulti()
    assert.deepEqual(multi.burnRates, burnMultiDefaults.burnRates)
    assert.equal(multi.burnRates[0], 5_000n) // 50 % community dividends
    const addresses = await burn.read.getAddresses()
    assert.equal(addresses.nft, getAddress(nft.address))
    assert.equal(addresses.usdt, getAddress(usdt.address))
    // 600 USDT per BNB, 0.1 USDT per NEX at deployment
    assert.equal(await burn.read.getSwapBnb([parseEther('1')]), parseEther('600'))
    assert.equal(await burn.read.getSwapTokens([parseEther('1')]), parseEther('6000'))
  })

  it('setConfig, setConfigMulti, setAddresses enforce their bounds and emit', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn } = system
    const cases: [Record<string, bigint>, [string, bigint, bigint, bigint]][] = [
      [{ dayTimes: 59n }, ['dayTimes', 59n, 60n, 7n * 86400n]],
      [{ algebra: 0n }, ['algebra', 0n, 1n, 20n]],
      [{ algebra: 21n }, ['algebra', 21n, 1n, 20n]],
      [{ feeRate: 1001n }, ['feeRate', 1001n, 0n, 1000n]],
      [{ handleGas: 0n }, ['handleGas', 0n, 1n, 200n]],
      [{ swapRate: 5001n }, ['swapRate', 5001n, 0n, 5000n]],
      [{ burnEvery: parseEther('1') - 1n }, ['burnEvery', parseEther('1') - 1n, parseEther('1'), 10n ** 24n]],
      [{ rewardRate: 9_999n }, ['rewardRate', 9_999n, 10_000n, 20_000n]],
      [{ rewardRate: 20_001n }, ['rewardRate', 20_001n, 10_000n, 20_000n]],
      [{ outDays: 0n }, ['outDays', 0n, 1n, 365n]],
      [{ outDays: 366n }, ['outDays', 366n, 1n, 365n]],
      // the packed settings keep the start time in 40 bits (year 36812)
      [{ startTime: 2n ** 40n }, ['startTime', 2n ** 40n, 0n, 2n ** 40n - 1n]],
    ]
    for (const [changes, args] of cases) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        burn.write.setConfig([await settingsOf(system, changes)]),
        burn,
        'ValueOutOfBounds',
        args,
      )
    }
    // the shares of an order can never exceed its value
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setConfig([await settingsOf(system, { swapRate: 1_900n })]),
      burn,
      'FeeMathRateTooHigh',
      [10_100n, 10_000n],
    )
    await viem.assertions.emit(
      burn.write.setConfig([await settingsOf(system, { outDays: 10n })]),
      burn,
      'ConfigUpdated',
    )
    assert.equal((await burn.read.getConfig()).outDays, 10n)
    const multi = await burn.read.getConfigMulti()
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setConfigMulti([{ ...multi, teamRates: [200n, 100n, 600n, 800n, 1000n] }]),
      burn,
      'BurnTeamRatesNotIncreasing',
      [2n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setConfigMulti([{ ...multi, teamRates: [200n, 400n, 600n, 800n, 1001n] }]),
      burn,
      'ValueOutOfBounds',
      ['teamRates', 1001n, 0n, 1000n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setConfigMulti([{ ...multi, slippage: 1001n }]),
      burn,
      'ValueOutOfBounds',
      ['slippage', 1001n, 0n, 1000n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setConfigMulti([{ ...multi, burnRates: [6_000n, 1_000n, 100n, 1_000n, 500n] }]),
      burn,
      'FeeMathRateTooHigh',
      [10_200n, 10_000n],
    )
    // the packed rates: team thresholds in 128 bits; every burn rate at most 10,000 (the shares' sum bounds all but
    // the indirect one at algebra 1)
    const max128 = 2n ** 128n - 1n
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setConfigMulti([{ ...multi, teamAmounts: [1n, 2n, 3n, 4n, max128 + 1n] }]),
      burn,
      'ValueOutOfBounds',
      ['teamAmounts', max128 + 1n, 0n, max128],
    )
    await burn.write.setConfigMulti([{ ...multi, teamAmounts: [1n, 2n, 3n, 4n, max128] }])
    assert.deepEqual((await burn.read.getConfigMulti()).teamAmounts, [1n, 2n, 3n, 4n, max128])
    await burn.write.setConfig([await settingsOf(system, { algebra: 1n })])
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setConfigMulti([{ ...multi, burnRates: [5_000n, 1_000n, 10_001n, 1_000n, 500n] }]),
      burn,
      'ValueOutOfBounds',
      ['burnRates', 10_001n, 0n, 10_000n],
    )
    await burn.write.setConfigMulti([{ ...multi, burnRates: [5_000n, 1_000n, 10_000n, 1_000n, 500n] }])
    assert.equal((await burn.read.getConfigMulti()).burnRates[2], 10_000n)
    await burn.write.setConfigMulti([multi])
    await burn.write.setConfig([await settingsOf(system, { algebra: 8n })])
    await viem.assertions.emit(burn.write.setConfigMulti([{ ...multi, slippage: 10n }]), burn, 'ConfigMultiUpdated')
    assert.deepEqual(await burn.read.getConfigMulti(), { ...multi, slippage: 10n })
    const addresses = await burn.read.getAddresses()
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setAddresses([{ ...addresses, market: zeroAddress }]),
      burn,
      'BurnInvalidAddress',
      [zeroAddress],
    )
    // the accounting token can never change
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setAddresses([{ ...addresses, usdt: addresses.token }]),
      burn,
      'BurnInvalidAddress',
      [addresses.token],
    )
    await viem.assertions.emit(burn.write.setAddresses([addresses]), burn, 'AddressesUpdated')
  })

  it('register: once, only when registered in Main, with the Main referrer as refer code', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, alice, bob, carol, stranger } = system
    await viem.assertions.emitWithArgs(
      burn.write.register([zeroAddress], { account: alice.account }),
      burn,
      'Registered',
      [getAddress(alice.account.address), getAddress(system.deployer.account.address), zeroAddress, 1n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.register([zeroAddress], { account: alice.account }),
      burn,
      'BurnAlreadyRegistered',
      [getAddress(alice.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.register([zeroAddress], { account: stranger.account }),
      burn,
      'BurnNotRegistered',
      [getAddress(stranger.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.register([carol.account.address], { account: bob.account }),
      burn,
      'BurnReferCodeMismatch',
      [getAddress(carol.account.address), getAddress(alice.account.address)],
    )
    await burn.write.register([alice.account.address], { account: bob.account })
    const user = await burn.read.users([bob.account.address])
    assert.equal(user.index, 2n)
    assert.equal(user.refer, getAddress(alice.account.address))
    assert.equal(user.inviteCode, getAddress(alice.account.address))
    assert.equal(await burn.read.userInviteCount([alice.account.address]), 1n)
    assert.equal(await burn.read.userInvites([alice.account.address, 0n]), getAddress(bob.account.address))
    const team = await burn.read.teams([alice.account.address])
    assert.equal(team.invites, 1n)
    assert.equal(team.teamUser, 0n) // members count once they have an order
    assert.equal((await burn.read.totalInfo()).totalUser, 2n)
  })

  it('a second registration or a duplicate claim in one call reverts', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, main, usdt, deployer } = system
    const caller = await viem.deployContract('BurnDoubleCaller')
    await caller.write.execute([
      main.address,
      encodeFunctionData({ abi: main.abi, functionName: 'register', args: [deployer.account.address] }),
    ])
    const registerCall = encodeFunctionData({ abi: burn.abi, functionName: 'register', args: [zeroAddress] })
    await viem.assertions.revertWithCustomErrorWithArgs(
      caller.write.executeTwice([burn.address, registerCall]),
      burn,
      'BurnAlreadyRegistered',
      [getAddress(caller.address)],
    )
    assert.equal((await burn.read.users([caller.address])).index, 0n)
    // an order, some dividends, then two claims in one transaction: the second finds nothing
    await usdt.write.mint([caller.address, UNIT])
    await caller.write.execute([
      usdt.address,
      encodeFunctionData({ abi: usdt.abi, functionName: 'approve', args: [burn.address, UNIT] }),
    ])
    await caller.write.execute([
      burn.address,
      encodeFunctionData({ abi: burn.abi, functionName: 'burn', args: [caller.address, 1n, UNIT, false] }),
    ])
    await usdt.write.mint([burn.address, parseEther('10')])
    const claimCall = encodeFunctionData({ abi: burn.abi, functionName: 'claimReward' })
    await viem.assertions.revertWithCustomErrorWithArgs(
      caller.write.executeTwice([burn.address, claimCall]),
      burn,
      'BurnNothingToClaim',
      [getAddress(caller.address)],
    )
    await caller.write.execute([burn.address, claimCall])
    assert.ok((await usdt.read.balanceOf([caller.address])) > 0n)
  })

  it('burn (USDT): creates the order and splits it: pool, swap, NFT, direct, indirect, market', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, nft, usdt, alice, bob, carol, market } = system
    const nftBefore = await usdt.read.balanceOf([nft.address])
    const now = BigInt(await networkHelpers.time.latest()) + 1n
    await networkHelpers.time.setNextBlockTimestamp(now) // not the wall clock: a slow machine moves it on
    const endTime = now + 30n * local.burn.dayTimes
    await viem.assertions.emitWithArgs(
      burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account }),
      burn,
      'OrderCreated',
      [
        1n,
        getAddress(alice.account.address),
        getAddress(alice.account.address),
        false,
        UNIT,
        parseEther('1000'),
        UNIT,
        endTime,
      ],
    )
    const order = await burn.read.orders([1n])
    assert.equal(order.isValid, true)
    assert.equal(order.amount, UNIT)
    assert.equal(order.tokens, parseEther('1000')) // 100 USDT at the 0.1 USDT TWAP
    assert.equal(order.rewardSurplus, (UNIT * 15_000n) / BPS)
    assert.equal(order.endTime - order.startTime, 30n * local.burn.dayTimes)
    assert.equal(order.owner, getAddress(alice.account.address))
    // genesis has no order: the direct share goes to the market with the rest
    assert.equal(await usdt.read.balanceOf([market.account.address]), parseEther('35'))
    assert.equal((await usdt.read.balanceOf([nft.address])) - nftBefore, parseEther('5'))
    assert.deepEqual(await burn.read.getReserves(), {
      pool: parseEther('50'),
      orders: 0n,
      balances: 0n,
      swap: parseEther('10'),
    })
    // bob (under alice) pays alice 10 % direct; carol pays bob direct and alice indirect
    await viem.assertions.emitWithArgs(
      burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account }),
      burn,
      'RewardCredited',
      [getAddress(alice.account.address), getAddress(bob.account.address), 2n, 1, parseEther('10')],
    )
    await viem.assertions.emitWithArgs(
      burn.write.burn([carol.account.address, 1n, UNIT, false], { account: carol.account }),
      burn,
      'RewardCredited',
      [getAddress(alice.account.address), getAddress(carol.account.address), 3n, 2, parseEther('1')],
    )
    const aliceUser = await burn.read.users([alice.account.address])
    assert.equal(aliceUser.rewardDirect, parseEther('10'))
    assert.equal(aliceUser.rewardIndirect, parseEther('1'))
    assert.equal(aliceUser.orders, 1n)
    assert.equal(aliceUser.amount, UNIT)
    assert.equal(await burn.read.userOrderIndex([bob.account.address, 0n]), 2n)
    const totals = await burn.read.totalInfo()
    assert.equal(totals.totalOrder, 3n)
    assert.equal(totals.totalAmount, 3n * UNIT)
    assert.equal(totals.totalTokens, 3n * parseEther('1000'))
    assert.equal(totals.totalRewardInvite, parseEther('21'))
    assert.equal(totals.totalForce, 3n * UNIT)
    assert.equal((await burn.read.getConfig()).burnSurplus, local.burn.burnSurplus - 3n)
    assert.equal((await burn.read.teams([alice.account.address])).inviteValids, 1n)
    assert.equal((await burn.read.teams([alice.account.address])).teamUser, 2n)
    assert.equal((await burn.read.teams([system.deployer.account.address])).teamUser, 3n)
    // anyone may pay for a registered account
    await burn.write.burn([alice.account.address, 2n, UNIT * 2n, false], { account: bob.account })
    assert.equal((await burn.read.users([alice.account.address])).orders, 2n)
  })

  it('burn rejects: zero times, before startTime, above burnSurplus, low payment, BNB mismatch, unregistered, blacklisted, paused', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, alice, stranger } = system
    const as = { account: alice.account }
    await viem.assertions.revertWithCustomError(
      burn.write.burn([alice.account.address, 0n, UNIT, false], as),
      burn,
      'BurnZeroTimes',
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([alice.account.address, 1n, UNIT - 1n, false], as),
      burn,
      'BurnPaymentTooLow',
      [UNIT - 1n, UNIT],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([alice.account.address, 1n, UNIT, false], { ...as, value: 1n }),
      burn,
      'BurnValueMismatch',
      [1n, 0n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([alice.account.address, 1n, parseEther('1'), true], { ...as, value: parseEther('0.5') }),
      burn,
      'BurnValueMismatch',
      [parseEther('0.5'), parseEther('1')],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([alice.account.address, 1n, parseEther('0.1'), true], { ...as, value: parseEther('0.1') }),
      burn,
      'BurnPaymentTooLow',
      [parseEther('60'), UNIT],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([stranger.account.address, 1n, UNIT, false], { account: stranger.account }),
      burn,
      'BurnNotRegistered',
      [getAddress(stranger.account.address)],
    )
    const future = BigInt(await networkHelpers.time.latest()) + 1000n
    await burn.write.setConfig([await settingsOf(system, { startTime: future, burnSurplus: 2n })])
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([alice.account.address, 1n, UNIT, false], as),
      burn,
      'BurnNotStarted',
      [future],
    )
    await networkHelpers.time.increaseTo(future)
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([alice.account.address, 3n, 3n * UNIT, false], as),
      burn,
      'BurnExceedsSurplus',
      [3n, 2n],
    )
    await viem.assertions.emitWithArgs(
      burn.write.setBlacklist([alice.account.address, true]),
      burn,
      'BlacklistUpdated',
      [getAddress(alice.account.address), true],
    )
    assert.equal(await burn.read.isBlacklisted([alice.account.address]), true)
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.burn([alice.account.address, 1n, UNIT, false], as),
      burn,
      'BurnBlacklisted',
      [getAddress(alice.account.address)],
    )
    // a claim is never blocked by the blacklist (here: nothing owed yet)
    await viem.assertions.revertWithCustomErrorWithArgs(burn.write.claimReward(as), burn, 'BurnNothingToClaim', [
      getAddress(alice.account.address),
    ])
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.register([zeroAddress], as),
      burn,
      'BurnBlacklisted',
      [getAddress(alice.account.address)],
    )
    await burn.write.setBlacklist([alice.account.address, false])
    await burn.write.pause()
    await viem.assertions.revertWithCustomError(
      burn.write.burn([alice.account.address, 1n, UNIT, false], as),
      burn,
      'EnforcedPause',
    )
  })

  it('burn (BNB): swaps at no worse than the TWAP less slippage and refunds the USDT above the order value', async () => {
    const { burn, usdt, alice } = await networkHelpers.loadFixture(fixture)
    const before = await usdt.read.balanceOf([alice.account.address])
    const bnb = parseEther('0.2') // ~120 USDT for a 100 USDT order
    await burn.write.burn([alice.account.address, 1n, bnb, true], { account: alice.account, value: bnb })
    const order = await burn.read.orders([1n])
    assert.equal(order.isBNB, true)
    assert.equal(order.amount, UNIT)
    const refund = (await usdt.read.balanceOf([alice.account.address])) - before
    // 0.2 BNB buys ~119.3 USDT in a 100 BNB / 60,000 USDT pool (0.3 % fee, price impact)
    assert.ok(refund > parseEther('19') && refund < parseEther('20'), `${refund}`)
    await viem.assertions.revertWithCustomErrorWithArgs(
      alice.sendTransaction({ to: burn.address, value: 1n }),
      burn,
      'BurnUnexpectedBnb',
      [getAddress(alice.account.address)],
    )
  })

  it('shares the pool by force, pays dividends and referral rewards on claim, less feeRate', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, usdt, alice, bob, market } = system
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    await burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account })
    // bob's burn shared alice's 50 with alice's order alone (bob's order joined after)
    assert.equal(await burn.read.pendingReward([1n]), parseEther('75')) // 50 + half of bob's 50 (not yet shared)
    assert.equal(await burn.read.pendingReward([2n]), parseEther('25'))
    const marketBefore = await usdt.read.balanceOf([market.account.address])
    const aliceBefore = await usdt.read.balanceOf([alice.account.address])
    const total = parseEther('85') // 75 dividends + 10 direct
    const fee = (total * 500n) / BPS
    await viem.assertions.emitWithArgs(burn.write.claimReward({ account: alice.account }), burn, 'RewardClaimed', [
      getAddress(alice.account.address),
      total,
      fee,
    ])
    assert.equal((await usdt.read.balanceOf([alice.account.address])) - aliceBefore, total - fee)
    assert.equal((await usdt.read.balanceOf([market.account.address])) - marketBefore, fee)
    const user = await burn.read.users([alice.account.address])
    assert.equal(user.balance, 0n)
    assert.equal(user.total, parseEther('75'))
    assert.equal(user.rewardTotal, total)
    assert.equal((await burn.read.orders([1n])).reward, parseEther('75'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.claimReward({ account: alice.account }),
      burn,
      'BurnNothingToClaim',
      [getAddress(alice.account.address)],
    )
    const totals = await burn.read.totalInfo()
    assert.equal(totals.totalExtract, total)
    assert.equal(totals.totalReward, parseEther('75'))
    assert.equal(totals.lastIndex, 2n)
  })

  it('an order joining right after funding has zero pending; fees arriving from the token join the pool', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, usdt, alice, bob, stranger } = system
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    await burn.write.updatePool()
    await usdt.write.mint([burn.address, parseEther('40')]) // fees
    await viem.assertions.emitWithArgs(
      burn.write.onFeeReceived([usdt.address, 0n], { account: stranger.account }),
      burn,
      'PoolFunded',
      [parseEther('40')],
    )
    await burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account })
    const bobOrder = await burn.read.orders([2n])
    // bob's own community share (50) is still waiting; with it the pending is its half of it, nothing from before
    assert.equal(await burn.read.pendingReward([2n]), parseEther('25'))
    assert.equal(bobOrder.debt, BigInt((await burn.read.totalInfo()).perForce) * UNIT)
    // alice's order: its own share (50), the fees (40), half of bob's share once shared (25)
    assert.equal(await burn.read.pendingReward([1n]), parseEther('50') + parseEther('40') + parseEther('25'))
  })

  for (const offset of [-1n, 0n, 1n]) {
    const label = offset < 0n ? '30 days - 1 s' : offset > 0n ? '30 days + 1 s' : '30 days'
    it(`never pays an order more than 1.5x and forces it out after outDays (update at ${label})`, async () => {
      const system = await networkHelpers.loadFixture(fixture)
      const { burn, usdt, alice, bob, carol } = system
      const cap = (UNIT * 15n) / 10n
      await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
      await burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account })
      const { endTime, startTime } = await burn.read.orders([1n])
      assert.equal(endTime - startTime, 30n * local.burn.dayTimes)
      await usdt.write.mint([burn.address, parseEther('60')])
      await burn.write.updatePool()
      await networkHelpers.time.increase(10n * local.burn.dayTimes)
      await burn.write.burn([carol.account.address, 1n, UNIT, false], { account: carol.account })
      await burn.write.updateUser([alice.account.address])
      const before = (await burn.read.orders([1n])).reward
      assert.ok(before > 0n && before < cap, `${before}`)
      // heavy funding, shared at the update that runs at endTime + offset
      await networkHelpers.time.setNextBlockTimestamp(endTime + offset - 1n)
      await usdt.write.mint([burn.address, parseEther('10000')])
      await burn.write.updateUser([alice.account.address])
      const order = await burn.read.orders([1n])
      assert.equal(order.isValid, false)
      if (offset < 0n) {
        assert.equal(order.reward, cap, 'still valid at the update: it takes its share, capped at 1.5x')
        assert.equal(order.rewardSurplus, 0n)
        assert.ok(order.endTime < endTime, 'out at its cap, before 30 days')
      } else {
        assert.equal(order.reward, before, 'expired: forced out before the new funds are shared')
        assert.equal(order.endTime, endTime)
      }
      for (const account of [bob, carol]) await burn.write.updateUser([account.account.address])
      let rewards = 0n
      for (const index of [1n, 2n, 3n]) {
        const o = await burn.read.orders([index])
        assert.ok(o.reward <= cap, `order ${index}: ${o.reward}`)
        rewards += o.reward
      }
      assert.equal((await burn.read.orders([3n])).reward, cap)
      // paid + claimable never exceeds what was funded, and the contract holds all of it
      const funded = 3n * parseEther('50') + parseEther('60') + parseEther('10000')
      const reserves = await burn.read.getReserves()
      assert.ok(rewards + reserves.pool + reserves.orders <= funded)
      const held = await usdt.read.balanceOf([burn.address])
      assert.ok(reserves.pool + reserves.orders + reserves.balances + reserves.swap <= held)
    })
  }

  it('forces expired orders out from the queue in updatePool before sharing new funds', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, usdt, alice, bob } = system
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    const { endTime } = await burn.read.orders([1n])
    await networkHelpers.time.increaseTo(endTime)
    await burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account })
    // a user's order forces out no other order (issue 19 finding 9): alice's expired order heads the queue
    assert.equal((await burn.read.orders([1n])).isValid, true)
    assert.equal((await burn.read.totalInfo()).lastOut, 1n)
    await usdt.write.mint([burn.address, parseEther('30')])
    await viem.assertions.emit(burn.write.updatePool(), burn, 'PoolDistributed')
    // updatePool forces out at most USER_OUTS (1) expired order, before it shares the new funds
    assert.equal((await burn.read.orders([1n])).isValid, false)
    assert.equal((await burn.read.totalInfo()).lastOut, 2n)
    assert.equal(await burn.read.pendingReward([1n]), 0n)
    // alice's share was never distributed during her 30 days (no update ran), so it went to bob's order
    assert.equal(await burn.read.pendingReward([2n]), parseEther('130'))
    await viem.assertions.revertWithCustomErrorWithArgs(burn.read.orders([9n]), burn, 'BurnUnknownOrder', [9n])
  })

  it('team levels from the volume outside the largest leg, with level-differential team rewards', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, alice, bob, dave } = system
    const multi = await burn.read.getConfigMulti()
    const amounts = [1n, 2n, 3n, 4n, 5n].map((n) => n * UNIT) as [bigint, bigint, bigint, bigint, bigint]
    await burn.write.setConfigMulti([{ ...multi, teamAmounts: amounts }])
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    await burn.write.burn([bob.account.address, 3n, 3n * UNIT, false], { account: bob.account })
    let team = await burn.read.teams([alice.account.address])
    assert.equal(team.teamAmount, 3n * UNIT)
    assert.equal(team.teamMax, 3n * UNIT)
    assert.equal(team.maxAccount, getAddress(bob.account.address))
    assert.equal(team.teamMin, 0n)
    assert.equal(team.level, 0n)
    await viem.assertions.emitWithArgs(
      burn.write.burn([dave.account.address, 1n, UNIT, false], { account: dave.account }),
      burn,
      'TeamLevelUpdated',
      [getAddress(alice.account.address), 1n],
    )
    // dave's next order: alice reaches V3 (300 outside bob's leg) and earns the V3 rate on it
    await viem.assertions.emitWithArgs(
      burn.write.burn([dave.account.address, 2n, 2n * UNIT, false], { account: dave.account }),
      burn,
      'RewardCredited',
      [getAddress(alice.account.address), getAddress(dave.account.address), 4n, 3, (2n * UNIT * 600n) / BPS],
    )
    team = await burn.read.teams([alice.account.address])
    assert.equal(team.teamAmount, 6n * UNIT)
    assert.equal(team.teamMax, 3n * UNIT) // dave's leg (300) is not larger than bob's
    assert.equal(team.teamMin, 3n * UNIT)
    assert.equal(team.level, 3n)
    assert.equal(team.inviteValids, 2n)
    // a manual level overrides the volume rule, and can be given back
    await viem.assertions.emitWithArgs(
      burn.write.setTeam([alice.account.address, true, 5n]),
      burn,
      'TeamManualUpdated',
      [getAddress(alice.account.address), true, 5n],
    )
    assert.equal((await burn.read.teams([alice.account.address])).level, 5n)
    await burn.write.setTeam([alice.account.address, false, 0n])
    assert.equal((await burn.read.teams([alice.account.address])).level, 3n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.setTeam([alice.account.address, true, 6n]),
      burn,
      'ValueOutOfBounds',
      ['level', 6n, 0n, 5n],
    )
  })

  it('updatePool buys NEX with the swap balance and burns it; a failing buy is skipped and retried', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, token, alice } = system
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    const burnedBefore = (await token.read.getInfo()).burnAmount
    await viem.assertions.emitWithArgs(burn.write.updatePool(), burn, 'TokensBurned', [parseEther('10')])
    assert.ok((await token.read.getInfo()).burnAmount - burnedBefore > parseEther('95'))
    assert.equal((await burn.read.getReserves()).swap, 0n)
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    const addresses = await burn.read.getAddresses()
    await burn.write.setAddresses([{ ...addresses, token: addresses.usdt }]) // not a token with swapBurn
    await viem.assertions.emitWithArgs(burn.write.updatePool(), burn, 'SwapBurnSkipped', [parseEther('10')])
    assert.equal((await burn.read.getReserves()).swap, parseEther('10'))
  })

  it('a failed buy-and-burn waits SWAP_RETRY_DELAY, then retries with about half: the upkeep is not due on every block', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, alice } = system
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    const addresses = await burn.read.getAddresses()
    await burn.write.setAddresses([{ ...addresses, token: addresses.usdt }]) // not a token with swapBurn: buys fail
    const [due] = await burn.read.checkUpkeep(['0x'])
    assert.equal(due, true) // the failed buy is due once
    await viem.assertions.emitWithArgs(burn.write.performUpkeep(['0x']), burn, 'SwapBurnSkipped', [parseEther('10')])
    // nothing else waits: before the delay neither the upkeep nor a user's updatePool tries the buy again
    assert.equal((await burn.read.checkUpkeep(['0x']))[0], false)
    await viem.assertions.revertWithCustomError(burn.write.performUpkeep(['0x']), burn, 'BurnUpkeepNotDue')
    const publicClient = await viem.getPublicClient()
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await burn.write.updatePool() })
    const tries = parseEventLogs({ abi: burn.abi, logs: receipt.logs, eventName: ['SwapBurnSkipped', 'TokensBurned'] })
    assert.equal(tries.length, 0, 'updatePool tried the buy again before the delay')
    await burn.write.setAddresses([addresses]) // the token can buy again
    await networkHelpers.time.increase(await burn.read.SWAP_RETRY_DELAY())
    assert.equal((await burn.read.checkUpkeep(['0x']))[0], true)
    const half = parseEther('5') + 1n
    await viem.assertions.emitWithArgs(burn.write.performUpkeep(['0x']), burn, 'TokensBurned', [half])
    assert.equal((await burn.read.getReserves()).swap, parseEther('10') - half)
    await viem.assertions.emitWithArgs(burn.write.performUpkeep(['0x']), burn, 'TokensBurned', [
      parseEther('10') - half,
    ])
    assert.equal((await burn.read.getReserves()).swap, 0n)
    assert.equal((await burn.read.checkUpkeep(['0x']))[0], false)
  })

  it('a piece of the buy-and-burn that passes lets the next be twice as large: one failure does not leave every later buy small', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, alice } = system
    const publicClient = await viem.getPublicClient()
    await burn.write.burn([alice.account.address, 4n, 4n * UNIT, false], { account: alice.account })
    assert.equal((await burn.read.getReserves()).swap, parseEther('40'))
    const addresses = await burn.read.getAddresses()
    const delay = await burn.read.SWAP_RETRY_DELAY()
    // two failed buys (the token cannot buy): 40, then about half of it
    await burn.write.setAddresses([{ ...addresses, token: addresses.usdt }])
    await viem.assertions.emitWithArgs(burn.write.performUpkeep(['0x']), burn, 'SwapBurnSkipped', [parseEther('40')])
    await networkHelpers.time.increase(delay)
    const first = parseEther('20') + 1n
    await viem.assertions.emitWithArgs(burn.write.performUpkeep(['0x']), burn, 'SwapBurnSkipped', [first])
    await burn.write.setAddresses([addresses]) // the token can buy again
    await networkHelpers.time.increase(delay)
    // the upkeeps until nothing is left: each piece twice the last, then the rest
    const pieces: bigint[] = []
    for (let i = 0; i < 10 && (await burn.read.checkUpkeep(['0x']))[0]; i++) {
      const receipt = await publicClient.waitForTransactionReceipt({ hash: await burn.write.performUpkeep(['0x']) })
      const events = parseEventLogs({
        abi: burn.abi,
        logs: receipt.logs,
        eventName: ['SwapBurnSkipped', 'TokensBurned'],
      })
      assert.deepEqual(
        events.map((e) => e.eventName),
        ['TokensBurned'],
      )
      pieces.push((events[0]?.args as { usdtIn: bigint }).usdtIn)
    }
    const second = first / 2n + 1n // 10 USDT and 1 wei
    assert.deepEqual(pieces, [second, 2n * second, parseEther('40') - 3n * second])
    assert.equal((await burn.read.getReserves()).swap, 0n)
    // the size grew back to the whole balance: the next balance goes in one buy
    await burn.write.burn([alice.account.address, 4n, 4n * UNIT, false], { account: alice.account })
    await viem.assertions.emitWithArgs(burn.write.performUpkeep(['0x']), burn, 'TokensBurned', [parseEther('40')])
  })

  it('withdraws only the excess: never the pool, the orders, the balances, the swap balance', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, usdt, token, alice, deployer } = system
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    await usdt.write.mint([burn.address, parseEther('5')]) // not accounted yet: it belongs to the pool
    assert.equal(await burn.read.excessOf([usdt.address]), 0n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      burn.write.withdrawExcess([usdt.address, deployer.account.address, 1n]),
      burn,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), 1n, 0n],
    )
    await token.write.transfer([burn.address, 7n]) // NEX fees are not users' funds
    await viem.assertions.emitWithArgs(
      burn.write.withdrawExcess([token.address, deployer.account.address, 7n]),
      burn,
      'ExcessWithdrawn',
      [getAddress(token.address), getAddress(deployer.account.address), 7n],
    )
  })

  it('role matrix: owner, manager, user, stranger and blacklisted on every state-changing function', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { burn, deployer, manager, alice, stranger, bob } = system
    const settings = await settingsOf(system)
    const multi = await burn.read.getConfigMulti()
    const addresses = await burn.read.getAddresses()
    const ownerCalls: [string, unknown[]][] = [
      ['setConfig', [settings]],
      ['setConfigMulti', [multi]],
      ['setAddresses', [addresses]],
      ['setBlacklist', [stranger.account.address, false]],
      ['setTeam', [alice.account.address, false, 0n]],
      ['setGuardian', [zeroAddress]],
      ['scheduleUpgrade', [burn.address]],
    ]
    for (const wallet of [manager, alice, stranger]) {
      for (const [name, args] of ownerCalls) {
        await viem.assertions.revertWithCustomErrorWithArgs(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (burn.write as any)[name](args, { account: wallet.account }),
          burn,
          'OwnableUnauthorizedAccount',
          [getAddress(wallet.account.address)],
        )
      }
    }
    for (const [name, args] of ownerCalls.slice(0, 5)) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await (burn.write as any)[name](args, { account: deployer.account })
    }
    // user actions: a registered user and the manager succeed; a stranger (not in Main) cannot register or burn
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    await burn.write.updatePool({ account: stranger.account })
    await burn.write.updateUser([alice.account.address], { account: stranger.account })
    await system.main.write.register([alice.account.address], { account: manager.account })
    await burn.write.register([alice.account.address], { account: manager.account })
    await viem.assertions.revertWithCustomError(
      burn.write.register([zeroAddress], { account: stranger.account }),
      burn,
      'BurnNotRegistered',
    )
    // blacklisted: no burn (as owner of the order or as payer), no register; its referrer share goes to market
    await burn.write.setBlacklist([alice.account.address, true])
    await viem.assertions.revertWithCustomError(
      burn.write.burn([bob.account.address, 1n, UNIT, false], { account: alice.account }),
      burn,
      'BurnBlacklisted',
    )
    const before = (await burn.read.users([alice.account.address])).rewardDirect
    await burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account })
    assert.equal((await burn.read.users([alice.account.address])).rewardDirect, before)
  })

  it("a blacklisted account still claims what it is owed (balance and its orders' dividends so far)", async () => {
    const { burn, usdt, alice, bob } = await networkHelpers.loadFixture(fixture)
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    await burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account }) // alice's direct reward
    await burn.write.updatePool()
    const owed = (await burn.read.users([alice.account.address])).balance
    assert.ok(owed > 0n)
    await burn.write.setBlacklist([alice.account.address, true])
    const held = await usdt.read.balanceOf([alice.account.address])
    await viem.assertions.emit(burn.write.claimReward({ account: alice.account }), burn, 'RewardClaimed')
    assert.ok((await usdt.read.balanceOf([alice.account.address])) - held >= (owed * 9n) / 10n)
    // but no new rewards: bob's next order credits alice nothing
    const balance = (await burn.read.users([alice.account.address])).balance
    await burn.write.burn([bob.account.address, 1n, UNIT, false], { account: bob.account })
    assert.equal((await burn.read.users([alice.account.address])).balance, balance)
  })

  it('upgrades behind its proxy only after the delay, keeping its orders', async () => {
    const { burn, alice, addresses } = await networkHelpers.loadFixture(fixture)
    await burn.write.burn([alice.account.address, 1n, UNIT, false], { account: alice.account })
    const libraries = Object.fromEntries(
      ['TeamLib', 'BurnLib', 'ExpiryQueue'].map((name) => [name, addresses[name] as `0x${string}`]),
    )
    const next = await viem.deployContract('Burn', [], { libraries })
    await burn.write.scheduleUpgrade([next.address])
    await viem.assertions.revertWithCustomError(
      burn.write.upgradeToAndCall([next.address, '0x']),
      burn,
      'NexusUpgradeNotReady',
    )
    await networkHelpers.time.increase(3600)
    await burn.write.upgradeToAndCall([next.address, '0x'])
    assert.equal((await burn.read.orders([1n])).amount, UNIT)
  })
})
