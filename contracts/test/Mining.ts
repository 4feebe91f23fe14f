import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther, zeroAddress } from 'viem'
import { localContractsIII as local, miningMulti } from '../config/contractsIII.ts'
import { storageLayout } from './helpers/storageLayout.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

const BPS = 10_000n
const P = 10n ** 18n
/** What an emission `e` over total force `f` gives out (RewardMath.increment): ceil(floor(e * 1e18 / f) * f / 1e18). */
const emitted = (e: bigint, f: bigint) => (((e * P) / f) * f + P - 1n) / P

describe('Mining (6 tiers, emission shared by force)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const { time } = networkHelpers

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [alice, bob, carol, dave, erin, stranger] = s.users
    await join(s, alice, s.deployer.account.address)
    await join(s, bob, alice.account.address)
    await join(s, carol, bob.account.address)
    await join(s, dave, carol.account.address)
    await join(s, erin, dave.account.address)
    return { ...s, alice, bob, carol, dave, erin, stranger }
  }

  it('exposes SPEC §3 config, multi config and totals', async () => {
    const { mining } = await networkHelpers.loadFixture(fixture)
    const config = await mining.read.getConfig()
    assert.equal(config.mintDay, local.mining.mintDay)
    assert.equal(config.mintSurplus, local.miningFund)
    assert.equal(config.userMin, local.mining.userMin)
    const multi = await mining.read.getConfigMulti()
    assert.deepEqual(multi.inviteRates, [...miningMulti.inviteRates])
    assert.deepEqual(multi.stakeForces, [...miningMulti.stakeForces])
    assert.deepEqual(multi.stakeTotals, [0n, 0n, 0n, 0n, 0n, 0n])
    assert.equal((await mining.read.getTotals()).totalForce, 0n)
  })

  it('locks a deposit in a tier and gives invite force to 3 generations', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, erin, dave, carol, bob } = s
    const amount = parseEther('1000')
    const force = (amount * miningMulti.stakeForces[2]) / BPS
    const hash = await mining.write.deposit([2n, amount], { account: erin.account })
    const stake = await mining.read.stakes([1n])
    assert.equal(stake.owner, getAddress(erin.account.address))
    assert.equal(stake.amount, amount)
    assert.equal(stake.actual, (amount * miningMulti.stakeRates[2]) / BPS)
    assert.equal(stake.force, force)
    assert.equal(stake.lockDays, miningMulti.stakeDays[2])
    assert.equal(stake.endTime - stake.startTime, miningMulti.stakeDays[2] * local.mining.dayTimes)
    assert.equal(stake.status, 1n)
    assert.equal(stake.tier, 2n)
    const gens = [dave, carol, bob]
    const receipt = await s.publicClient.getTransactionReceipt({ hash })
    const events = await mining.getEvents.InviteForceChanged({}, { blockHash: receipt.blockHash })
    assert.equal(events.length, 3)
    for (const [g, wallet] of gens.entries()) {
      const given = (force * miningMulti.inviteRates[g]) / BPS
      assert.deepEqual(events[g].args, {
        referrer: getAddress(wallet.account.address),
        from: getAddress(erin.account.address),
        generation: BigInt(g + 1),
        force: given,
        added: true,
      })
      const user = await mining.read.users([wallet.account.address])
      assert.equal([user.forceDirect, user.forceIndirect, user.forceInvite][g], given)
    }
    assert.equal(stake.forceDirect, (force * miningMulti.inviteRates[0]) / BPS)
    const totals = await mining.read.getTotals()
    assert.equal(totals.totalForce, force + stake.forceDirect + stake.forceIndirect + stake.forceInvite)
    assert.equal(totals.totalUser, 1n)
    assert.equal(totals.totalUserValid, 1n)
    assert.equal(totals.lastUser, getAddress(erin.account.address))
    assert.equal((await mining.read.getConfigMulti()).stakeTotals[2], amount)
    const user = await mining.read.users([erin.account.address])
    assert.equal(user.refer, getAddress(dave.account.address))
    const [invites, total] = await mining.read.getInvitesInfo([dave.account.address, 0n, 10n])
    assert.equal(total, 1n)
    assert.deepEqual(invites[0], { account: getAddress(erin.account.address), amount, force, stakes: 1n })
    const [indirects] = await mining.read.getIndirectsInfo([carol.account.address, 0n, 10n])
    assert.equal(indirects[0].account, getAddress(erin.account.address))
    const [info, infos, mintSurplus] = await mining.read.getUserInfo([erin.account.address])
    assert.equal(info.stakes, 1n)
    assert.equal(infos.length, 1)
    assert.equal(mintSurplus, local.miningFund)
    const totalsAfter = await mining.read.getTotals()
    assert.equal(totalsAfter.totalStakes, 1n)
    assert.equal(totalsAfter.lastUser, getAddress(erin.account.address))
    assert.equal(totalsAfter.totalUser, 1n)
    assert.equal(totalsAfter.totalUserValid, 1n)
    assert.equal(totalsAfter.totalAmount, amount)
    const invited = miningMulti.inviteRates.reduce((sum, rate) => sum + (force * rate) / BPS, 0n)
    assert.equal(totalsAfter.totalForce, force + invited)
    assert.deepEqual((await mining.read.getConfigMulti()).stakeTotals, [0n, 0n, amount, 0n, 0n, 0n])
  })

  it('a blacklisted referrer gets no invite force from new stakes; the stake still releases in full (issue 19)', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, erin, dave, carol } = s
    await mining.write.setBlacklist([dave.account.address, true])
    const amount = parseEther('1000')
    await mining.write.deposit([0n, amount], { account: erin.account })
    const stake = await mining.read.stakes([1n])
    assert.equal(stake.forceDirect, 0n, 'nothing for the blacklisted direct referrer')
    assert.equal((await mining.read.users([dave.account.address])).forceDirect, 0n)
    assert.equal(stake.forceIndirect, (stake.force * miningMulti.inviteRates[1]) / BPS)
    assert.equal((await mining.read.users([carol.account.address])).forceIndirect, stake.forceIndirect)
    await mining.write.setBlacklist([dave.account.address, false])
    assert.equal((await mining.read.getTotals()).totalForce, stake.force + stake.forceIndirect + stake.forceInvite)
    await time.increaseTo(stake.endTime)
    await mining.write.claimRelease([1n], { account: erin.account })
    assert.equal((await mining.read.getTotals()).totalForce, 0n)
    assert.equal((await mining.read.users([dave.account.address])).forceDirect, 0n)
  })

  it('rejects bad deposits with the range in the error', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, alice, stranger } = s
    const as = { account: alice.account }
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.deposit([6n, parseEther('100')], as),
      mining,
      'MiningInvalidTier',
      [6n, 6n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.deposit([0n, parseEther('99')], as),
      mining,
      'MiningAmountOutOfRange',
      [parseEther('99'), local.mining.userMin, local.mining.userMax],
    )
    await mining.write.setConfig([{ ...local.mining, userMax: parseEther('1000') }])
    await mining.write.deposit([0n, parseEther('600')], as)
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.deposit([0n, parseEther('500')], as),
      mining,
      'MiningAmountOutOfRange',
      [parseEther('500'), local.mining.userMin, parseEther('400')],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.deposit([0n, parseEther('100')], { account: stranger.account }),
      mining,
      'MiningNotRegistered',
      [getAddress(stranger.account.address)],
    )
    await mining.write.setBlacklist([alice.account.address, true])
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.deposit([0n, parseEther('100')], as),
      mining,
      'MiningBlacklisted',
      [getAddress(alice.account.address)],
    )
    // issue 19: the blacklist never takes what is owed: the reward accrued is still paid (paused too)
    await time.increase(local.mining.dayTimes)
    await mining.write.pause()
    const owed = (await mining.read.users([alice.account.address])).balance
    assert.ok(owed > 0n)
    const before = await s.token.read.balanceOf([alice.account.address])
    await mining.write.claimReward({ ...as, value: local.mining.handleGas })
    const [claimed] = await mining.getEvents.RewardClaimed()
    assert.ok(claimed && claimed.args.amount !== undefined && claimed.args.amount >= owed)
    assert.equal(getAddress(claimed.args.account ?? zeroAddress), getAddress(alice.account.address))
    const paid = claimed.args.amount - (claimed.args.amount * local.mining.feeRate) / BPS
    assert.equal((await s.token.read.balanceOf([alice.account.address])) - before, paid)
    await mining.write.unpause()
    // the blacklist never holds back a stake's own NEX: releasing it fails only for the stake's own reasons
    const release = await mining.write.claimRelease([1n], as).then(
      () => '',
      (error: Error) => error.message,
    )
    assert.ok(!release.includes('MiningBlacklisted'), release)
    await mining.write.setBlacklist([alice.account.address, false])
    await mining.write.pause()
    await viem.assertions.revertWithCustomError(
      mining.write.deposit([0n, parseEther('100')], as),
      mining,
      'EnforcedPause',
    )
  })

  it('emits mintDay per day pro rata, shares it by force, and pays with the fee back to the budget', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, alice, bob } = s
    await mining.write.deposit([0n, parseEther('1000')], { account: alice.account })
    const t0 = BigInt(await time.latest())
    await time.setNextBlockTimestamp(t0 + 300n)
    await mining.write.updatePool()
    const half = local.mining.mintDay / 2n // 300 s of a 600 s day
    const totals = await mining.read.getTotals()
    // what the accumulator gives out; the rounding (under force / 1e18 + 1 wei) stays in the budget
    assert.equal(totals.totalMint, emitted(half, totals.totalForce))
    assert.ok(half - totals.totalMint <= totals.totalForce / P + 1n)
    const view = await mining.read.users([alice.account.address])
    // alice has all the force (genesis, her referrer, gets its invite force too)
    const aliceShare = (view.force * totals.perForce) / 10n ** 18n
    assert.equal(view.balance, aliceShare)
    assert.ok(aliceShare <= half)
    await time.setNextBlockTimestamp(t0 + 400n)
    const hash = await mining.write.claimReward({ account: alice.account })
    const [claimed] = await mining.getEvents.RewardClaimed(
      {},
      { blockHash: (await s.publicClient.getTransactionReceipt({ hash })).blockHash },
    )
    const amount = claimed.args.amount ?? 0n
    const fee = (amount * local.mining.feeRate) / BPS
    assert.equal(claimed.args.fee, fee)
    const config = await mining.read.getConfig()
    const sixth = (local.mining.mintDay * 100n) / 600n // the claim's advance: 100 s more
    const given = emitted(half, totals.totalForce) + emitted(sixth, totals.totalForce)
    assert.equal(config.mintSurplus, local.miningFund - given + fee)
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.claimReward({ account: alice.account }),
      mining,
      'MiningClaimTooEarly',
      [t0 + 400n + local.mining.addTime],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.claimReward({ account: bob.account }),
      mining,
      'MiningNothingToClaim',
      [getAddress(bob.account.address)],
    )
    await mining.write.setConfig([{ ...local.mining, handleGas: 7n }])
    await time.increase(Number(local.mining.addTime))
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.claimReward({ account: alice.account }),
      mining,
      'MiningWrongHandleFee',
      [0n, 7n],
    )
    await mining.write.claimReward({ account: alice.account, value: 7n })
    const [entries] = await s.log.read.getUserActionLogs([
      alice.account.address,
      logCode('action', 'mining_reward'),
      0n,
      10n,
    ])
    assert.equal(entries.length, 2)
  })

  it('never emits more than mintSurplus, and nothing while no force exists', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, alice } = s
    await time.increase(10_000)
    await mining.write.updatePool()
    assert.equal((await mining.read.getTotals()).totalMint, 0n)
    await mining.write.deposit([0n, parseEther('1000')], { account: alice.account })
    await time.increase(Number(local.mining.dayTimes) * 200) // 200 days x 10,000 > 1,000,000 budget + deposits' rest
    await viem.assertions.emit(mining.write.updatePool(), mining, 'PoolUpdated')
    const config = await mining.read.getConfig()
    const totals = await mining.read.getTotals()
    // all of the budget, but the rounding of its last increment (under force / 1e18 + 1 wei), which stays there
    assert.ok(config.mintSurplus <= totals.totalForce / P + 1n, `${config.mintSurplus} left`)
    assert.equal(totals.totalMint, local.miningFund - config.mintSurplus)
    // the contract still covers everything it owes
    assert.ok((await s.token.read.balanceOf([mining.address])) >= local.miningFund + parseEther('1000'))
  })

  it('releases only after endTime, returns actual and removes the forces', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, erin, dave, stranger, token } = s
    await mining.write.setConfigMulti([
      { ...miningMulti, stakeRates: [8_000n, 10_000n, 10_000n, 10_000n, 10_000n, 10_000n] },
    ])
    const amount = parseEther('1000')
    await mining.write.deposit([0n, amount], { account: erin.account })
    const stake = await mining.read.stakes([1n])
    assert.equal(stake.actual, parseEther('800'))
    assert.equal((await mining.read.getConfig()).mintSurplus, local.miningFund + parseEther('200'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.claimRelease([1n], { account: erin.account }),
      mining,
      'MiningStakeLocked',
      [1n, stake.endTime],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.claimRelease([1n], { account: stranger.account }),
      mining,
      'MiningNotStakeOwner',
      [1n, getAddress(erin.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.claimRelease([9n], { account: erin.account }),
      mining,
      'MiningNotStakeOwner',
      [9n, zeroAddress],
    )
    await time.increaseTo(stake.endTime)
    assert.equal((await mining.read.stakes([1n])).status, 2n)
    const before = await token.read.balanceOf([erin.account.address])
    await viem.assertions.emitWithArgs(mining.write.claimRelease([1n], { account: erin.account }), mining, 'Released', [
      getAddress(erin.account.address),
      1n,
      parseEther('800'),
    ])
    assert.equal((await token.read.balanceOf([erin.account.address])) - before, parseEther('800'))
    assert.equal((await mining.read.stakes([1n])).status, 3n)
    assert.equal((await mining.read.users([dave.account.address])).forceDirect, 0n)
    const totals = await mining.read.getTotals()
    assert.equal(totals.totalForce, 0n)
    assert.equal(totals.totalUserValid, 0n)
    assert.equal(totals.totalRelease, parseEther('800'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.claimRelease([1n], { account: erin.account }),
      mining,
      'MiningStakeCompleted',
      [1n],
    )
  })

  it('bounds every owner setter, emits events, and refuses non-owners', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, main, log, alice, dave, stranger } = s
    await viem.assertions.emit(mining.write.setConfig([local.mining]), mining, 'ConfigUpdated')
    await viem.assertions.emit(mining.write.setConfigMulti([miningMulti]), mining, 'ConfigMultiUpdated')
    await viem.assertions.emitWithArgs(
      mining.write.setContracts([main.address, log.address]),
      mining,
      'ContractsUpdated',
      [getAddress(main.address), getAddress(log.address)],
    )
    await viem.assertions.emitWithArgs(
      mining.write.setBlacklist([alice.account.address, true]),
      mining,
      'BlacklistUpdated',
      [getAddress(alice.account.address), true],
    )
    assert.equal(await mining.read.isBlacklisted([alice.account.address]), true)
    const bad: [Record<string, bigint>, string, bigint, bigint, bigint][] = [
      [{ addTime: 7n * 86_400n + 1n }, 'addTime', 7n * 86_400n + 1n, 0n, 7n * 86_400n],
      [{ dayTimes: 59n }, 'dayTimes', 59n, 60n, 7n * 86_400n],
      [{ mintDay: parseEther('1000001') }, 'mintDay', parseEther('1000001'), 0n, parseEther('1000000')],
      [{ userMin: parseEther('1') - 1n }, 'userMin', parseEther('1') - 1n, parseEther('1'), 10n ** 30n],
      [{ userMax: 1n }, 'userMax', 1n, local.mining.userMin, 10n ** 30n],
      [{ handleGas: parseEther('0.011') }, 'handleGas', parseEther('0.011'), 0n, parseEther('0.01')],
      [{ feeRate: 2_001n }, 'feeRate', 2_001n, 0n, 2_000n],
    ]
    for (const [change, name, value, min, max] of bad) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        mining.write.setConfig([{ ...local.mining, ...change }]),
        mining,
        'ValueOutOfBounds',
        [name, value, min, max],
      )
    }
    const badMulti: [Partial<typeof miningMulti>, string, bigint, bigint, bigint][] = [
      [{ inviteRates: [5_001n, 0n, 0n] }, 'inviteRates', 5_001n, 0n, 5_000n],
      [{ stakeDays: [0n, 1n, 1n, 1n, 1n, 1n] }, 'stakeDays', 0n, 1n, 1_000n],
      [{ stakeRates: [10_001n, 1n, 1n, 1n, 1n, 1n] }, 'stakeRates', 10_001n, 0n, 10_000n],
      [{ stakeForces: [0n, 1n, 1n, 1n, 1n, 1n] }, 'stakeForces', 0n, 1n, 100_000n],
    ]
    for (const [change, name, value, min, max] of badMulti) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        mining.write.setConfigMulti([{ ...miningMulti, ...change }]),
        mining,
        'ValueOutOfBounds',
        [name, value, min, max],
      )
    }
    await main.write.setManager([dave.account.address])
    for (const caller of [dave, alice, stranger]) {
      const as = { account: caller.account }
      for (const call of [
        mining.write.setConfig([local.mining], as),
        mining.write.setConfigMulti([miningMulti], as),
        mining.write.setBlacklist([alice.account.address, false], as),
        mining.write.setContracts([main.address, log.address], as),
        mining.write.withdrawExcess([s.token.address, caller.account.address, 0n], as),
        mining.write.setGuardian([caller.account.address], as),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, mining, 'OwnableUnauthorizedAccount', [
          getAddress(caller.account.address),
        ])
      }
    }
    // anyone may update and fund the budget
    await mining.write.updateUser([alice.account.address], { account: stranger.account })
    await viem.assertions.emit(
      mining.write.addMint([parseEther('1')], { account: alice.account }),
      mining,
      'MintFunded',
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.addMint([0n], { account: alice.account }),
      mining,
      'MiningAmountOutOfRange',
      [0n, 1n, 10n ** 30n],
    )
  })

  it('covers stakes, budget and rewards after admin calls; withdraws only the excess', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, token, alice, bob, deployer } = s
    await mining.write.deposit([0n, parseEther('1000')], { account: alice.account })
    await mining.write.deposit([5n, parseEther('3000')], { account: bob.account })
    await token.write.transfer([mining.address, parseEther('5')]) // sent by mistake
    const check = async () => {
      const holdings = await token.read.balanceOf([mining.address])
      const config = await mining.read.getConfig()
      const totals = await mining.read.getTotals()
      let owed = config.mintSurplus
      for (let i = 1n; i <= totals.totalStakes; ++i) {
        const stake = await mining.read.stakes([i])
        if (stake.isValid) owed += stake.actual
      }
      for (const account of [deployer, alice, bob].map((w) => w.account.address))
        owed += (await mining.read.users([account])).balance
      assert.ok(holdings >= owed, `holdings ${holdings} < owed ${owed}`)
    }
    const excess = await mining.read.excessOf([token.address])
    assert.equal(excess, parseEther('5'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.withdrawExcess([token.address, deployer.account.address, excess + 1n]),
      mining,
      'NexusWithdrawExceedsExcess',
      [getAddress(token.address), excess + 1n, excess],
    )
    for (const call of [
      () => mining.write.withdrawExcess([token.address, deployer.account.address, excess]),
      () => mining.write.setConfig([{ ...local.mining, mintDay: parseEther('1000000'), feeRate: 0n }]),
      () => mining.write.setConfigMulti([{ ...miningMulti, stakeRates: [0n, 0n, 0n, 0n, 0n, 0n] }]),
      () => mining.write.setBlacklist([alice.account.address, true]),
    ]) {
      await call()
      await time.increase(Number(local.mining.dayTimes))
      await check()
    }
    await mining.write.updatePool()
    await check()
    assert.deepEqual(
      storageLayout('contracts/Mining.sol', 'Mining').map(({ label }) => label),
      ['_nex', '_main', '_log', '_state', '_heads', '_bodies', '_users', '_invites', '_indirects', '_acc'],
    )
  })
})
