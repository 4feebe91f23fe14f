import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther, zeroAddress } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

const BPS = 10_000n

describe('Double (doubling deposit)', async () => {
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

  const days = (BPS + local.double.price - 1n) / local.double.price

  it('opens a 2x record for an account, paid by the caller', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { double, alice, bob } = s
    assert.deepEqual(await double.read.getConfig(), local.double)
    const amount = parseEther('100')
    // alice stands in for a Fomo pool: an authorized depositor opens records for its buyers
    await viem.assertions.emitWithArgs(
      double.write.setDepositor([alice.account.address, true]),
      double,
      'DepositorUpdated',
      [getAddress(alice.account.address), true],
    )
    const hash = await double.write.deposit([bob.account.address, amount, 7n], { account: alice.account })
    const record = await double.read.records([1n])
    assert.deepEqual(
      { ...record, startTime: 0n },
      {
        isValid: true,
        index: 1n,
        userIndex: 0n,
        fomoIndex: 7n,
        amount,
        price: local.double.price,
        reward: amount * 2n,
        startTime: 0n,
        endTime: record.startTime + days * local.double.dayTimes,
        owner: getAddress(bob.account.address),
        released: 0n,
      },
    )
    const [deposited] = await double.getEvents.Deposited(
      {},
      { blockHash: (await s.publicClient.getTransactionReceipt({ hash })).blockHash },
    )
    assert.deepEqual(deposited.args, {
      account: getAddress(bob.account.address),
      from: getAddress(alice.account.address),
      index: 1n,
      fomoIndex: 7n,
      amount,
      reward: amount * 2n,
      endTime: record.endTime,
    })
    const [user, records] = await double.read.getUserInfo([bob.account.address])
    assert.equal(user.amount, amount)
    assert.equal(user.total, amount)
    assert.equal(user.stakes, 1n)
    assert.equal(records.length, 1)
    const totals = await double.read.getTotals()
    assert.equal(totals.totalActual, amount * 2n)
    assert.equal(totals.totalUser, 1n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.deposit([zeroAddress, 1n, 0n]),
      double,
      'DoubleInvalidAccount',
      [zeroAddress],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.deposit([bob.account.address, 0n, 0n], { account: alice.account }),
      double,
      'DoubleAmountOutOfRange',
      [0n, 1n, 10n ** 28n],
    )
    await double.write.pause()
    await viem.assertions.revertWithCustomError(
      double.write.deposit([bob.account.address, 1n, 0n], { account: alice.account }),
      double,
      'EnforcedPause',
    )
  })

  it('refuses records opened for someone else by anyone but a Fomo pool (finding 7: dust records held a victim out of her claim window)', async () => {
    const { double, fomo, superFomo, alice, stranger, usdt } = await networkHelpers.loadFixture(fixture)
    assert.equal(await double.read.isDepositor([fomo.address]), true)
    assert.equal(await double.read.isDepositor([superFomo.address]), true)
    assert.equal(await double.read.isDepositor([stranger.account.address]), false)
    await usdt.write.mint([stranger.account.address, parseEther('1')])
    await usdt.write.approve([double.address, parseEther('1')], { account: stranger.account })
    for (let i = 0; i < 3; i++) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        double.write.deposit([alice.account.address, 1n, 0n], { account: stranger.account }),
        double,
        'DoubleNotDepositor',
        [getAddress(stranger.account.address), getAddress(alice.account.address)],
      )
    }
    assert.equal((await double.read.getUserInfo([alice.account.address]))[0].stakes, 0n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.setDepositor([stranger.account.address, true], { account: stranger.account }),
      double,
      'OwnableUnauthorizedAccount',
      [getAddress(stranger.account.address)],
    )
    // for itself anyone may deposit
    await double.write.deposit([stranger.account.address, 1n, 0n], { account: stranger.account })
  })

  it("opens a depositor's record only once the depositor paid it: refuses an unpaid one and any other caller", async () => {
    const { double, usdt, alice, bob, stranger, publicClient } = await networkHelpers.loadFixture(fixture)
    // alice stands in for a Fomo pool (an authorized depositor): she pays by a plain transfer, then opens the record
    await double.write.setDepositor([alice.account.address, true])
    await double.write.deposit([alice.account.address, parseEther('10'), 0n], { account: alice.account })
    const amount = parseEther('3')
    // nothing paid: refused, with what the pool holds and what it must hold (every deposit less every payout)
    const held = await usdt.read.balanceOf([double.address])
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.depositFor([bob.account.address, amount, 9n], { account: alice.account }),
      double,
      'DoubleNotPaid',
      [getAddress(alice.account.address), held, held + amount],
    )
    // paid one wei short: refused too
    await usdt.write.transfer([double.address, amount - 1n], { account: alice.account })
    await viem.assertions.revertWithCustomError(
      double.write.depositFor([bob.account.address, amount, 9n], { account: alice.account }),
      double,
      'DoubleNotPaid',
    )
    await usdt.write.transfer([double.address, 1n], { account: alice.account })
    // a caller that is not a depositor cannot open it, even for the USDT now paid
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.depositFor([bob.account.address, amount, 9n], { account: stranger.account }),
      double,
      'DoubleNotDepositor',
      [getAddress(stranger.account.address), getAddress(bob.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.depositFor([stranger.account.address, amount, 0n], { account: stranger.account }),
      double,
      'DoubleNotDepositor',
      [getAddress(stranger.account.address), getAddress(stranger.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.depositFor([zeroAddress, amount, 9n], { account: alice.account }),
      double,
      'DoubleInvalidAccount',
      [zeroAddress],
    )
    const allowance = await usdt.read.allowance([alice.account.address, double.address])
    const hash = await double.write.depositFor([bob.account.address, amount, 9n], { account: alice.account })
    const [deposited] = await double.getEvents.Deposited(
      {},
      { blockHash: (await publicClient.getTransactionReceipt({ hash })).blockHash },
    )
    const record = await double.read.records([2n])
    assert.deepEqual(deposited.args, {
      account: getAddress(bob.account.address),
      from: getAddress(alice.account.address),
      index: 2n,
      fomoIndex: 9n,
      amount,
      reward: amount * 2n,
      endTime: record.endTime,
    })
    assert.equal(record.owner, getAddress(bob.account.address))
    assert.equal(record.amount, amount)
    assert.equal(record.isValid, true)
    assert.equal((await double.read.getUserInfo([bob.account.address]))[0].amount, amount)
    // the same payment opens one record, not two
    await viem.assertions.revertWithCustomError(
      double.write.depositFor([bob.account.address, amount, 9n], { account: alice.account }),
      double,
      'DoubleNotPaid',
    )
    // no allowance is involved: Double pulled nothing from the depositor
    assert.equal(await usdt.read.allowance([alice.account.address, double.address]), allowance)
    await double.write.pause()
    await usdt.write.transfer([double.address, amount], { account: alice.account })
    await viem.assertions.revertWithCustomError(
      double.write.depositFor([bob.account.address, amount, 9n], { account: alice.account }),
      double,
      'EnforcedPause',
    )
    await double.write.unpause()
    await double.write.setConfig([{ ...local.double, openClaim: false }])
    await viem.assertions.revertWithCustomError(
      double.write.depositFor([bob.account.address, amount, 9n], { account: alice.account }),
      double,
      'DoubleDepositsClosed',
    )
  })

  it('shows what the pool holds against what it owes (finding 8)', async () => {
    const { double, usdt, alice, bob } = await networkHelpers.loadFixture(fixture)
    assert.deepEqual(await double.read.getSolvency(), [await usdt.read.balanceOf([double.address]), 0n])
    await double.write.deposit([alice.account.address, parseEther('100'), 0n], { account: alice.account })
    await double.write.deposit([bob.account.address, parseEther('50'), 0n], { account: bob.account })
    const [held, owed] = await double.read.getSolvency()
    assert.equal(held, await usdt.read.balanceOf([double.address]))
    assert.equal(owed, parseEther('300')) // twice the deposits: only later inflows pay the second half
    assert.ok(held < owed)
  })

  it('shows where a record stands in line: what older records are owed ahead of it (finding 8)', async () => {
    const { double, usdt, alice, bob, carol } = await networkHelpers.loadFixture(fixture)
    const empty = await double.read.getLine([1n])
    assert.deepEqual(
      [empty.position, empty.owedAhead, empty.owedSelf, empty.owed],
      [0n, 0n, 0n, 0n],
      'no record: nothing in line',
    )
    await double.write.deposit([alice.account.address, parseEther('100'), 0n], { account: alice.account })
    await double.write.deposit([bob.account.address, parseEther('50'), 0n], { account: bob.account })
    await double.write.deposit([carol.account.address, parseEther('10'), 0n], { account: carol.account })
    const first = await double.read.getLine([1n])
    assert.deepEqual(
      { ...first },
      {
        position: 1n,
        owedAhead: 0n,
        owedSelf: parseEther('200'),
        held: await usdt.read.balanceOf([double.address]),
        owed: parseEther('320'),
        complete: true,
      },
    )
    const third = await double.read.getLine([3n])
    assert.equal(third.position, 3n)
    assert.equal(third.owedAhead, parseEther('300'))
    assert.equal(third.owedSelf, parseEther('20'))
    // a release moves everyone behind forward by what it paid
    const record = await double.read.records([1n])
    await time.increaseTo(record.endTime)
    await double.write.claim({ account: alice.account })
    const paid = (await double.read.records([1n])).released
    const after = await double.read.getLine([3n])
    assert.equal(after.owedAhead, parseEther('300') - paid)
    assert.equal(after.position, paid === parseEther('200') ? 2n : 3n)
    assert.equal(after.owed, parseEther('320') - paid)
    assert.equal((await double.read.getLine([4n])).position, 0n)
  })

  it('releases linearly, at most twice the deposit, only from the pool; neither a pause nor openClaim = false stops a claim', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { double, alice, bob, usdt } = s
    const amount = parseEther('100')
    await double.write.deposit([alice.account.address, amount, 0n], { account: alice.account })
    await double.write.deposit([bob.account.address, amount * 3n, 0n], { account: bob.account })
    const record = await double.read.records([1n])
    await time.increaseTo(record.startTime + ((record.endTime - record.startTime) * 1n) / 4n - 1n)
    const before = await usdt.read.balanceOf([alice.account.address])
    await double.write.claim({ account: alice.account })
    const quarter = (await double.read.records([1n])).released
    assert.equal(quarter, (amount * 2n) / 4n)
    assert.equal(
      (await usdt.read.balanceOf([alice.account.address])) - before,
      quarter - (quarter * local.double.feeRate) / BPS,
    )
    await time.increaseTo(record.endTime + 1000n)
    await viem.assertions.emitWithArgs(double.write.claim({ account: alice.account }), double, 'Released', [
      getAddress(alice.account.address),
      1n,
      amount * 2n - quarter,
      true,
    ])
    const done = await double.read.records([1n])
    assert.equal(done.released, amount * 2n)
    assert.equal(done.isValid, false)
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.claim({ account: alice.account }),
      double,
      'DoubleNothingToClaim',
      [getAddress(alice.account.address)],
    )
    // bob is owed 600 but the pool holds less: he gets what is there, the rest stays due
    const pool = await usdt.read.balanceOf([double.address])
    assert.ok(pool < amount * 6n)
    await double.write.claim({ account: bob.account })
    assert.equal((await double.read.records([2n])).released, pool)
    assert.equal(await usdt.read.balanceOf([double.address]), (pool * local.double.feeRate) / BPS)
    // issue 19: the owner's flag and the guardian's pause close the pool to new money, never to what it owes
    await double.write.setConfig([{ ...local.double, openClaim: false }])
    await double.write.pause()
    await viem.assertions.revertWithCustomError(
      double.write.deposit([bob.account.address, amount, 0n], { account: bob.account }),
      double,
      'EnforcedPause',
    )
    await double.write.unpause()
    await viem.assertions.revertWithCustomError(
      double.write.deposit([bob.account.address, amount, 0n], { account: bob.account }),
      double,
      'DoubleDepositsClosed',
    )
    await double.write.pause()
    await usdt.write.mint([double.address, parseEther('50')])
    const refill = await usdt.read.balanceOf([double.address])
    const bobBefore = await usdt.read.balanceOf([bob.account.address])
    await double.write.claim({ account: bob.account })
    assert.equal((await double.read.records([2n])).released, pool + refill)
    assert.ok((await usdt.read.balanceOf([bob.account.address])) > bobBefore)
  })

  it('a pause or openClaim = false of Double stops FOM orders (each pays a Double share), never a FOM or Double claim', async () => {
    const { double, fomo, alice, deployer } = await networkHelpers.loadFixture(fixture)
    await fomo.write.burn([0n, 1n, parseEther('100'), true], { account: alice.account })
    const [, records] = await double.read.getUserInfo([alice.account.address])
    assert.equal(records.length, 1)
    await time.increase(local.double.dayTimes * days)
    for (const close of ['pause', 'openClaim'] as const) {
      if (close === 'pause') await double.write.pause()
      else await double.write.setConfig([{ ...local.double, openClaim: false }], { account: deployer.account })
      await viem.assertions.revertWithCustomError(
        fomo.write.burn([0n, 1n, parseEther('100'), true], { account: alice.account }),
        double,
        close === 'pause' ? 'EnforcedPause' : 'DoubleDepositsClosed',
      )
      if (close === 'pause') await double.write.unpause()
    }
    const before = (await double.read.records([1n])).released
    await double.write.pause()
    await double.write.claim({ account: alice.account })
    assert.ok((await double.read.records([1n])).released > before, 'the Double claim pays, paused and closed')
    const { balance } = await fomo.read.users([alice.account.address])
    assert.ok(balance > 0n, 'the FOM order earned a static reward meanwhile')
    await fomo.write.claimReward([0n], { account: alice.account, value: (await fomo.read.getConfig()).handleGas })
    assert.equal(
      (await fomo.read.users([alice.account.address])).balance,
      0n,
      'the FOM claim pays while Double is paused',
    )
  })

  it('bounds its config, emits events, refuses non-owners and never lets the owner take users funds', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { double, alice, stranger, deployer, usdt, main, log } = s
    await viem.assertions.emitWithArgs(double.write.setConfig([local.double]), double, 'ConfigUpdated', [local.double])
    await viem.assertions.emitWithArgs(double.write.setLog([log.address]), double, 'LogUpdated', [
      getAddress(log.address),
    ])
    for (const [change, name, value, min, max] of [
      [{ dayTimes: 59n }, 'dayTimes', 59n, 60n, 604_800n],
      [{ feeRate: 2_001n }, 'feeRate', 2_001n, 0n, 2_000n],
      [{ price: 9n }, 'price', 9n, 10n, 10_000n],
      [{ price: 10_001n }, 'price', 10_001n, 10n, 10_000n],
    ] as const) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        double.write.setConfig([{ ...local.double, ...change }]),
        double,
        'ValueOutOfBounds',
        [name, value, min, max],
      )
    }
    await main.write.setManager([alice.account.address])
    for (const caller of [alice, stranger]) {
      for (const call of [
        double.write.setConfig([local.double], { account: caller.account }),
        double.write.setLog([log.address], { account: caller.account }),
        double.write.withdrawExcess([usdt.address, caller.account.address, 0n], { account: caller.account }),
      ]) {
        await viem.assertions.revertWithCustomErrorWithArgs(call, double, 'OwnableUnauthorizedAccount', [
          getAddress(caller.account.address),
        ])
      }
    }
    await double.write.deposit([alice.account.address, parseEther('100'), 0n], { account: alice.account })
    assert.equal(await double.read.excessOf([usdt.address]), 0n) // all of it is owed (200 outstanding)
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.withdrawExcess([usdt.address, deployer.account.address, 1n]),
      double,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), 1n, 0n],
    )
    // a pause does not open another way out: there is none (finding 3: no emergencyWithdraw)
    await double.write.pause()
    await viem.assertions.revertWithCustomErrorWithArgs(
      double.write.withdrawExcess([usdt.address, deployer.account.address, 1n]),
      double,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), 1n, 0n],
    )
    assert.ok(!JSON.stringify(double.abi).includes('"emergencyWithdraw"'))
  })
})
