// The manager role of SPEC.md §6 (issue 19): accounts for which Main.isManager holds (Main's owner, the Timelock,
// or the manager in Main's config) may make the operational calls, within bounds and at once; everyone else is
// refused with NexusNotManager. Checked on the deployment of scripts/deploy.ts after the hand-over to the Timelock,
// where the manager is set through the Timelock.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { encodeFunctionData, getAddress, type Address } from 'viem'
import { readDeploymentSettings } from '../config/deployment.ts'
import { deploySystem } from '../scripts/deploy/system.ts'
import { timelockCall } from '../scripts/deploy/timelock.ts'

const DAY = 86_400n
const MAX_ROUND_NOTICE = 90n * DAY

describe('Managers: operational settings within bounds, at once', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const publicClient = await viem.getPublicClient()
  const [admin, manager, stranger] = await viem.getWalletClients()
  const { contracts, timelock } = await deploySystem(connection, readDeploymentSettings(31337))
  const at = (name: string) => {
    const deployed = contracts[name]
    assert.ok(deployed, `${name} is deployed`)
    return deployed.address as Address
  }
  const main = await viem.getContractAt('Main', at('Main'))
  const stake = await viem.getContractAt('Stake', at('Stake'))
  const ido = await viem.getContractAt('Ido', at('Ido'))
  await timelockCall(connection, timelock.address, [
    {
      target: main.address,
      data: encodeFunctionData({ abi: main.abi, functionName: 'setManager', args: [manager.account.address] }),
    },
  ])
  const now = async () => (await publicClient.getBlock()).timestamp
  const stakeRound = async (index: bigint) => {
    const found = (await stake.read.getIdos())[Number(index)]
    assert.ok(found, `Stake round ${index} exists`)
    return found
  }
  // past the TWAP window, so that deposits have a price
  await networkHelpers.time.increase(3_600)
  const snapshot = await networkHelpers.takeSnapshot()
  const baseTime = await now()
  // Every test starts at the snapshot's time, not the wall clock's: the deployment is made when the test files load,
  // and on a slow machine this file runs long enough later for IDO round 0 (an hour, then 600 s of cool-down) to end,
  // which would make round 1 the current round.
  const base = {
    restore: async () => {
      await snapshot.restore()
      await networkHelpers.time.setNextBlockTimestamp(baseTime + 1n)
    },
  }

  it('Main says who is a manager: the configured manager and the Timelock, not the admin key', async () => {
    assert.equal(await main.read.isManager([manager.account.address]), true)
    assert.equal(await main.read.isManager([timelock.address]), true)
    assert.equal(await main.read.isManager([admin.account.address]), false)
    assert.equal(await main.read.isManager([stranger.account.address]), false)
  })

  it('Stake.setRoundStart: a manager schedules a later round at once; others are refused; bounds hold', async () => {
    await base.restore()
    const { round } = await stake.read.getConfig()
    const next = round + 1n
    const start = (await now()) + 3n * DAY
    await viem.assertions.emitWithArgs(
      stake.write.setRoundStart([next, start], { account: manager.account }),
      stake,
      'RoundScheduled',
      [next, start, getAddress(manager.account.address)],
    )
    assert.equal((await stakeRound(next)).startTime, start)
    for (const wallet of [admin, stranger]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        stake.write.setRoundStart([next, start + 1n], { account: wallet.account }),
        stake,
        'NexusNotManager',
        [getAddress(wallet.account.address)],
      )
    }
    // not in the past, not more than MAX_ROUND_NOTICE ahead
    const t = (await now()) + 1n
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setRoundStart([next, t - 2n], { account: manager.account }),
      stake,
      'ValueOutOfBounds',
      ['startTime', t - 2n, t, t + MAX_ROUND_NOTICE],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setRoundStart([next, t + 1n + MAX_ROUND_NOTICE], { account: manager.account }),
      stake,
      'ValueOutOfBounds',
      ['startTime', t + 1n + MAX_ROUND_NOTICE, t, t + MAX_ROUND_NOTICE],
    )
    // the current round is open (start 0): a manager cannot close it by moving its start
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setRoundStart([round, start], { account: manager.account }),
      stake,
      'StakeRoundNotSchedulable',
      [round, (await stakeRound(round)).startTime],
    )
    const count = BigInt((await stake.read.getIdos()).length)
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setRoundStart([count, start], { account: manager.account }),
      stake,
      'StakeInvalidRound',
      [count, count],
    )
    // a manager changes no money terms: setIdo stays the owner's (the Timelock's)
    const ido0 = await stakeRound(next)
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setIdo([next, { ...ido0, idoRate: 0n }], { account: manager.account }),
      stake,
      'OwnableUnauthorizedAccount',
      [getAddress(manager.account.address)],
    )
  })

  it('Stake.setRoundStart: the current round, before it opens, may only be postponed', async () => {
    await base.restore()
    const { round } = await stake.read.getConfig()
    const start = (await now()) + 2n * DAY
    // the Timelock (a manager: Main's owner) moves the next round, then the current one fills into it
    const current = await stakeRound(round)
    await timelockCall(connection, timelock.address, [
      {
        target: stake.address,
        data: encodeFunctionData({
          abi: stake.abi,
          functionName: 'setIdo',
          args: [round, { ...current, idoMax: current.idoTotal > 0n ? current.idoTotal : current.idoMin }],
        }),
      },
    ])
    await stake.write.setRoundStart([round + 1n, start + 10n * DAY], { account: manager.account })
    const filler = stranger
    await main.write.register([admin.account.address], { account: filler.account })
    const usdt = await viem.getContractAt('LocalUSDT', at('USDT'))
    const left = await stakeRound(round)
    const amount = left.idoMax - left.idoTotal
    if (amount > 0n) {
      await usdt.write.mint([filler.account.address, amount])
      await usdt.write.approve([stake.address, amount], { account: filler.account })
      await stake.write.deposit([amount, 0n], { account: filler.account })
    }
    const { round: now1 } = await stake.read.getConfig()
    assert.equal(now1, round + 1n)
    const scheduled = (await stakeRound(now1)).startTime
    await viem.assertions.revertWithCustomErrorWithArgs(
      stake.write.setRoundStart([now1, scheduled - 1n], { account: manager.account }),
      stake,
      'StakeRoundNotSchedulable',
      [now1, scheduled],
    )
    await stake.write.setRoundStart([now1, scheduled + DAY], { account: manager.account })
    assert.equal((await stakeRound(now1)).startTime, scheduled + DAY)
  })

  it('Ido.setRoundStart: a manager schedules a configured later round; not an unset or started one', async () => {
    await base.restore()
    const state = await ido.read.getRoundState()
    const next = state.round + 1n
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.setRoundStart([next, (await now()) + DAY], { account: manager.account }),
      ido,
      'IdoRoundLocked',
      [next],
    )
    await timelockCall(connection, timelock.address, [
      {
        target: ido.address,
        data: encodeFunctionData({
          abi: ido.abi,
          functionName: 'setIdo',
          args: [next, 5n, 10n ** 18n, 10n ** 18n, (await now()) + 30n * DAY],
        }),
      },
    ])
    const start = (await now()) + 20n * DAY
    await viem.assertions.emitWithArgs(
      ido.write.setRoundStart([next, start], { account: manager.account }),
      ido,
      'RoundScheduled',
      [next, start, getAddress(manager.account.address)],
    )
    for (const wallet of [admin, stranger]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        ido.write.setRoundStart([next, start], { account: wallet.account }),
        ido,
        'NexusNotManager',
        [getAddress(wallet.account.address)],
      )
    }
    const t = (await now()) + 1n
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.setRoundStart([next, t + MAX_ROUND_NOTICE + 1n], { account: manager.account }),
      ido,
      'ValueOutOfBounds',
      ['startTime', t + MAX_ROUND_NOTICE + 1n, t, t + MAX_ROUND_NOTICE],
    )
    // the current round has started: it cannot be moved
    if (state.startTime !== 0n && state.startTime <= (await now())) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        ido.write.setRoundStart([state.round, (await now()) + DAY], { account: manager.account }),
        ido,
        'IdoRoundLocked',
        [state.round],
      )
    }
  })
})
