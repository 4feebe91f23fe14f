import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { encodeFunctionData, getAddress, parseEther, zeroAddress } from 'viem'
import { deployMain, UPGRADE_DELAY } from './helpers/fixtures.ts'
import { storageLayout } from './helpers/storageLayout.ts'

describe('NexusUpgradeable (through Main and a vault mock)', async () => {
  const { viem, networkHelpers } = await network.create()

  async function deployFixture() {
    const [owner, genesis, alice, stranger] = await viem.getWalletClients()
    const { main } = await deployMain(viem, owner.account.address, genesis.account.address)
    const v2 = await viem.deployContract('MainV2')
    const usdt = await viem.deployContract('LocalUSDT', [owner.account.address])
    const vaultImplementation = await viem.deployContract('VaultMock')
    const vaultProxy = await viem.deployContract('NexusProxy', [
      vaultImplementation.address,
      encodeFunctionData({
        abi: vaultImplementation.abi,
        functionName: 'initialize',
        args: [owner.account.address, UPGRADE_DELAY, usdt.address],
      }),
    ])
    const vault = await viem.getContractAt('VaultMock', vaultProxy.address)
    await usdt.write.mint([alice.account.address, parseEther('100')])
    await usdt.write.approve([vault.address, parseEther('100')], { account: alice.account })
    await vault.write.deposit([parseEther('60')], { account: alice.account })
    return { main, v2, usdt, vault, owner, genesis, alice, stranger }
  }

  it('keeps the previous notice when the owner lowers the delay', async () => {
    const { main, v2 } = await networkHelpers.loadFixture(deployFixture)
    const longDelay = 7n * 86400n
    await main.write.setUpgradeDelay([longDelay])
    await networkHelpers.time.increase(10)
    // lower it to the minimum and schedule at once: the upgrade still waits the long delay from the decrease
    await main.write.setUpgradeDelay([3600n])
    const loweredAt = BigInt(await networkHelpers.time.latest())
    await main.write.scheduleUpgrade([v2.address])
    const [, readyAt] = await main.read.pendingUpgrade()
    assert.equal(readyAt, loweredAt + longDelay)
    await networkHelpers.time.increaseTo(Number(readyAt) - 2)
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.upgradeToAndCall([v2.address, '0x']),
      main,
      'NexusUpgradeNotReady',
      [getAddress(v2.address), readyAt],
    )
    await networkHelpers.time.increaseTo(Number(readyAt))
    await viem.assertions.emitWithArgs(main.write.upgradeToAndCall([v2.address, '0x']), main, 'UpgradeExecuted', [
      getAddress(v2.address),
    ])
    // once the old notice has run out, the lowered delay applies
    const now = BigInt(await networkHelpers.time.latest())
    await main.write.scheduleUpgrade([v2.address])
    assert.equal((await main.read.pendingUpgrade())[1], now + 1n + 3600n)
  })

  it('upgrades only the scheduled implementation, after the delay, with events', async () => {
    const { main, v2, genesis, alice } = await networkHelpers.loadFixture(deployFixture)
    await main.write.register([genesis.account.address], { account: alice.account })
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.upgradeToAndCall([v2.address, '0x']),
      main,
      'NexusUpgradeNotReady',
      [getAddress(v2.address), 0n],
    )
    const now = BigInt(await networkHelpers.time.latest())
    await viem.assertions.emitWithArgs(main.write.scheduleUpgrade([v2.address]), main, 'UpgradeScheduled', [
      getAddress(v2.address),
      now + 1n + UPGRADE_DELAY,
    ])
    assert.deepEqual(await main.read.pendingUpgrade(), [getAddress(v2.address), now + 1n + UPGRADE_DELAY])
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.upgradeToAndCall([v2.address, '0x']),
      main,
      'NexusUpgradeNotReady',
      [getAddress(v2.address), now + 1n + UPGRADE_DELAY],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.scheduleUpgrade([v2.address]),
      main,
      'NexusUpgradePending',
      [getAddress(v2.address)],
    )
    await networkHelpers.time.increase(Number(UPGRADE_DELAY))
    await viem.assertions.emitWithArgs(main.write.upgradeToAndCall([v2.address, '0x']), main, 'UpgradeExecuted', [
      getAddress(v2.address),
    ])
    const upgraded = await viem.getContractAt('MainV2', main.address)
    assert.equal(await upgraded.read.version(), 2n)
    // state survives the upgrade
    assert.deepEqual(await upgraded.read.users([alice.account.address]), [2n, getAddress(genesis.account.address)])
    assert.equal(await upgraded.read.totalUsers(), 2n)
    assert.deepEqual(await main.read.pendingUpgrade(), [zeroAddress, 0n])
  })

  it('keeps the storage layout of Main compatible in MainV2 (same slots, only appended)', () => {
    const v1 = storageLayout('contracts/Main.sol', 'Main')
    const v2 = storageLayout('contracts/test/MainV2.sol', 'MainV2')
    assert.ok(v1.length >= 5)
    assert.deepEqual(v2.slice(0, v1.length), v1)
    assert.ok(v2.length > v1.length)
  })

  it('cancels a pending upgrade and bounds the delay', async () => {
    const { main, v2, stranger } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.revertWithCustomError(main.write.cancelUpgrade(), main, 'NexusNoPendingUpgrade')
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.scheduleUpgrade([stranger.account.address]),
      main,
      'NexusInvalidImplementation',
      [getAddress(stranger.account.address)],
    )
    await main.write.scheduleUpgrade([v2.address])
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.setUpgradeDelay([7200n]),
      main,
      'NexusUpgradePending',
      [getAddress(v2.address)],
    )
    await viem.assertions.emitWithArgs(main.write.cancelUpgrade(), main, 'UpgradeCancelled', [getAddress(v2.address)])
    await viem.assertions.emitWithArgs(main.write.setUpgradeDelay([7200n]), main, 'UpgradeDelayUpdated', [
      UPGRADE_DELAY,
      7200n,
    ])
    assert.equal(await main.read.upgradeDelay(), 7200n)
    for (const delay of [3599n, 30n * 86400n + 1n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        main.write.setUpgradeDelay([delay]),
        main,
        'ValueOutOfBounds',
        ['upgradeDelay', delay, 3600n, 30n * 86400n],
      )
    }
  })

  it('takes two steps to transfer ownership', async () => {
    const { main, owner, alice } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.emitWithArgs(
      main.write.transferOwnership([alice.account.address]),
      main,
      'OwnershipTransferStarted',
      [getAddress(owner.account.address), getAddress(alice.account.address)],
    )
    assert.equal(await main.read.owner(), getAddress(owner.account.address))
    assert.equal(await main.read.pendingOwner(), getAddress(alice.account.address))
    await viem.assertions.emitWithArgs(
      main.write.acceptOwnership({ account: alice.account }),
      main,
      'OwnershipTransferred',
      [getAddress(owner.account.address), getAddress(alice.account.address)],
    )
    await viem.assertions.emitWithArgs(
      main.write.renounceOwnership({ account: alice.account }),
      main,
      'OwnershipTransferred',
      [getAddress(alice.account.address), zeroAddress],
    )
    assert.equal(await main.read.owner(), zeroAddress)
  })

  it('withdraws only the excess over claimable balances', async () => {
    const { vault, usdt, owner, stranger } = await networkHelpers.loadFixture(deployFixture)
    await usdt.write.mint([vault.address, parseEther('5')]) // sent by mistake: free to withdraw
    assert.equal(await vault.read.excessOf([usdt.address]), parseEther('5'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      vault.write.withdrawExcess([usdt.address, owner.account.address, parseEther('5') + 1n]),
      vault,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), parseEther('5') + 1n, parseEther('5')],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      vault.write.withdrawExcess([usdt.address, zeroAddress, 1n]),
      vault,
      'NexusInvalidRecipient',
      [zeroAddress],
    )
    await viem.assertions.emitWithArgs(
      vault.write.withdrawExcess([usdt.address, stranger.account.address, parseEther('5')]),
      vault,
      'ExcessWithdrawn',
      [getAddress(usdt.address), getAddress(stranger.account.address), parseEther('5')],
    )
    assert.equal(await usdt.read.balanceOf([vault.address]), parseEther('60'))
    // the native coin: nothing is claimable, everything is excess
    await owner.sendTransaction({ to: vault.address, value: 7n })
    await viem.assertions.balancesHaveChanged(vault.write.withdrawExcess([zeroAddress, stranger.account.address, 7n]), [
      { address: stranger.account.address, amount: 7n },
    ])
  })

  it('has no emergency path: paused or not, the owner takes only the excess (finding 3)', async () => {
    const { vault, usdt, owner } = await networkHelpers.loadFixture(deployFixture)
    assert.ok(!JSON.stringify(vault.abi).includes('"emergencyWithdraw"'))
    await vault.write.pause()
    await viem.assertions.revertWithCustomErrorWithArgs(
      vault.write.withdrawExcess([usdt.address, owner.account.address, 1n]),
      vault,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), 1n, 0n],
    )
    assert.equal(await usdt.read.balanceOf([vault.address]), parseEther('60'))
  })

  it('lets the guardian pause inflows at once; claims go on; the pause ends by itself', async () => {
    const { vault, usdt, owner, alice, stranger } = await networkHelpers.loadFixture(deployFixture)
    const guardian = stranger
    const as = { account: guardian.account }
    await viem.assertions.revertWithCustomErrorWithArgs(vault.write.pause(as), vault, 'NexusNotGuardian', [
      getAddress(guardian.account.address),
    ])
    await viem.assertions.emitWithArgs(vault.write.setGuardian([guardian.account.address]), vault, 'GuardianUpdated', [
      zeroAddress,
      getAddress(guardian.account.address),
    ])
    assert.equal(await vault.read.guardian(), getAddress(guardian.account.address))
    const max = await vault.read.MAX_PAUSE_DURATION()
    assert.equal(max, 7n * 86400n)
    const now = BigInt(await networkHelpers.time.latest())
    await viem.assertions.emitWithArgs(vault.write.pause(as), vault, 'PauseUpdated', [
      getAddress(guardian.account.address),
      now + 1n + max,
    ])
    assert.equal(await vault.read.paused(), true)
    assert.equal(await vault.read.pausedUntil(), now + 1n + max)
    // inflows stop, what is owed still goes out
    await viem.assertions.revertWithCustomError(
      vault.write.deposit([1n], { account: alice.account }),
      vault,
      'EnforcedPause',
    )
    const before = await usdt.read.balanceOf([alice.account.address])
    await vault.write.withdraw([parseEther('10')], { account: alice.account })
    assert.equal(await usdt.read.balanceOf([alice.account.address]), before + parseEther('10'))
    await viem.assertions.revertWithCustomError(vault.write.pause(as), vault, 'EnforcedPause')
    // the pause runs out by itself
    await networkHelpers.time.increaseTo(now + 1n + max)
    assert.equal(await vault.read.paused(), false)
    assert.equal(await vault.read.pausedUntil(), 0n)
    await vault.write.deposit([1n], { account: alice.account })
    // a rogue guardian cannot chain pauses: it waits out the cooldown; only the owner (the timelock) renews
    const cooldown = await vault.read.GUARDIAN_PAUSE_COOLDOWN()
    await viem.assertions.revertWithCustomErrorWithArgs(vault.write.pause(as), vault, 'NexusGuardianCooldown', [
      now + 1n + max + cooldown,
    ])
    await viem.assertions.revertWithCustomErrorWithArgs(
      vault.write.renewPause([3600n], as),
      vault,
      'OwnableUnauthorizedAccount',
      [getAddress(guardian.account.address)],
    )
    for (const duration of [0n, max + 1n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        vault.write.renewPause([duration]),
        vault,
        'ValueOutOfBounds',
        ['pauseDuration', duration, 1n, max],
      )
    }
    await viem.assertions.emitWithArgs(vault.write.renewPause([3600n]), vault, 'Paused', [
      getAddress(owner.account.address),
    ])
    const renewedAt = BigInt(await networkHelpers.time.latest())
    assert.equal(await vault.read.pausedUntil(), renewedAt + 3600n)
    // the guardian may end a pause early
    await viem.assertions.emitWithArgs(vault.write.unpause(as), vault, 'Unpaused', [
      getAddress(guardian.account.address),
    ])
    assert.equal(await vault.read.paused(), false)
    await viem.assertions.revertWithCustomError(vault.write.unpause(as), vault, 'ExpectedPause')
    await networkHelpers.time.increase(Number(cooldown))
    await vault.write.pause(as)
    await viem.assertions.revertWithCustomErrorWithArgs(
      vault.write.unpause({ account: alice.account }),
      vault,
      'NexusNotGuardian',
      [getAddress(alice.account.address)],
    )
    // removing the guardian takes its power away
    await vault.write.setGuardian([zeroAddress])
    await viem.assertions.revertWithCustomErrorWithArgs(vault.write.unpause(as), vault, 'NexusNotGuardian', [
      getAddress(guardian.account.address),
    ])
  })

  it('rejects every privileged call from a non-owner', async () => {
    const { main, vault, v2, usdt, stranger } = await networkHelpers.loadFixture(deployFixture)
    const as = { account: stranger.account }
    const calls = [
      main.write.scheduleUpgrade([v2.address], as),
      main.write.cancelUpgrade(as),
      main.write.setUpgradeDelay([7200n], as),
      main.write.setGuardian([stranger.account.address], as),
      main.write.renewPause([3600n], as),
      main.write.upgradeToAndCall([v2.address, '0x'], as),
      main.write.transferOwnership([stranger.account.address], as),
      main.write.renounceOwnership(as),
      vault.write.withdrawExcess([usdt.address, stranger.account.address, 1n], as),
    ]
    for (const call of calls) {
      await viem.assertions.revertWithCustomErrorWithArgs(call, main, 'OwnableUnauthorizedAccount', [
        getAddress(stranger.account.address),
      ])
    }
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.acceptOwnership(as),
      main,
      'OwnableUnauthorizedAccount',
      [getAddress(stranger.account.address)],
    )
  })
})
