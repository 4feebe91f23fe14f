// Fomo's forced releases in bounded batches: processExpired (anyone, paid nothing) and the upkeep force out the locked
// orders past their force time, earliest end first, from an expiry queue keyed by each order's end (ExpiryQueue, as
// Burn's): however many long-locked orders come first, the next due order is at the top (checkUpkeep names it);
// performUpkeep is refused when nothing is due. SuperFomo is the same implementation.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { decodeAbiParameters, encodeAbiParameters, getAddress, parseEther } from 'viem'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

const from = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n])

describe('Fomo forced releases (processExpired, upkeep)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const { time } = networkHelpers

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [alice, bob, carol, keeper] = s.users
    await join(s, alice, s.deployer.account.address)
    await join(s, bob, alice.account.address)
    await join(s, carol, bob.account.address)
    return { ...s, alice, bob, carol, keeper }
  }

  for (const name of ['fomo', 'superFomo'] as const) {
    it(`${name}: forces out the due orders behind a long lock; anyone, paid nothing; refused when not due`, async () => {
      const s = await networkHelpers.loadFixture(fixture)
      const fomo = s[name]
      const { carol, bob, keeper, usdt } = s
      const config = await fomo.read.getConfig()
      const amount = config.roundMin > parseEther('100') ? config.roundMin : parseEther('100')
      await fomo.write.burn([4n, 1n, amount, true], { account: carol.account }) // the longest lock, first
      for (let i = 0; i < 3; i++) await fomo.write.burn([0n, 1n, amount, true], { account: bob.account })
      const short = await fomo.read.orders([2n])
      const forceTime = short.endTime + config.outDays * config.dayTimes
      await time.increaseTo(forceTime - 10n)
      await fomo.write.performUpkeep([from(0n)], { account: keeper.account }) // settles the round (due)
      assert.deepEqual(await fomo.read.checkUpkeep(['0x']), [false, from(0n)])
      await viem.assertions.revertWithCustomError(
        fomo.write.performUpkeep([from(0n)], { account: keeper.account }),
        fomo,
        'FomoUpkeepNotDue',
      )
      await viem.assertions.revertWithCustomError(
        fomo.write.performUpkeep([from(2n)], { account: keeper.account }),
        fomo,
        'FomoUpkeepNotDue',
      )
      await time.increaseTo(forceTime + 5n) // the three short orders were made in three blocks
      const [due, data] = await fomo.read.checkUpkeep(['0x'])
      assert.equal(due, true)
      assert.equal(decodeAbiParameters([{ type: 'uint256' }], data)[0], 2n, 'the first due order, past the long lock')
      const held = await usdt.read.balanceOf([keeper.account.address])
      const balance = (await fomo.read.users([bob.account.address])).balance
      await fomo.write.performUpkeep([data], { account: keeper.account })
      for (const i of [2n, 3n, 4n]) assert.equal((await fomo.read.orders([i])).status, 4n)
      assert.equal((await fomo.read.orders([1n])).status, 1n, 'the long lock stays')
      assert.equal(await usdt.read.balanceOf([keeper.account.address]), held, 'the keeper is paid nothing')
      const after = await fomo.read.users([bob.account.address])
      assert.ok(after.balance >= balance + 3n * short.principal)
      assert.equal(after.amount, 0n, 'out of the lock: no more weight, no more referral rewards')
      assert.deepEqual(await fomo.read.checkUpkeep(['0x']), [false, from(0n)])
      // processExpired from the cursor: the long lock at the head, once past its force time
      const long = await fomo.read.orders([1n])
      await time.increaseTo(long.endTime + config.outDays * config.dayTimes)
      await viem.assertions.emitWithArgs(
        fomo.write.processExpired([10n], { account: keeper.account }),
        fomo,
        'Released',
        [getAddress(carol.account.address), 1n, long.principal, true, getAddress(keeper.account.address)],
      )
      assert.equal((await fomo.read.orders([1n])).status, 4n)
      assert.equal(await fomo.simulate.processExpired([10n]).then((r) => r.result), 0n)
      await viem.assertions.revertWithCustomError(fomo.write.processExpired([0n]), fomo, 'ValueOutOfBounds')
      await viem.assertions.revertWithCustomError(fomo.write.processExpired([101n]), fomo, 'ValueOutOfBounds')
    })
  }

  it('processExpired forces out the due orders earliest end first, in batches of at most maxCount', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, bob, keeper } = s
    const config = await fomo.read.getConfig()
    for (let i = 0; i < 6; i++) await fomo.write.burn([0n, 1n, config.roundMin, true], { account: bob.account })
    const { endTime } = await fomo.read.orders([6n])
    await time.increaseTo(endTime + config.outDays * config.dayTimes)
    const counts = []
    for (let i = 0; i < 3; i++) {
      counts.push((await fomo.simulate.processExpired([4n], { account: keeper.account.address })).result)
      await fomo.write.processExpired([4n], { account: keeper.account })
    }
    assert.deepEqual(counts, [4n, 2n, 0n])
    for (let i = 1n; i <= 6n; i++) assert.equal((await fomo.read.orders([i])).status, 4n)
  })
})
