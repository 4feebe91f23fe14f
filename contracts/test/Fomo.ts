import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import {
  encodeFunctionData,
  getAddress,
  getContractAddress,
  parseEther,
  toFunctionSelector,
  zeroAddress,
  type Address,
} from 'viem'
import { fomoMulti, localContractsIII as local } from '../config/contractsIII.ts'
import { storageLayout } from './helpers/storageLayout.ts'
import { deployContractsIIISystem, join, type ContractsIIISystem } from './InfoSystem.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

const BPS = 10_000n
const SHARES = [5_000n, 2_000n, 1_500n, 1_000n, 500n]

describe('Fomo (FOM pool and round game)', async () => {
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

  it('exposes SPEC §3 config, multi config, totals and values', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const config = await s.fomo.read.getConfig()
    assert.equal(config.roundMin, local.fomo.roundMin)
    assert.equal(config.roundTime, local.fomo.roundTime)
    assert.equal(config.addTime, local.fomo.addTime)
    assert.equal(config.outDays, 30n)
    assert.equal(config.lastIndex, 0n)
    const multi = await s.fomo.read.getConfigMulti()
    assert.deepEqual(multi.burnRates, [...fomoMulti.burnRates])
    assert.equal(multi.teamRates.length, 4)
    assert.equal(multi.stakeSurplus.length, 5)
    assert.equal((await s.superFomo.read.getConfig()).roundMin, local.superFomo.roundMin)
    const totals = await s.fomo.read.getTotals()
    assert.equal(totals.roundEndIndex, 1n)
    assert.equal(totals.roundEndTime, 0n)
    assert.deepEqual(await s.fomo.read.getValues(), {
      gold: 0n,
      fomo: 0n,
      double: 0n,
      balanceGold: 0n,
      balanceFomo: 0n,
      balanceDouble: 0n,
    })
    // getSwapIn is the TWAP: 0.1 USDT per NEX at deployment
    assert.equal(await s.fomo.read.getSwapIn([parseEther('10')]), parseEther('100'))
    assert.deepEqual(await s.fomo.read.winnerShares(), SHARES)
  })

  it('opens a USDT order, splits it and pays referrers that can earn, and Double', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, bob, alice } = s
    const value = parseEther('1000')
    const hash = await fomo.write.burn([1n, 2n, parseEther('500'), true], { account: carol.account })
    const order = await fomo.read.orders([1n])
    const principal = (value * fomoMulti.stakeSurplus[1]) / BPS
    const rest = value - principal
    assert.equal(order.owner, getAddress(carol.account.address))
    assert.equal(order.amount, value)
    assert.equal(order.principal, principal)
    assert.equal(order.status, 1n)
    assert.equal(order.stakeIndex, 1n)
    assert.equal(order.lockDays, fomoMulti.stakeDays[1])
    assert.equal(order.rate, fomoMulti.stakeRates[1])
    assert.equal(order.isUSDT, true)
    assert.equal(order.price, 0n) // nothing exchanged for a USDT order
    assert.equal(order.endTime - order.startTime, fomoMulti.stakeDays[1] * local.fomo.dayTimes)
    assert.equal(await fomo.read.userOrderIndex([carol.account.address, 0n]), 1n)
    const bps = (i: number) => (rest * fomoMulti.burnRates[i]) / BPS
    // bob and alice have no order (they cannot earn, as in Burn): their shares go to the gold pool
    assert.equal((await fomo.read.users([bob.account.address])).rewardDirect, 0n)
    assert.equal((await fomo.read.users([alice.account.address])).rewardIndirect, 0n)
    const receipt = await s.publicClient.getTransactionReceipt({ hash })
    const [distributed] = await fomo.getEvents.Distributed({}, { blockHash: receipt.blockHash })
    assert.deepEqual(distributed.args, {
      index: 1n,
      principal,
      gold: rest - bps(1) - bps(2) - bps(6),
      fomo: bps(1),
      double: bps(2),
      invite: 0n,
      team: 0n,
      burn: bps(6),
    })
    const values = await fomo.read.getValues()
    assert.equal(values.fomo, bps(1))
    assert.equal(values.balanceFomo, bps(1))
    assert.equal(values.double, bps(2))
    assert.equal(values.balanceDouble, bps(2))
    // a Double record for the depositor, labelled with the order
    const [, records] = await s.double.read.getUserInfo([carol.account.address])
    assert.equal(records[0].fomoIndex, 1n)
    assert.equal(records[0].amount, bps(2))
    assert.equal(records[0].reward, bps(2) * 2n)
    const totals = await fomo.read.getTotals()
    assert.equal(totals.totalOrder, 1n)
    assert.equal(totals.totalUser, 1n)
    assert.equal(totals.totalAmount, value)
    assert.equal(totals.todayAmount, value)
    assert.equal(totals.totalRewardInvite, 0n)
    const team = await fomo.read.teams([bob.account.address])
    assert.equal(team.teamAmount, value)
    assert.equal(team.teamUser, 1n)
    assert.equal(team.inviteValids, 1n)
    assert.equal(team.invites, 1n)
    assert.equal(team.maxAccount, getAddress(carol.account.address))
    assert.equal(team.teamMax, value)
    assert.equal(team.teamMin, 0n)
    const [invitees, count] = await fomo.read.getInvites([bob.account.address, 0n, 10n])
    assert.deepEqual(invitees, [getAddress(carol.account.address)])
    assert.equal(count, 1n)
    // once bob and alice have an order, carol's next order pays them the direct and indirect shares
    await fomo.write.burn([0n, 1n, parseEther('100'), true], { account: alice.account })
    await fomo.write.burn([0n, 1n, parseEther('100'), true], { account: bob.account })
    const next = await fomo.write.burn([1n, 2n, parseEther('500'), true], { account: carol.account })
    assert.equal((await fomo.read.users([bob.account.address])).rewardDirect, bps(3))
    assert.equal((await fomo.read.users([alice.account.address])).rewardIndirect, bps(4))
    const [paid] = await fomo.getEvents.Distributed(
      {},
      { blockHash: (await s.publicClient.getTransactionReceipt({ hash: next })).blockHash },
    )
    assert.equal(paid.args.invite, bps(3) + bps(4))
    const after = await fomo.read.getTotals()
    // plus alice's direct share of bob's order (alice had an order by then)
    const bobRest = parseEther('100') - (parseEther('100') * fomoMulti.stakeSurplus[0]) / BPS
    assert.equal(after.totalRewardInvite, bps(3) + bps(4) + (bobRest * fomoMulti.burnRates[3]) / BPS)
    assert.equal(
      after.totalRewardUSDT,
      after.totalRewardInvite +
        after.totalRewardTeam +
        (await fomo.read.getConfig()).totalRewardFOM +
        after.totalReward,
    )
  })

  it('takes NEX at the TWAP and sells it for USDT within swapRate', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, token } = s
    const value = parseEther('200')
    const tokens = await fomo.read.getSwapIn([value])
    const before = await token.read.balanceOf([carol.account.address])
    // any positive minimum of USDT for the sale (nobody moves the pair here; FomoSlippage.ts quotes it)
    await viem.assertions.emit(fomo.write.burn([0n, 1n, value, false, 1n], { account: carol.account }), fomo, 'Burned')
    assert.equal(before - (await token.read.balanceOf([carol.account.address])), tokens)
    const order = await fomo.read.orders([1n])
    assert.equal(order.isUSDT, false)
    assert.equal(order.tokens, tokens)
    assert.equal(order.price, (value * 10n ** 18n) / tokens) // the TWAP the NEX was taken at
    assert.ok(order.amount >= (value * (BPS - local.fomo.swapRate)) / BPS && order.amount <= value)
    assert.equal((await fomo.read.getTotals()).totalTokens, tokens)
  })

  it('rejects bad burns with the range in the error', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, stranger, deployer } = s
    const as = { account: carol.account }
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.burn([5n, 1n, 1n, true], as),
      fomo,
      'FomoInvalidTier',
      [5n, 5n],
    )
    for (const times of [0n, 11n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        fomo.write.burn([times, 1n, true], as),
        fomo,
        'FomoTimesOutOfRange',
        [times, 1n, 10n],
      )
    }
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.burn([1n, 0n, true], as),
      fomo,
      'FomoAmountOutOfRange',
      [0n, local.fomo.orderMin, local.fomo.userMax],
    )
    // an order is at least orderMin (a dust order would weigh a few wei: see FomoStaticShare.ts)
    for (const amount of [1n, local.fomo.orderMin - 1n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        fomo.write.burn([1n, amount, true], as),
        fomo,
        'FomoAmountOutOfRange',
        [amount, local.fomo.orderMin, local.fomo.userMax],
      )
    }
    // a payment in NEX takes the caller's minimum: the short burns and a minimum of 0 refuse it
    for (const call of [
      () => fomo.write.burn([1n, parseEther('200'), false], as),
      () => fomo.write.burn([0n, 1n, parseEther('200'), false], as),
      () => fomo.write.burn([0n, 1n, parseEther('200'), false, 0n], as),
    ]) {
      await viem.assertions.revertWithCustomErrorWithArgs(call(), fomo, 'FomoMinimumRequired', [parseEther('200')])
    }
    await fomo.write.burn([1n, parseEther('60000'), true], as)
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.burn([2n, parseEther('30000'), true], as),
      fomo,
      'FomoAmountOutOfRange',
      [parseEther('60000'), local.fomo.orderMin, parseEther('40000')],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.burn([1n, 1n, true], { account: stranger.account }),
      fomo,
      'FomoNotRegistered',
      [getAddress(stranger.account.address)],
    )
    await fomo.write.setBlacklist([carol.account.address, true])
    await viem.assertions.revertWithCustomErrorWithArgs(fomo.write.burn([1n, 1n, true], as), fomo, 'FomoBlacklisted', [
      getAddress(carol.account.address),
    ])
    // the blacklist never blocks a claim of what is owed (carol's accrued static reward)
    await networkHelpers.time.increase(3600)
    assert.ok((await fomo.read.users([carol.account.address])).balance > 0n)
    await viem.assertions.emit(
      fomo.write.claimReward([0n], { ...as, value: (await fomo.read.getConfig()).handleGas }),
      fomo,
      'RewardClaimed',
    )
    await fomo.write.setBlacklist([carol.account.address, false])
    const now = BigInt(await time.latest())
    await fomo.write.setConfig([{ ...local.fomo, startTime: now + 1000n }])
    await viem.assertions.revertWithCustomErrorWithArgs(fomo.write.burn([1n, 1n, true], as), fomo, 'FomoNotStarted', [
      now + 1000n,
    ])
    await fomo.write.pause({ account: deployer.account })
    await viem.assertions.revertWithCustomError(fomo.write.burn([1n, 1n, true], as), fomo, 'EnforcedPause')
  })

  it('extends the round by addTime, never beyond roundTime from the last qualifying order', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, dave } = s
    const min = local.fomo.roundMin
    // below roundMin: no round
    await fomo.write.burn([1n, min - 1n, true], { account: carol.account })
    assert.equal((await fomo.read.getTotals()).roundEndTime, 0n)
    await viem.assertions.emit(fomo.write.burn([1n, min, true], { account: carol.account }), fomo, 'RoundExtended')
    let last = BigInt(await time.latest())
    assert.equal((await fomo.read.getTotals()).roundEndTime, last + local.fomo.roundTime)
    for (const gap of [10n, 1_000n, 2_000n, 5n, 500n]) {
      await time.increase(Number(gap))
      const before = (await fomo.read.getTotals()).roundEndTime
      await fomo.write.burn([1n, min, true], { account: dave.account })
      last = BigInt(await time.latest())
      const end = (await fomo.read.getTotals()).roundEndTime
      const expected =
        before + local.fomo.addTime < last + local.fomo.roundTime
          ? before + local.fomo.addTime
          : last + local.fomo.roundTime
      assert.equal(end, expected)
      assert.ok(end <= last + local.fomo.roundTime)
    }
    assert.equal((await fomo.read.getTotals()).roundEndIndex, 1n) // still the first round
    const round = await fomo.read.getRound([1n])
    assert.equal(round.count, 5n)
    assert.equal(round.settled, false)
    assert.deepEqual(round.winners, [7n, 6n, 5n, 4n, 3n]) // the latest qualifying order first
  })

  it('settles once after the end: the next deposit joins a new round, winners pull their prizes', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, dave, erin, bob } = s
    const min = local.fomo.roundMin
    await fomo.write.burn([1n, min, true], { account: carol.account }) // order 1
    await fomo.write.burn([1n, min, true], { account: dave.account }) // order 2
    await fomo.write.burn([1n, min, true], { account: carol.account }) // order 3
    const { roundEndTime } = await fomo.read.getTotals()
    const pot = (await fomo.read.getValues()).balanceFomo
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.claimReward([1n], { account: carol.account }),
      fomo,
      'FomoRoundNotSettled',
      [1n, 1n],
    )
    await time.increaseTo(roundEndTime)
    // the first order after the end settles round 1 and starts round 2
    const paid = (pot * (SHARES[0] + SHARES[1] + SHARES[2])) / BPS
    await viem.assertions.emitWithArgs(
      fomo.write.burn([1n, min, true], { account: erin.account }), // order 4
      fomo,
      'RoundSettled',
      [
        1n,
        roundEndTime,
        pot,
        (pot * SHARES[0]) / BPS + (pot * SHARES[1]) / BPS + (pot * SHARES[2]) / BPS,
        getAddress(erin.account.address),
      ],
    )
    assert.ok(paid > 0n)
    const totals = await fomo.read.getTotals()
    assert.equal(totals.roundEndIndex, 2n)
    assert.equal(totals.lastEndTime, roundEndTime)
    assert.equal(totals.lastBalance, pot)
    const round2 = await fomo.read.getRound([2n])
    assert.deepEqual(round2.winners.slice(0, 1), [4n]) // the late order plays round 2, not round 1
    const round1 = await fomo.read.getRound([1n])
    assert.equal(round1.settled, true)
    assert.deepEqual(round1.winners, [3n, 2n, 1n, 0n, 0n])
    const carolPrize = (pot * SHARES[0]) / BPS + (pot * SHARES[2]) / BPS
    assert.equal(await fomo.read.prizeOf([1n, carol.account.address]), carolPrize)
    const fee = (carolPrize * local.fomo.feeRate) / BPS
    await viem.assertions.emitWithArgs(fomo.write.claimReward([1n], { account: carol.account }), fomo, 'PrizeClaimed', [
      getAddress(carol.account.address),
      1n,
      carolPrize,
      fee,
    ])
    assert.equal((await fomo.read.users([carol.account.address])).rewardFOMO, carolPrize)
    assert.equal((await fomo.read.orders([3n])).reward, (pot * SHARES[0]) / BPS)
    // paid exactly once
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.claimReward([1n], { account: carol.account }),
      fomo,
      'FomoNoPrize',
      [1n, getAddress(carol.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.claimReward([1n], { account: bob.account }),
      fomo,
      'FomoNoPrize',
      [1n, getAddress(bob.account.address)],
    )
    await fomo.write.claimReward([1n], { account: dave.account })
    const claimed = (await fomo.read.getRound([1n])).claimed
    assert.deepEqual(claimed, [true, true, true, false, false])
    // conservation: everything that entered the pot is in the pot or was assigned to winners
    const values = await fomo.read.getValues()
    assert.equal(values.fomo, values.balanceFomo + paid)
    assert.equal((await fomo.read.getConfig()).totalRewardFOM, paid)
  })

  it('settles after many empty blocks, by anyone', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, stranger } = s
    await fomo.write.burn([1n, local.fomo.roundMin, true], { account: carol.account })
    await networkHelpers.mine(5_000, { interval: 10 })
    await viem.assertions.emit(fomo.write.updatePool({ account: stranger.account }), fomo, 'RoundSettled')
    const prize = await fomo.read.prizeOf([1n, carol.account.address])
    assert.equal(prize, ((await fomo.read.getRound([1n])).pot * SHARES[0]) / BPS)
    assert.ok(prize > 0n)
    const before = await s.usdt.read.balanceOf([carol.account.address])
    await fomo.write.claimReward([1n], { account: carol.account })
    assert.equal(
      (await s.usdt.read.balanceOf([carol.account.address])) - before,
      prize - (prize * local.fomo.feeRate) / BPS,
    )
  })

  /** USDT the pool owes (principals, balances, prizes, gold, pot, burn surplus) for the given accounts. */
  async function owed(s: ContractsIIISystem, pool: ContractsIIISystem['fomo'], accounts: Address[]) {
    let total = 0n
    const { totalOrder, roundEndIndex } = await pool.read.getTotals()
    for (let i = 1n; i <= totalOrder; ++i) {
      const order = await pool.read.orders([i])
      if (order.status === 1n || order.status === 2n) total += order.principal
    }
    for (const account of accounts) {
      total += (await pool.read.users([account])).balance
      for (let r = 1n; r < roundEndIndex; ++r) total += await pool.read.prizeOf([r, account])
    }
    const values = await pool.read.getValues()
    return total + values.balanceGold + values.balanceFomo + (await pool.read.getConfig()).burnSurplus
  }

  it('pays static rewards from the gold pool by weight, and the balance on claimReward(0)', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, dave, bob } = s
    await fomo.write.burn([0n, 1n, parseEther('100'), true], { account: bob.account }) // bob can earn
    await fomo.write.burn([0n, 1n, parseEther('1000'), true], { account: carol.account })
    await fomo.write.burn([4n, 1n, parseEther('1000'), true], { account: dave.account })
    await time.increase(Number(local.fomo.dayTimes))
    const carolView = await fomo.read.users([carol.account.address])
    const daveView = await fomo.read.users([dave.account.address])
    assert.ok(carolView.rewardStatic > 0n)
    // weights 1.0 and 3.0 (after dave joined)
    assert.ok(daveView.rewardStatic > carolView.rewardStatic)
    // the NEX figure is priced at the token's stored TWAP average, which it has once its oracle stored one
    assert.equal(await s.token.read.getStoredPrice(), 0n)
    await viem.assertions.emit(s.token.write.updatePrice(), s.token, 'OracleUpdated')
    const price = await s.token.read.getStoredPrice()
    assert.ok(price > 0n)
    const previous = await fomo.read.users([carol.account.address])
    await viem.assertions.emit(fomo.write.updateUser([carol.account.address]), fomo, 'StaticAccrued')
    const credited = await fomo.read.users([carol.account.address])
    const [accrued] = await fomo.getEvents.StaticAccrued({ account: carol.account.address })
    assert.ok(credited.rewardStaticToken > 0n) // the NEX equivalent at the TWAP
    assert.equal(
      credited.rewardStaticToken - previous.rewardStaticToken,
      ((accrued?.args.amount ?? 0n) * parseEther('1')) / price,
    )
    const balance = credited.balance
    const fee = (balance * local.fomo.feeRate) / BPS
    const before = await s.usdt.read.balanceOf([carol.account.address])
    const hash = await fomo.write.claimReward([0n], { account: carol.account })
    const [claimed] = await fomo.getEvents.RewardClaimed(
      {},
      { blockHash: (await s.publicClient.getTransactionReceipt({ hash })).blockHash },
    )
    const amount = claimed.args.amount ?? 0n
    assert.ok(amount >= balance)
    assert.equal(
      (await s.usdt.read.balanceOf([carol.account.address])) - before,
      amount - (amount * local.fomo.feeRate) / BPS,
    )
    void fee
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.claimReward([0n], { account: s.erin.account }),
      fomo,
      'FomoNothingToClaim',
      [getAddress(s.erin.account.address)],
    )
    // referral rewards are in the balance too
    assert.ok((await fomo.read.users([bob.account.address])).balance > 0n)
    assert.ok((await fomo.read.getTotals()).totalReward > 0n)
    const [entries] = await s.log.read.getUserActionLogs([
      carol.account.address,
      logCode('action', 'fomo_reward'),
      0n,
      1n,
    ])
    assert.equal(entries.length, 1)
    const reward = await s.log.read.getUserReward([carol.account.address, logCode('symbol', 'USDT')])
    assert.ok(reward.total > 0n)
  })

  it('requires exactly handleGas with a claim and keeps the native coin as excess', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, bob, carol, deployer } = s
    await fomo.write.burn([1n, parseEther('100'), true], { account: bob.account }) // bob can earn
    await fomo.write.burn([1n, parseEther('1000'), true], { account: carol.account })
    await fomo.write.setConfig([{ ...local.fomo, handleGas: 1000n }])
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.claimReward([0n], { account: bob.account }),
      fomo,
      'FomoWrongHandleFee',
      [0n, 1000n],
    )
    await fomo.write.claimReward([0n], { account: bob.account, value: 1000n })
    assert.equal(await fomo.read.excessOf([zeroAddress]), 1000n)
    await viem.assertions.emitWithArgs(
      fomo.write.withdrawExcess([zeroAddress, deployer.account.address, 1000n]),
      fomo,
      'ExcessWithdrawn',
      [zeroAddress, getAddress(deployer.account.address), 1000n],
    )
  })

  it('releases the principal after the lock: owner first, anyone after outDays', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, stranger } = s
    await fomo.write.burn([0n, 1n, parseEther('1000'), true], { account: carol.account })
    await fomo.write.burn([0n, 1n, parseEther('1000'), true], { account: carol.account })
    const order = await fomo.read.orders([1n])
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.release([1n], { account: carol.account }),
      fomo,
      'FomoOrderLocked',
      [1n, order.endTime],
    )
    await time.increaseTo(order.endTime)
    assert.equal((await fomo.read.orders([1n])).status, 2n) // unlocked
    const forceTime = order.endTime + local.fomo.outDays * local.fomo.dayTimes
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.release([1n], { account: stranger.account }),
      fomo,
      'FomoForceOutTooEarly',
      [1n, forceTime],
    )
    await fomo.write.release([1n], { account: carol.account })
    const released = await fomo.read.orders([1n])
    assert.equal(released.status, 3n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.release([1n], { account: carol.account }),
      fomo,
      'FomoOrderNotActive',
      [1n, 3n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.release([99n], { account: carol.account }),
      fomo,
      'FomoOrderNotActive',
      [99n, 0n],
    )
    await time.increaseTo(forceTime)
    const before = (await fomo.read.users([carol.account.address])).balance
    await viem.assertions.emitWithArgs(fomo.write.release([2n], { account: stranger.account }), fomo, 'Released', [
      getAddress(carol.account.address),
      2n,
      order.principal,
      true,
      getAddress(stranger.account.address),
    ])
    assert.equal((await fomo.read.orders([2n])).status, 4n)
    assert.ok((await fomo.read.users([carol.account.address])).balance >= before + order.principal)
    assert.equal((await fomo.read.users([carol.account.address])).amount, 0n)
  })

  it('pays the principal to the owner on release', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol } = s
    await fomo.write.burn([0n, 1n, parseEther('1000'), true], { account: carol.account })
    const order = await fomo.read.orders([1n])
    await time.increaseTo(order.endTime)
    const before = await s.usdt.read.balanceOf([carol.account.address])
    await fomo.write.release([1n], { account: carol.account })
    assert.equal((await s.usdt.read.balanceOf([carol.account.address])) - before, order.principal)
  })

  it('keeps team records and pays differential team rewards by level', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, alice, bob, carol, dave, erin } = s
    const value = parseEther('10000')
    const small = parseEther('100')
    // dave and alice can earn (they have an order); carol and bob never played
    for (const w of [dave, alice]) await fomo.write.burn([0n, 1n, small, true], { account: w.account })
    await fomo.write.burn([0n, 1n, value, true], { account: erin.account })
    for (const w of [dave, carol, bob, alice]) {
      const team = await fomo.read.teams([w.account.address])
      const withDave = w === dave || w === alice ? 0n : small
      assert.equal(team.teamAmount, value + (w === alice ? small : withDave))
      assert.equal(team.level, 1n)
      assert.equal(team.teamUser, w === dave ? 1n : 2n)
    }
    const rest = value - (value * fomoMulti.stakeSurplus[0]) / BPS
    const budget = (rest * fomoMulti.burnRates[5]) / BPS
    assert.equal((await fomo.read.users([dave.account.address])).rewardTeam, (budget * fomoMulti.teamRates[0]) / BPS)
    assert.equal((await fomo.read.users([carol.account.address])).rewardTeam, 0n)
    await viem.assertions.emitWithArgs(
      fomo.write.setTeamLevel([alice.account.address, 4n, true]),
      fomo,
      'TeamLevelUpdated',
      [getAddress(alice.account.address), 4n, true],
    )
    // bob (V3, never played) cannot earn: he neither takes nor uses up a differential
    await fomo.write.setTeamLevel([bob.account.address, 3n, true])
    await fomo.write.burn([0n, 1n, value, true], { account: erin.account })
    assert.equal((await fomo.read.users([bob.account.address])).rewardTeam, 0n)
    assert.equal(
      (await fomo.read.users([alice.account.address])).rewardTeam,
      (budget * (fomoMulti.teamRates[3] - fomoMulti.teamRates[0])) / BPS, // dave (V1) took the first 25 %
    )
    const team = await fomo.read.teams([alice.account.address])
    assert.equal(team.isManual, true)
    assert.equal(team.level, 4n)
    assert.equal(team.teamMin, team.teamAmount - team.teamMax)
    await fomo.write.setTeamLevel([alice.account.address, 0n, false])
    assert.equal((await fomo.read.teams([alice.account.address])).level, 1n) // 20,100: V1 again
    assert.equal((await fomo.read.teams([alice.account.address])).isManual, false)
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.setTeamLevel([alice.account.address, 5n, true]),
      fomo,
      'ValueOutOfBounds',
      ['level', 5n, 0n, 4n],
    )
  })

  it('swaps and burns the burn share once it reaches burnEvery', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol, stranger, token } = s
    await fomo.write.burn([0n, 1n, parseEther('2000'), true], { account: carol.account })
    const surplus = (await fomo.read.getConfig()).burnSurplus
    assert.ok(surplus >= local.fomo.burnEvery)
    const dead = '0x000000000000000000000000000000000000dEaD'
    const before = await token.read.balanceOf([dead])
    await viem.assertions.emitWithArgs(fomo.write.updatePool({ account: stranger.account }), fomo, 'SurplusBurned', [
      surplus,
      true,
    ])
    assert.equal((await fomo.read.getConfig()).burnSurplus, 0n)
    assert.ok((await token.read.balanceOf([dead])) > before)
  })

  it('bounds every owner setter and emits its event', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, main, log, oracle, router, double, alice } = s
    await viem.assertions.emit(fomo.write.setConfig([{ ...local.fomo, feeRate: 100n }]), fomo, 'ConfigUpdated')
    assert.equal((await fomo.read.getConfig()).feeRate, 100n)
    const bad: [Record<string, bigint>, string, bigint, bigint, bigint][] = [
      [{ dayTimes: 59n }, 'dayTimes', 59n, 60n, 604_800n],
      [{ algebra: 0n }, 'algebra', 0n, 1n, 20n],
      [{ algebra: 21n }, 'algebra', 21n, 1n, 20n],
      [{ feeRate: 2_001n }, 'feeRate', 2_001n, 0n, 2_000n],
      [{ handleGas: parseEther('0.02') }, 'handleGas', parseEther('0.02'), 0n, parseEther('0.01')],
      [{ swapRate: 2_001n }, 'swapRate', 2_001n, 0n, 2_000n],
      [{ rewardRate: 1_001n }, 'rewardRate', 1_001n, 0n, 1_000n],
      [{ outDays: 366n }, 'outDays', 366n, 0n, 365n],
      [{ roundMin: 0n }, 'roundMin', 0n, 1n, 10n ** 27n],
      [{ roundTime: 59n, addTime: 1n }, 'roundTime', 59n, 60n, 604_800n],
      [{ addTime: local.fomo.roundTime + 1n }, 'addTime', local.fomo.roundTime + 1n, 1n, local.fomo.roundTime],
      [{ userMax: 0n }, 'userMax', 0n, 1n, 10n ** 27n],
    ]
    for (const [change, name, value, min, max] of bad) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        fomo.write.setConfig([{ ...local.fomo, ...change }]),
        fomo,
        'ValueOutOfBounds',
        [name, value, min, max],
      )
    }
    await viem.assertions.emit(fomo.write.setConfigMulti([fomoMulti]), fomo, 'ConfigMultiUpdated')
    const badMulti: [Partial<typeof fomoMulti>, string, bigint, bigint, bigint][] = [
      [{ burnRates: [5_000n, 5_000n, 1n, 0n, 0n, 0n, 0n] }, 'burnRates', 10_001n, 0n, 10_000n],
      [{ teamRates: [5_000n, 4_000n, 7_500n, 10_000n] }, 'teamRates', 4_000n, 5_000n, 10_000n],
      [{ stakeRates: [0n, 1n, 1n, 1n, 1n] }, 'stakeRates', 0n, 1n, 50_000n],
      [{ stakeDays: [0n, 1n, 1n, 1n, 1n] }, 'stakeDays', 0n, 1n, 1_000n],
      [{ stakeSurplus: [10_001n, 1n, 1n, 1n, 1n] }, 'stakeSurplus', 10_001n, 0n, 10_000n],
    ]
    for (const [change, name, value, min, max] of badMulti) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        fomo.write.setConfigMulti([{ ...fomoMulti, ...change }]),
        fomo,
        'ValueOutOfBounds',
        [name, value, min, max],
      )
    }
    await viem.assertions.emitWithArgs(
      fomo.write.setBlacklist([alice.account.address, true]),
      fomo,
      'BlacklistUpdated',
      [getAddress(alice.account.address), true],
    )
    assert.equal(await fomo.read.isBlacklisted([alice.account.address]), true)
    await viem.assertions.emitWithArgs(
      fomo.write.setContracts([main.address, log.address, oracle.address, router.address, double.address]),
      fomo,
      'ContractsUpdated',
      [
        getAddress(main.address),
        getAddress(log.address),
        getAddress(oracle.address),
        getAddress(router.address),
        getAddress(double.address),
      ],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.setContracts([alice.account.address, log.address, oracle.address, router.address, double.address]),
      fomo,
      'ValueOutOfBounds',
      ['main', 0n, 1n, 2n ** 256n - 1n],
    )
  })

  it('lets only the owner call owner functions (manager, user and stranger are refused)', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, main, log, oracle, router, double, alice, stranger, dave } = s
    await main.write.setManager([dave.account.address])
    for (const caller of [dave, alice, stranger]) {
      const as = { account: caller.account }
      const calls = [
        fomo.write.setConfig([local.fomo], as),
        fomo.write.setConfigMulti([fomoMulti], as),
        fomo.write.setBlacklist([alice.account.address, true], as),
        fomo.write.setTeamLevel([alice.account.address, 1n, true], as),
        fomo.write.setContracts([main.address, log.address, oracle.address, router.address, double.address], as),
        fomo.write.withdrawExcess([s.usdt.address, caller.account.address, 0n], as),
        fomo.write.setGuardian([caller.account.address], as),
        fomo.write.scheduleUpgrade([double.address], as),
      ]
      for (const call of calls) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, fomo, 'OwnableUnauthorizedAccount', [
          getAddress(caller.account.address),
        ])
      }
    }
    // anyone may update, settle and fund
    await fomo.write.updatePool({ account: stranger.account })
    await fomo.write.updateUser([alice.account.address], { account: stranger.account })
    await s.usdt.write.mint([stranger.account.address, parseEther('10')])
    await s.usdt.write.approve([fomo.address, parseEther('10')], { account: stranger.account })
    await viem.assertions.emitWithArgs(
      fomo.write.addBalance([parseEther('10')], { account: stranger.account }),
      fomo,
      'BalanceAdded',
      [getAddress(stranger.account.address), parseEther('10')],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.addBalance([0n], { account: stranger.account }),
      fomo,
      'FomoAmountOutOfRange',
      [0n, 1n, 10n ** 27n],
    )
    // a blacklisted owner still releases its principal (what it is owed)
    await fomo.write.burn([0n, 1n, parseEther('1000'), true], { account: alice.account })
    await fomo.write.setBlacklist([alice.account.address, true])
    const order = await fomo.read.orders([1n])
    await time.increaseTo(order.endTime)
    await viem.assertions.emit(fomo.write.release([1n], { account: alice.account }), fomo, 'Released')
  })

  it('still covers every claimable balance after any admin call; withdraws only the excess', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, alice, bob, carol, dave, erin, deployer, usdt } = s
    const accounts = [deployer, alice, bob, carol, dave, erin].map((w) => w.account.address)
    await fomo.write.burn([0n, 2n, parseEther('500'), true], { account: carol.account })
    await fomo.write.burn([1n, 1n, parseEther('300'), false, 1n], { account: dave.account })
    await fomo.write.burn([2n, 1n, parseEther('700'), true], { account: erin.account })
    await time.increase(Number(local.fomo.roundTime))
    await fomo.write.updatePool()
    await usdt.write.mint([fomo.address, parseEther('5')]) // sent by mistake
    const check = async () => {
      const holdings = await usdt.read.balanceOf([fomo.address])
      const debts = await owed(s, fomo, accounts)
      assert.ok(holdings >= debts, `holdings ${holdings} < owed ${debts}`)
      assert.ok((await fomo.read.excessOf([usdt.address])) <= holdings - debts)
    }
    await check()
    const excess = await fomo.read.excessOf([usdt.address])
    assert.ok(excess >= parseEther('5'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      fomo.write.withdrawExcess([usdt.address, deployer.account.address, excess + 1n]),
      fomo,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), excess + 1n, excess],
    )
    const admin = [
      () => fomo.write.withdrawExcess([usdt.address, deployer.account.address, excess]),
      () => fomo.write.setConfig([{ ...local.fomo, rewardRate: 1_000n, feeRate: 2_000n }]),
      () => fomo.write.setConfigMulti([{ ...fomoMulti, stakeSurplus: [0n, 0n, 0n, 0n, 0n] }]),
      () => fomo.write.setTeamLevel([alice.account.address, 4n, true]),
      () => fomo.write.setBlacklist([carol.account.address, true]),
      () => fomo.write.setContracts([s.main.address, zeroAddress, s.oracle.address, s.router.address, zeroAddress]),
    ]
    for (const call of admin) {
      await call()
      await time.increase(Number(local.fomo.dayTimes))
      await check()
    }
    assert.equal(await fomo.read.excessOf([usdt.address]), 0n)
  })

  it('gives a depositor contract that calls back in, or deposits from its constructor, nothing more', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { alice, deployer, publicClient } = s
    const cusd = await viem.deployContract('FomoCallbackToken')
    const implementation = await viem.deployContract('Fomo', [], {
      libraries: s.fomoLibraries,
    })
    const settings = { ...local.fomo }
    const data = encodeFunctionData({
      abi: implementation.abi,
      functionName: 'initialize',
      args: [
        deployer.account.address,
        3_600n,
        cusd.address,
        s.token.address,
        [s.main.address, zeroAddress, s.oracle.address, s.router.address, zeroAddress],
        settings,
        fomoMulti,
      ],
    })
    const proxy = await viem.deployContract('NexusProxy', [implementation.address, data])
    const pool = await viem.getContractAt('Fomo', proxy.address)
    // fund the attacker's future address, then deploy it: it registers and deposits from its constructor
    const nonce = await publicClient.getTransactionCount({ address: deployer.account.address })
    const attackerAddress = getContractAddress({ from: deployer.account.address, nonce: BigInt(nonce) })
    await cusd.write.mint([attackerAddress, parseEther('1000')], { account: alice.account })
    const attacker = await viem.deployContract('FomoReentrantDepositor', [
      pool.address,
      cusd.address,
      s.main.address,
      alice.account.address,
      local.fomo.roundMin,
    ])
    assert.equal(getAddress(attacker.address), getAddress(attackerAddress))
    assert.equal((await pool.read.orders([1n])).owner, getAddress(attacker.address))
    await cusd.write.setHooked([attacker.address, true])
    await time.increase(Number(local.fomo.roundTime))
    await pool.write.updatePool()
    const prize = await pool.read.prizeOf([1n, attacker.address])
    const pot = (await pool.read.getRound([1n])).pot
    assert.equal(prize, (pot * SHARES[0]) / BPS) // exactly what an EOA as the only winner gets
    const before = await cusd.read.balanceOf([attacker.address])
    await attacker.write.claim([1n])
    assert.equal((await cusd.read.balanceOf([attacker.address])) - before, prize - (prize * local.fomo.feeRate) / BPS)
    assert.equal(await attacker.read.attempts(), 5n)
    assert.equal(await attacker.read.successes(), 0n)
    const reentrancy = toFunctionSelector('ReentrancyGuardReentrantCall()')
    assert.equal((await attacker.read.lastError()).slice(0, 10), reentrancy)
    assert.equal(await pool.read.prizeOf([1n, attacker.address]), 0n)
    await viem.assertions.revertWithCustomErrorWithArgs(attacker.write.claim([1n]), pool, 'FomoNoPrize', [
      1n,
      getAddress(attacker.address),
    ])
    // the pool still holds every claimable balance
    assert.equal(await pool.read.excessOf([cusd.address]), 0n)
    const values = await pool.read.getValues()
    assert.equal(values.fomo, values.balanceFomo + prize)
  })

  it('upgrades only after the delay, keeping state; the storage layout is one namespaced struct', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, carol } = s
    await fomo.write.burn([1n, parseEther('1000'), true], { account: carol.account })
    const next = await viem.deployContract('Fomo', [], { libraries: s.fomoLibraries })
    await viem.assertions.emit(fomo.write.scheduleUpgrade([next.address]), fomo, 'UpgradeScheduled')
    await viem.assertions.revertWithCustomError(
      fomo.write.upgradeToAndCall([next.address, '0x']),
      fomo,
      'NexusUpgradeNotReady',
    )
    await time.increase(Number(3_600n))
    await viem.assertions.emitWithArgs(fomo.write.upgradeToAndCall([next.address, '0x']), fomo, 'UpgradeExecuted', [
      getAddress(next.address),
    ])
    assert.equal((await fomo.read.orders([1n])).owner, getAddress(carol.account.address))
    const layout = storageLayout('contracts/Fomo.sol', 'Fomo')
    assert.deepEqual(
      layout.map(({ label, slot }) => [label, slot]),
      [['_s', '0']],
    )
  })
})
