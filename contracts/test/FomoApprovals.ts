// Issue 19 finding 2: no contract may keep a standing allowance to an address the owner can replace. Fomo used to
// approve Double (USDT) and the router (NEX) for type(uint256).max in `setContracts`, so an owner that pointed
// `double_` at its own contract could pull every user's USDT. Now each order approves exactly what it spends, the
// callee pulls exactly that, and `setContracts` only revokes. These tests failed before the fix (the drain worked).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther, type Address } from 'viem'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

describe('Fomo approvals (issue 19 finding 2)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [alice, bob, carol] = s.users
    await join(s, alice, s.deployer.account.address)
    await join(s, bob, alice.account.address)
    await join(s, carol, bob.account.address)
    return { ...s, alice, bob, carol }
  }

  it('leaves no allowance to Double or the router after USDT and NEX orders, claims and releases', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, superFomo, usdt, token, router, double, alice, bob, carol } = s
    const zero = async (pool: Address) => {
      assert.equal(await usdt.read.allowance([pool, double.address]), 0n, 'USDT allowance to Double')
      assert.equal(await usdt.read.allowance([pool, router.address]), 0n, 'USDT allowance to the router')
      assert.equal(await token.read.allowance([pool, router.address]), 0n, 'NEX allowance to the router')
    }
    await zero(fomo.address)
    await zero(superFomo.address)
    const before = await usdt.read.balanceOf([double.address])
    await fomo.write.burn([0n, 1n, parseEther('500'), true], { account: alice.account })
    assert.ok((await usdt.read.balanceOf([double.address])) > before, 'Double was paid its share')
    await zero(fomo.address)
    await fomo.write.burn([1n, 1n, parseEther('300'), false, 1n], { account: bob.account })
    await zero(fomo.address)
    await superFomo.write.burn([0n, 1n, parseEther('2000'), true], { account: carol.account })
    await zero(superFomo.address)
    await fomo.write.updatePool()
    await networkHelpers.time.increaseTo((await fomo.read.orders([1n])).endTime)
    await fomo.write.release([1n], { account: alice.account })
    await zero(fomo.address)
  })

  it("a `double_` replaced by an attacker takes only the new orders' share, never the pool's USDT", async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, usdt, main, log, oracle, router, alice, bob, deployer } = s
    await fomo.write.burn([0n, 1n, parseEther('1000'), true], { account: alice.account })
    await fomo.write.burn([2n, 1n, parseEther('700'), true], { account: bob.account })
    const drainer = await viem.deployContract('DoubleDrainer', [usdt.address])
    // the owner (the timelock in production, after its public delay) points Fomo at the attacker
    await fomo.write.setContracts([main.address, log.address, oracle.address, router.address, drainer.address], {
      account: deployer.account,
    })
    const held = await usdt.read.balanceOf([fomo.address])
    assert.ok(held > 0n)
    assert.equal(await usdt.read.allowance([fomo.address, drainer.address]), 0n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      drainer.write.drain([fomo.address]),
      usdt,
      'ERC20InsufficientAllowance',
      [getAddress(drainer.address), 0n, held],
    )
    // a new order pays the attacker exactly its Double share and nothing more
    const value = parseEther('500')
    await fomo.write.burn([0n, 1n, value, true], { account: alice.account })
    const share = await usdt.read.balanceOf([drainer.address])
    const multi = await fomo.read.getConfigMulti()
    const principal = (value * multi.stakeSurplus[0]) / 10_000n
    assert.equal(share, ((value - principal) * multi.burnRates[2]) / 10_000n, 'exactly the Double share')
    assert.equal(await usdt.read.allowance([fomo.address, drainer.address]), 0n)
    const now = await usdt.read.balanceOf([fomo.address])
    await viem.assertions.revertWithCustomError(drainer.write.drain([fomo.address]), usdt, 'ERC20InsufficientAllowance')
    assert.equal(await usdt.read.balanceOf([fomo.address]), now, 'the pool keeps its USDT')
  })
})
