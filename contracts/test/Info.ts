import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { decodeFunctionResult, getAddress, parseEther, toFunctionSelector, zeroAddress } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

describe('Info (one call per page)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [alice, bob, carol, stranger] = s.users
    await join(s, alice, s.deployer.account.address)
    await join(s, bob, alice.account.address)
    await join(s, carol, bob.account.address)
    await s.fomo.write.burn([1n, parseEther('1000'), true], { account: bob.account })
    await s.fomo.write.burn([1n, parseEther('500'), true], { account: carol.account })
    await s.superFomo.write.burn([1n, parseEther('2000'), true], { account: carol.account })
    await s.mining.write.deposit([1n, parseEther('1000')], { account: carol.account })
    await s.stake.write.deposit([parseEther('300'), 0n], { account: carol.account })
    return { ...s, alice, bob, carol, stranger }
  }

  it('returns everything about a user in one call, plus plug-in views', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { info, carol, bob, fomo, superFomo, mining, stake, double, usdt, token } = s
    const selector = toFunctionSelector('users(address)')
    await viem.assertions.emit(
      info.write.setSources([
        [
          { target: fomo.address, selector },
          { target: s.main.address, selector: toFunctionSelector('missing(address)') },
        ],
      ]),
      info,
      'SourcesUpdated',
    )
    const view = await info.read.getUserInfo([carol.account.address])
    assert.equal(view.referrer, getAddress(bob.account.address))
    assert.ok(view.index > 0n)
    assert.equal(view.isManager, false)
    assert.equal(view.balanceUSDT, await usdt.read.balanceOf([carol.account.address]))
    assert.equal(view.balanceNEX, await token.read.balanceOf([carol.account.address]))
    assert.deepEqual(view.fomo, await fomo.read.users([carol.account.address]))
    assert.deepEqual(view.fomoTeam, await fomo.read.teams([carol.account.address]))
    assert.deepEqual(view.superFomo, await superFomo.read.users([carol.account.address]))
    assert.deepEqual(view.mining, await mining.read.users([carol.account.address]))
    assert.deepEqual(view.stake, (await stake.read.getUserInfo([carol.account.address]))[0])
    assert.deepEqual(view.double, (await double.read.getUserInfo([carol.account.address]))[0])
    assert.equal(view.extras.length, 2)
    assert.equal(view.extras[0].ok, true)
    const decoded = decodeFunctionResult({ abi: fomo.abi, functionName: 'users', data: view.extras[0].data })
    assert.equal(decoded.amount, parseEther('500'))
    assert.equal(view.extras[1].ok, false)
    assert.equal((await info.read.getUserInfo([s.deployer.account.address])).isManager, true)
  })

  it('pages invitees, bounds lists and summarises accounts', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { info, alice, bob, carol } = s
    const [invites, total] = await info.read.getInvitesInfo([bob.account.address, 0n, 10n])
    assert.equal(total, 1n)
    assert.equal(invites[0].account, getAddress(carol.account.address))
    assert.equal(invites[0].fomoAmount, parseEther('500'))
    assert.equal(invites[0].superFomoAmount, parseEther('2000'))
    assert.equal(invites[0].miningAmount, parseEther('1000'))
    assert.equal(invites[0].stakeAmount, parseEther('300'))
    const [indirects] = await info.read.getIndirectsInfo([alice.account.address, 0n, 10n])
    assert.equal(indirects[0].account, getAddress(carol.account.address))
    assert.deepEqual(await info.read.getInvitesInfo([bob.account.address, 1n, 10n]), [[], 1n])
    const users = await info.read.getUsers([[bob.account.address, carol.account.address]])
    assert.equal(users[0].fomoTotal, parseEther('1000'))
    assert.equal(users[0].invites, 1n)
    assert.ok(users[0].doubleAmount > 0n)
    const many = Array.from({ length: 101 }, () => bob.account.address)
    await viem.assertions.revertWithCustomErrorWithArgs(info.read.getUsers([many]), info, 'InfoTooMany', [101n, 100n])
  })

  it('returns the global values and the TWAP swap value', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { info, fomo, superFomo, oracle, token, main } = s
    const values = await info.read.getValues()
    assert.deepEqual(values.fomo, await fomo.read.getValues())
    assert.deepEqual(values.superFomo, await superFomo.read.getValues())
    assert.equal(values.fomoRoundEndTime, (await fomo.read.getTotals()).roundEndTime)
    assert.equal(values.superFomoRoundIndex, 1n)
    assert.equal(values.twapPrice, await oracle.read.consult([token.address, parseEther('1')]))
    assert.equal(values.price, await oracle.read.spot([token.address, parseEther('1')]))
    assert.equal(values.totalUsers, await main.read.totalUsers())
    assert.equal(values.mintSurplus, (await s.mining.read.getConfig()).mintSurplus)
    assert.equal(
      await info.read.getSwapValue([parseEther('50')]),
      await oracle.read.consult([token.address, parseEther('50')]),
    )
    void local
  })

  it('is owner-configured (evented, bounded) and reads nothing it is not given', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { info, stranger, alice } = s
    const contracts = await info.read.getContracts()
    const empty = {
      main: zeroAddress,
      token: zeroAddress,
      usdt: zeroAddress,
      oracle: zeroAddress,
      fomo: zeroAddress,
      superFomo: zeroAddress,
      mining: zeroAddress,
      stake: zeroAddress,
      double: zeroAddress,
    }
    await viem.assertions.emitWithArgs(info.write.setContracts([empty]), info, 'ContractsUpdated', [empty])
    const view = await info.read.getUserInfo([alice.account.address])
    assert.equal(view.index, 0n)
    assert.equal(view.fomo.amount, 0n)
    assert.equal(await info.read.getSwapValue([1n]), 0n)
    assert.deepEqual(await info.read.getInvitesInfo([alice.account.address, 0n, 10n]), [[], 0n])
    await info.write.setContracts([contracts])
    const nine = Array.from({ length: 9 }, () => ({ target: alice.account.address, selector: '0x12345678' as const }))
    await viem.assertions.revertWithCustomErrorWithArgs(info.write.setSources([nine]), info, 'InfoTooMany', [9n, 8n])
    for (const call of [
      info.write.setContracts([contracts], { account: stranger.account }),
      info.write.setSources([[]], { account: stranger.account }),
    ]) {
      await viem.assertions.revertWithCustomErrorWithArgs(call, info, 'OwnableUnauthorizedAccount', [
        getAddress(stranger.account.address),
      ])
    }
    assert.deepEqual(await info.read.getSources(), [])
  })
})
