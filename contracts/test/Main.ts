import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, zeroAddress } from 'viem'

describe('Main', async () => {
  const { viem, networkHelpers } = await network.create()

  async function deployFixture() {
    const [genesis, alice, bob] = await viem.getWalletClients()
    const main = await viem.deployContract('Main', [genesis.account.address])
    return { main, genesis, alice, bob }
  }

  it('registers the genesis account at deployment', async () => {
    const { main, genesis } = await networkHelpers.loadFixture(deployFixture)
    assert.deepEqual(await main.read.users([genesis.account.address]), [1n, zeroAddress])
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
  })
})
