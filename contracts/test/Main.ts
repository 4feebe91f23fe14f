import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { encodeAbiParameters, getAddress, keccak256, pad, toHex, zeroAddress } from 'viem'
import { logCode } from '../scripts/lib/logCodes.ts'
import { deployMain, UPGRADE_DELAY } from './helpers/fixtures.ts'
import { deploySystem } from './helpers/system.ts'

describe('Main', async () => {
  const { viem, networkHelpers } = await network.create()

  async function deployFixture() {
    const [owner, genesis, alice, bob, manager, stranger] = await viem.getWalletClients()
    const { main, implementation } = await deployMain(viem, owner.account.address, genesis.account.address)
    return { main, implementation, owner, genesis, alice, bob, manager, stranger }
  }

  it('registers the genesis account at deployment', async () => {
    const { main, genesis } = await networkHelpers.loadFixture(deployFixture)
    assert.deepEqual(await main.read.users([genesis.account.address]), [1n, zeroAddress])
    assert.equal(await main.read.totalUsers(), 1n)
    assert.equal(await main.read.genesis(), getAddress(genesis.account.address))
    assert.equal(await main.read.accountAt([1n]), getAddress(genesis.account.address))
  })

  it('registers under a registered referrer and emits Registered', async () => {
    const { main, genesis, alice } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.emitWithArgs(
      main.write.register([genesis.account.address], { account: alice.account }),
      main,
      'Registered',
      [getAddress(alice.account.address), getAddress(genesis.account.address), 2n],
    )
    assert.deepEqual(await main.read.users([alice.account.address]), [2n, getAddress(genesis.account.address)])
    assert.equal(await main.read.invites([genesis.account.address]), 1n)
  })

  it("counts a referrer's invites up to 2**32 - 1, then saturates: a registration under a full count still succeeds", async () => {
    const { main, genesis, alice, bob } = await networkHelpers.loadFixture(deployFixture)
    // `_users[genesis]` (mapping at slot 0): referrer bits 0-159 | index 160-223 | invites 224-255
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [genesis.account.address, 0n]),
    )
    const publicClient = await viem.getPublicClient()
    const word = BigInt((await publicClient.getStorageAt({ address: main.address, slot })) ?? 0)
    const FULL = 2n ** 32n - 1n
    await networkHelpers.setStorageAt(
      main.address,
      slot,
      pad(toHex((word & ((1n << 224n) - 1n)) | ((FULL - 1n) << 224n))),
    )
    await main.write.register([genesis.account.address], { account: alice.account })
    assert.equal(await main.read.invites([genesis.account.address]), FULL)
    await main.write.register([genesis.account.address], { account: bob.account })
    assert.equal(await main.read.invites([genesis.account.address]), FULL) // was 0: the count wrapped
    assert.deepEqual(await main.read.users([bob.account.address]), [3n, getAddress(genesis.account.address)])
    assert.deepEqual(await main.read.users([genesis.account.address]), [1n, zeroAddress])
  })

  it('writes one register entry per registration to the Log the deployment wires (from: the referrer)', async () => {
    const connection = await network.create()
    const { main, log, deployer, users } = await deploySystem(connection)
    const [alice, bob] = users
    assert.equal(await main.read.log(), getAddress(log.address))
    assert.equal(await log.read.isWriter([main.address]), true)
    await main.write.register([deployer.account.address], { account: alice.account })
    await main.write.register([alice.account.address], { account: bob.account })
    for (const [user, referrer] of [
      [alice, deployer],
      [bob, alice],
    ] as const) {
      const [entries, total] = await log.read.getUserLogs([user.account.address, 0n, 10n])
      assert.equal(total, 1n)
      assert.equal(entries[0]?.action, logCode('action', 'register'))
      assert.equal(entries[0]?.symbol, logCode('symbol', 'NEX'))
      assert.equal(entries[0]?.amount, 0n)
      assert.equal(entries[0]?.from, getAddress(referrer.account.address))
    }
    // a referrer's own log gets nothing from its invitee's registration
    assert.equal((await log.read.getUserLogs([deployer.account.address, 0n, 10n]))[1], 0n)
  })

  it('lets only the owner set the Log, with LogUpdated; without a Log registration writes nothing', async () => {
    const { main, genesis, alice, stranger } = await networkHelpers.loadFixture(deployFixture)
    assert.equal(await main.read.log(), zeroAddress)
    await main.write.register([genesis.account.address], { account: alice.account })
    await viem.assertions.revertWithCustomError(
      main.write.setLog([stranger.account.address], { account: stranger.account }),
      main,
      'OwnableUnauthorizedAccount',
    )
    await viem.assertions.emitWithArgs(main.write.setLog([stranger.account.address]), main, 'LogUpdated', [
      zeroAddress,
      getAddress(stranger.account.address),
    ])
    assert.equal(await main.read.log(), getAddress(stranger.account.address))
  })

  it('rejects an unregistered referrer, a second registration and a self-referral', async () => {
    const { main, genesis, alice, bob } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.register([bob.account.address], { account: alice.account }),
      main,
      'MainReferrerNotRegistered',
      [getAddress(bob.account.address)],
    )
    await main.write.register([genesis.account.address], { account: alice.account })
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.register([genesis.account.address], { account: alice.account }),
      main,
      'MainAlreadyRegistered',
      [getAddress(alice.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.register([bob.account.address], { account: bob.account }),
      main,
      'MainSelfReferral',
      [getAddress(bob.account.address)],
    )
    // genesis is registered already, and cannot bind anyone (an account below it included)
    await viem.assertions.revertWithCustomErrorWithArgs(
      main.write.register([alice.account.address], { account: genesis.account }),
      main,
      'MainAlreadyRegistered',
      [getAddress(genesis.account.address)],
    )
  })

  it('rejects registration while paused', async () => {
    const { main, genesis, alice } = await networkHelpers.loadFixture(deployFixture)
    await main.write.pause()
    await viem.assertions.revertWithCustomError(
      main.write.register([genesis.account.address], { account: alice.account }),
      main,
      'EnforcedPause',
    )
  })

  it('walks up the tree, bounded by generations', async () => {
    const { main, genesis, alice, bob, manager } = await networkHelpers.loadFixture(deployFixture)
    await main.write.register([genesis.account.address], { account: alice.account })
    await main.write.register([alice.account.address], { account: bob.account })
    await main.write.register([bob.account.address], { account: manager.account })
    assert.deepEqual(await main.read.getReferrers([manager.account.address, 10n]), [
      getAddress(bob.account.address),
      getAddress(alice.account.address),
      getAddress(genesis.account.address),
    ])
    assert.deepEqual(await main.read.getReferrers([manager.account.address, 1n]), [getAddress(bob.account.address)])
    await main.write.setConfig([{ manager: zeroAddress, generations: 2n }])
    assert.equal((await main.read.getReferrers([manager.account.address, 10n])).length, 2)
    assert.deepEqual(await main.read.getReferrers([genesis.account.address, 10n]), [])
  })

  it('lets the owner set the manager and config within bounds, with events', async () => {
    const { main, owner, manager, stranger } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.emitWithArgs(main.write.setManager([manager.account.address]), main, 'ManagerUpdated', [
      zeroAddress,
      getAddress(manager.account.address),
    ])
    assert.deepEqual(await main.read.getConfig(), { manager: getAddress(manager.account.address), generations: 20n })
    assert.equal(await main.read.isManager([manager.account.address]), true)
    assert.equal(await main.read.isManager([owner.account.address]), true)
    assert.equal(await main.read.isManager([stranger.account.address]), false)
    await viem.assertions.emitWithArgs(
      main.write.setConfig([{ manager: manager.account.address, generations: 30n }]),
      main,
      'ConfigUpdated',
      [getAddress(manager.account.address), 30n],
    )
    for (const generations of [0n, 101n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        main.write.setConfig([{ manager: zeroAddress, generations }]),
        main,
        'ValueOutOfBounds',
        ['generations', generations, 1n, 100n],
      )
    }
  })

  it('rejects a zero genesis and a second initialization', async () => {
    const { main, implementation, owner, genesis } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.revertWithCustomError(
      main.write.initialize([
        owner.account.address,
        UPGRADE_DELAY,
        genesis.account.address,
        { manager: zeroAddress, generations: 1n },
      ]),
      main,
      'InvalidInitialization',
    )
    await viem.assertions.revertWithCustomError(
      implementation.write.initialize([
        owner.account.address,
        UPGRADE_DELAY,
        genesis.account.address,
        { manager: zeroAddress, generations: 1n },
      ]),
      implementation,
      'InvalidInitialization',
    )
    await assert.rejects(deployMain(viem, owner.account.address, zeroAddress), /MainInvalidGenesis/)
  })
})
