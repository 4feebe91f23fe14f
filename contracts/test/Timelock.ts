// The deployment of scripts/deploy.ts (scripts/deploy/system.ts) hands every contract to the Timelock: its owner is
// the Timelock, the admin's key alone can no longer make an owner call, and an owner call runs only after the
// Timelock's delay, scheduled in public and cancellable.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { encodeFunctionData, getAddress, zeroAddress, zeroHash, type Address } from 'viem'
import { readDeploymentSettings } from '../config/deployment.ts'
import { deploySystem } from '../scripts/deploy/system.ts'
import { ownableAbi, TIMELOCK_OWNED, timelockCall } from '../scripts/deploy/timelock.ts'

describe('Timelock: the owner of every contract after the deployment', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const publicClient = await viem.getPublicClient()
  const [admin, stranger] = await viem.getWalletClients()
  const { contracts, timelock } = await deploySystem(connection, readDeploymentSettings(31337))
  const addresses = Object.fromEntries(Object.entries(contracts).map(([name, c]) => [name, c.address]))

  it('owns every contract; the admin is proposer and canceller, anyone executes, no extra admin', async () => {
    for (const name of TIMELOCK_OWNED) {
      const owner = await publicClient.readContract({
        address: addresses[name] as Address,
        abi: ownableAbi,
        functionName: 'owner',
      })
      assert.equal(getAddress(owner), getAddress(timelock.address), `${name} is owned by the Timelock`)
    }
    assert.equal(await timelock.read.getMinDelay(), readDeploymentSettings(31337).timelockDelay)
    const [proposer, canceller, executor, adminRole] = await Promise.all([
      timelock.read.PROPOSER_ROLE(),
      timelock.read.CANCELLER_ROLE(),
      timelock.read.EXECUTOR_ROLE(),
      timelock.read.DEFAULT_ADMIN_ROLE(),
    ])
    assert.equal(await timelock.read.hasRole([proposer, admin.account.address]), true)
    assert.equal(await timelock.read.hasRole([canceller, admin.account.address]), true)
    assert.equal(await timelock.read.hasRole([executor, zeroAddress]), true)
    assert.equal(await timelock.read.hasRole([adminRole, admin.account.address]), false)
    assert.equal(await timelock.read.hasRole([proposer, stranger.account.address]), false)
  })

  it('every upgradeable contract has the guardian parameter (locally the deployer) as its guardian', async () => {
    const expected = getAddress(readDeploymentSettings(31337).guardian ?? admin.account.address)
    for (const name of TIMELOCK_OWNED.filter((n) => n !== 'Token')) {
      const main = await viem.getContractAt('Main', addresses[name] as Address)
      assert.equal(getAddress(await main.read.guardian()), expected, `${name}'s guardian`)
    }
  })

  it('refuses owner calls from the admin key', async () => {
    const ido = await viem.getContractAt('Ido', addresses.Ido as Address)
    const token = await viem.getContractAt('Token', addresses.Token as Address)
    const double = await viem.getContractAt('Double', addresses.Double as Address)
    for (const [contract, call] of [
      [ido, () => ido.write.setMinter([admin.account.address, true])],
      [token, () => token.write.setIsFeeExempt([admin.account.address, true])],
      [double, () => double.write.withdrawExcess([addresses.USDT as Address, admin.account.address, 0n])],
    ] as const) {
      await viem.assertions.revertWithCustomErrorWithArgs(call(), contract, 'OwnableUnauthorizedAccount', [
        getAddress(admin.account.address),
      ])
    }
  })

  it('runs an owner call only after the delay; a stranger cannot schedule; the admin can cancel', async () => {
    const main = await viem.getContractAt('Main', addresses.Main as Address)
    const data = encodeFunctionData({ abi: main.abi, functionName: 'setGuardian', args: [admin.account.address] })
    const delay = await timelock.read.getMinDelay()
    await viem.assertions.revertWithCustomError(
      timelock.write.schedule([main.address, 0n, data, zeroHash, zeroHash, delay], { account: stranger.account }),
      timelock,
      'AccessControlUnauthorizedAccount',
    )
    await viem.assertions.revertWithCustomError(
      timelock.write.schedule([main.address, 0n, data, zeroHash, zeroHash, delay - 1n]),
      timelock,
      'TimelockInsufficientDelay',
    )
    await viem.assertions.emit(
      timelock.write.schedule([main.address, 0n, data, zeroHash, zeroHash, delay]),
      timelock,
      'CallScheduled',
    )
    await viem.assertions.revertWithCustomError(
      timelock.write.execute([main.address, 0n, data, zeroHash, zeroHash], { account: stranger.account }),
      timelock,
      'TimelockUnexpectedOperationState',
    )
    await networkHelpers.time.increase(Number(delay))
    await viem.assertions.emit(
      timelock.write.execute([main.address, 0n, data, zeroHash, zeroHash], { account: stranger.account }),
      timelock,
      'CallExecuted',
    )
    assert.equal(await main.read.guardian(), getAddress(admin.account.address))
    // the same through the helper the seed uses, then a cancelled one
    const salt = `0x${'01'.padStart(64, '0')}` as const
    const undo = encodeFunctionData({ abi: main.abi, functionName: 'setGuardian', args: [zeroAddress] })
    const done = await timelockCall(connection, timelock.address, [{ target: main.address, data: undo }], salt)
    assert.equal(done.executed, true)
    assert.equal(await main.read.guardian(), zeroAddress)
    await timelock.write.schedule([main.address, 0n, data, zeroHash, salt, delay])
    const id = await timelock.read.hashOperation([main.address, 0n, data, zeroHash, salt])
    await viem.assertions.emitWithArgs(timelock.write.cancel([id]), timelock, 'Cancelled', [id])
    assert.equal(await timelock.read.isOperation([id]), false)
  })
})
