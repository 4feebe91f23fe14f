import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther } from 'viem'
import { localContractsIII as local, stakeIdos } from '../config/contractsIII.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'
import { logCode } from '../scripts/lib/logCodes.ts'

const BPS = 10_000n
const E18 = 10n ** 18n

describe('Stake (rounds, reward caps, NEX releases)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const { time } = networkHelpers

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [alice, bob, carol, stranger] = s.users
    await join(s, alice, s.deployer.account.address)
    await join(s, bob, alice.account.address)
    await join(s, carol, bob.account.address)
    return { ...s, alice, bob, carol, stranger }
  }

  it('exposes the rounds, the config and the price', async () => {
    const { stake } = await networkHelpers.loadFixture(fixture)
    const idos = await stake.read.getIdos()
    assert.equal(idos.length, stakeIdos.length)
    assert.deepEqual(idos[0], { index: 0n, idoTotal: 0n, ...stakeIdos[0] })
    assert.deepEqual(await stake.read.getConfig(), local.stake)
    // max(TWAP 0.1, floor 0.1): 100 USDT of reward buys about 1,000 NEX
    const tokens = await stake.read.getPrice([parseEther('100')])
    assert.ok(tokens <= parseEther('1000') && tokens > parseEther('999.99'))
  })

  it('stakes in the current round, releases the first part and pays referrers in NEX', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { stake, carol, bob, alice } = s
    const amount = parseEther('1000')
    const ido = stakeIdos[0]
    const rewardMax = (amount * ido.idoRate) / BPS
    const first = (rewardMax * ido.idoFirst) / BPS
    const hash = await stake.write.deposit([amount, 0n], { account: carol.account })
    const record = await stake.read.stakes([1n])
    const price = record.startPrice
    assert.ok(price >= ido.idoPrice)
    assert.equal(record.owner, getAddress(carol.account.address))
    assert.equal(record.period, 0n)
    assert.equal(record.rewardMax, rewardMax)
    assert.equal(record.rewardSurplus, rewardMax - first)
    assert.equal(record.releaseTimes, 0n)
    assert.equal(record.lockTime - record.startTime, local.stake.addTime)
    assert.equal(record.endTime - record.lockTime, local.stake.releaseDay * local.stake.dayTimes)
    assert.equal(record.isValid, true)
    const receipt = await s.publicClient.getTransactionReceipt({ hash })
    const [deposited] = await stake.getEvents.Deposited({}, { blockHash: receipt.blockHash })
    assert.deepEqual(deposited.args, {
      account: getAddress(carol.account.address),
      index: 1n,
      round: 0n,
      amount,
      rewardMax,
      startPrice: price,
      rewardTokens: (rewardMax * E18) / price,
    })
    const referrals = await stake.getEvents.ReferralRewarded({}, { blockHash: receipt.blockHash })
    assert.deepEqual(
      referrals.map((e) => [e.args.referrer, e.args.generation, e.args.tokens]),
      [
        [getAddress(bob.account.address), 1n, (((amount * local.stake.directRate) / BPS) * E18) / price],
        [getAddress(alice.account.address), 2n, (((amount * local.stake.indirectRate) / BPS) * E18) / price],
      ],
    )
    const [user, list] = await stake.read.getUserInfo([carol.account.address])
    assert.equal(user.amount, amount)
    assert.equal(user.rewardMax, rewardMax)
    assert.equal(user.rewardRelease, first)
    assert.equal(user.balance, (first * E18) / price)
    assert.equal(list.length, 1)
    assert.equal((await stake.read.getIdos())[0].idoTotal, amount)
    const totals = await stake.read.getTotals()
    assert.equal(totals.totalReserved, (rewardMax * E18) / price - (first * E18) / price)
    const [entries] = await s.log.read.getUserActionLogs([
      carol.account.address,
      logCode('action', 'stake_deposit'),
      0n,
      1n,
    ])
    assert.equal(entries[0].amount, amount)
    assert.equal(entries[0].symbol, logCode('symbol', 'USDT'))
    assert.equal(entries[0].balance, amount)
  })

  it('rejects amounts outside the range, with the range', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { stake, carol, stranger } = s
    const as = { account: carol.account }
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.deposit([parseEther('99'), 0n], as),
      stake,
      'StakeAmountOutOfRange',
      [parseEther('99'), stakeIdos[0].idoMin, local.stake.userMax],
    )
    await stake.write.deposit([parseEther('9000'), 0n], as)
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.deposit([parseEther('1001'), 0n], as),
      stake,
      'StakeAmountOutOfRange',
      [parseEther('1001'), stakeIdos[0].idoMin, parseEther('1000')],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.deposit([parseEther('100'), 0n], { account: stranger.account }),
      stake,
      'StakeNotRegistered',
      [getAddress(stranger.account.address)],
    )
    await stake.write.pause()
    await viem.assertions.revertWithCustomError(
      stake.write.deposit([parseEther('100'), 0n], as),
      stake,
      'EnforcedPause',
    )
  })

  it('fills a round, cools down, and lets whitelisted accounts in early', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { stake, carol, bob, alice } = s
    await stake.write.setIdo([0n, { ...stakeIdos[0], idoMax: parseEther('1000') }])
    const hash = await stake.write.deposit([parseEther('1000'), 0n], { account: carol.account })
    const now = BigInt(
      (await s.publicClient.getBlock({ blockHash: (await s.publicClient.getTransactionReceipt({ hash })).blockHash }))
        .timestamp,
    )
    const [filled] = await stake.getEvents.RoundFilled(
      {},
      { blockHash: (await s.publicClient.getTransactionReceipt({ hash })).blockHash },
    )
    assert.deepEqual(filled.args, { round: 0n, nextStartTime: now + local.stake.roundCool })
    assert.equal((await stake.read.getConfig()).round, 1n)
    assert.equal((await stake.read.getIdos())[1].startTime, now + local.stake.roundCool)
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.deposit([parseEther('100'), 0n], { account: bob.account }),
      stake,
      'StakeRoundNotStarted',
      [1n, now + local.stake.roundCool],
    )
    await viem.assertions.emitWithArgs(
      stake.write.setWhitelist([bob.account.address, true]),
      stake,
      'WhitelistUpdated',
      [getAddress(bob.account.address), true],
    )
    assert.equal(await stake.read.isWhitelisted([bob.account.address]), true)
    await stake.write.deposit([parseEther('100'), 0n], { account: bob.account })
    assert.equal((await stake.read.stakes([2n])).period, 1n)
    await time.increaseTo(now + local.stake.roundCool)
    await stake.write.deposit([parseEther('100'), 0n], { account: alice.account })
    // past the last round
    await stake.write.setConfig([{ ...local.stake, round: 3n }])
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.deposit([parseEther('100'), 0n], { account: alice.account }),
      stake,
      'StakeNoRound',
      [3n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(stake.read.getPrice([1n]), stake, 'StakeNoRound', [3n])
  })

  it('never releases before the lock ends, then daily up to rewardMax exactly', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { stake, carol, token, stranger } = s
    await stake.write.setConfig([{ ...local.stake, releaseDay: 4n, feeRate: 0n }])
    const amount = parseEther('1000')
    await stake.write.deposit([amount, 0n], { account: carol.account })
    const record = await stake.read.stakes([1n])
    const reserved = (record.rewardMax * E18) / record.startPrice
    const firstTokens = ((record.rewardMax - record.rewardSurplus) * E18) / record.startPrice
    const before = await token.read.balanceOf([carol.account.address])
    await stake.write.claim({ account: carol.account })
    assert.equal((await token.read.balanceOf([carol.account.address])) - before, firstTokens)
    await time.increaseTo(record.lockTime - 1n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.claim({ account: carol.account }),
      stake,
      'StakeNothingToClaim',
      [getAddress(carol.account.address)],
    )
    assert.equal((await stake.read.stakes([1n])).releaseTimes, 0n)
    await time.increaseTo(record.lockTime + 2n * local.stake.dayTimes)
    await viem.assertions.emit(stake.write.claim({ account: carol.account }), stake, 'Released')
    assert.equal((await stake.read.stakes([1n])).releaseTimes, 2n)
    await time.increaseTo(record.endTime + 10n * local.stake.dayTimes)
    await stake.write.claim({ account: carol.account })
    const done = await stake.read.stakes([1n])
    assert.equal(done.releaseTimes, 4n)
    assert.equal(done.rewardSurplus, 0n)
    assert.equal(done.isValid, false)
    assert.equal((await token.read.balanceOf([carol.account.address])) - before, reserved)
    const [user] = await stake.read.getUserInfo([carol.account.address])
    assert.equal(user.rewardRelease, record.rewardMax)
    assert.equal((await stake.read.getTotals()).totalReserved, 0n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.claim({ account: stranger.account }),
      stake,
      'StakeNothingToClaim',
      [getAddress(stranger.account.address)],
    )
    await stake.write.setConfig([{ ...local.stake, handleGas: 5n }])
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.claim({ account: carol.account }),
      stake,
      'StakeWrongHandleFee',
      [0n, 5n],
    )
  })

  it('refuses a deposit its free NEX cannot cover; withdraws only the excess; admin calls keep coverage', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { stake, token, carol, bob, deployer } = s
    await stake.write.deposit([parseEther('5000'), 0n], { account: carol.account })
    const reserved = async () => {
      const t = await stake.read.getTotals()
      return t.totalReserved + t.totalBalance
    }
    const excess = await stake.read.excessOf([token.address])
    assert.equal(excess, (await token.read.balanceOf([stake.address])) - (await reserved()))
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.withdrawExcess([token.address, deployer.account.address, excess + 1n]),
      stake,
      'NexusWithdrawExceedsExcess',
      [getAddress(token.address), excess + 1n, excess],
    )
    await stake.write.withdrawExcess([token.address, deployer.account.address, excess])
    // the USDT staked is income: free to withdraw
    assert.equal(await stake.read.excessOf([s.usdt.address]), parseEther('5000'))
    const hash = stake.write.deposit([parseEther('100'), 0n], { account: bob.account })
    await viem.assertions.revertWithCustomError(hash, stake, 'StakeInsufficientPool')
    for (const call of [
      () => stake.write.setConfig([{ ...local.stake, feeRate: 2_000n, releaseDay: 1n, dayTimes: 60n }]),
      () => stake.write.setIdo([1n, { ...stakeIdos[1], idoRate: 50_000n }]),
      () => stake.write.setWhitelist([carol.account.address, true]),
    ]) {
      await call()
      await time.increase(100_000)
      assert.ok((await token.read.balanceOf([stake.address])) >= (await reserved()))
    }
    await stake.write.claim({ account: carol.account })
    assert.ok((await token.read.balanceOf([stake.address])) >= (await reserved()))
    await viem.assertions.emit(stake.write.fund([parseEther('1')], { account: carol.account }), stake, 'PoolFunded')
    await viem.assertions.revertWithCustomErrorWithArgs(stake.write.fund([0n]), stake, 'StakeAmountOutOfRange', [
      0n,
      1n,
      10n ** 30n,
    ])
  })

  it('a round change between approval and deposit cannot make the deposit pay USDT for nothing (finding 5)', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { stake, usdt, carol, bob } = s
    const amount = parseEther('1000')
    // carol has approved and quotes the round she sees: the reward and the price a deposit uses now
    const ido = (await stake.read.getIdos())[0]
    const quoted = await stake.read.getPrice([(amount * ido.idoRate) / BPS])
    const minRewardTokens = (quoted * 99n) / 100n
    for (const change of [{ idoRate: 0n }, { idoPrice: 10n ** 30n }]) {
      const snapshot = await networkHelpers.takeSnapshot()
      // the owner rewrites the round before her deposit is mined (the old code then took her USDT for 0 NEX)
      await stake.write.setIdo([0n, { ...stakeIdos[0], ...change }])
      const usdtBefore = await usdt.read.balanceOf([carol.account.address])
      const rewardTokens = change.idoRate === 0n ? 0n : await stake.read.getPrice([(amount * ido.idoRate) / BPS])
      await viem.assertions.revertWithCustomErrorWithArgs(
        stake.write.deposit([amount, minRewardTokens], { account: carol.account }),
        stake,
        'StakeRewardBelowMinimum',
        [rewardTokens, minRewardTokens],
      )
      assert.equal(await usdt.read.balanceOf([carol.account.address]), usdtBefore)
      await snapshot.restore()
    }
    // on the terms she saw, the deposit goes through and pays at least her minimum
    await stake.write.deposit([amount, minRewardTokens], { account: carol.account })
    const record = await stake.read.stakes([1n])
    assert.ok((record.rewardMax * E18) / record.startPrice >= minRewardTokens)
    // once a round has a deposit its terms are fixed: later depositors of the round get the same terms
    for (const change of [{ idoRate: 0n }, { idoPrice: 10n ** 30n }, { idoFirst: 0n }]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        stake.write.setIdo([0n, { ...stakeIdos[0], ...change }]),
        stake,
        'StakeRoundTermsFixed',
        [0n],
      )
    }
    // its size may still change (not below what is staked), and the next rounds stay free to set
    await stake.write.setIdo([0n, { ...stakeIdos[0], idoMax: parseEther('50000') }])
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setIdo([0n, { ...stakeIdos[0], idoMax: amount - 1n, idoMin: 1n }]),
      stake,
      'ValueOutOfBounds',
      ['idoMax', amount - 1n, amount, 10n ** 30n],
    )
    await stake.write.setIdo([1n, { ...stakeIdos[1], idoRate: 0n }])
    await stake.write.deposit([parseEther('100'), 0n], { account: bob.account })
  })

  it('bounds every owner setter, emits events, and refuses non-owners', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { stake, main, log, oracle, alice, stranger, bob } = s
    await viem.assertions.emit(stake.write.setConfig([local.stake]), stake, 'ConfigUpdated')
    await viem.assertions.emitWithArgs(stake.write.setIdo([3n, stakeIdos[2]]), stake, 'IdoUpdated', [3n, stakeIdos[2]])
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setIdo([5n, stakeIdos[2]]),
      stake,
      'StakeInvalidRound',
      [5n, 4n],
    )
    await viem.assertions.emitWithArgs(
      stake.write.setContracts([main.address, log.address, oracle.address]),
      stake,
      'ContractsUpdated',
      [getAddress(main.address), getAddress(log.address), getAddress(oracle.address)],
    )
    const bad: [Record<string, bigint>, string, bigint, bigint, bigint][] = [
      [{ addTime: 365n * 86_400n + 1n }, 'addTime', 365n * 86_400n + 1n, 0n, 365n * 86_400n],
      [{ dayTimes: 59n }, 'dayTimes', 59n, 60n, 7n * 86_400n],
      [{ directRate: 2_801n }, 'directRate', 3_101n, 0n, 3_000n],
      [{ userMax: 0n }, 'userMax', 0n, 1n, 10n ** 30n],
      [{ round: 5n }, 'round', 5n, 0n, 4n],
      [{ roundCool: 30n * 86_400n + 1n }, 'roundCool', 30n * 86_400n + 1n, 0n, 30n * 86_400n],
      [{ handleGas: parseEther('0.02') }, 'handleGas', parseEther('0.02'), 0n, parseEther('0.01')],
      [{ feeRate: 2_001n }, 'feeRate', 2_001n, 0n, 2_000n],
      [{ releaseDay: 0n }, 'releaseDay', 0n, 1n, 1_000n],
    ]
    for (const [change, name, value, min, max] of bad) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        stake.write.setConfig([{ ...local.stake, ...change }]),
        stake,
        'ValueOutOfBounds',
        [name, value, min, max],
      )
    }
    const badIdo: [Record<string, bigint>, string, bigint, bigint, bigint][] = [
      [{ idoMax: 0n, idoMin: 0n }, 'idoMax', 0n, 1n, 10n ** 30n],
      [{ idoMin: 0n }, 'idoMin', 0n, 1n, stakeIdos[0].idoMax],
      [{ idoRate: 50_001n }, 'idoRate', 50_001n, 0n, 50_000n],
      [{ idoFirst: 10_001n }, 'idoFirst', 10_001n, 0n, 10_000n],
    ]
    for (const [change, name, value, min, max] of badIdo) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        stake.write.setIdo([0n, { ...stakeIdos[0], ...change }]),
        stake,
        'ValueOutOfBounds',
        [name, value, min, max],
      )
    }
    await main.write.setManager([bob.account.address])
    for (const caller of [bob, alice, stranger]) {
      const as = { account: caller.account }
      for (const call of [
        stake.write.setConfig([local.stake], as),
        stake.write.setIdo([0n, stakeIdos[0]], as),
        stake.write.setWhitelist([alice.account.address, true], as),
        stake.write.setContracts([main.address, log.address, oracle.address], as),
        stake.write.withdrawExcess([s.usdt.address, caller.account.address, 0n], as),
        stake.write.setGuardian([caller.account.address], as),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, stake, 'OwnableUnauthorizedAccount', [
          getAddress(caller.account.address),
        ])
      }
    }
  })
})
