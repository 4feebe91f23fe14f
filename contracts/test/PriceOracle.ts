import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther } from 'viem'
import { deploySystem } from './helpers/system.ts'
import { buy, fund } from './helpers/trade.ts'

describe('PriceOracle and TokenDistributor', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deploySystem(connection)
    const oracle = await viem.deployContract('PriceOracle', [system.pair.address, 600])
    const [alice] = system.users
    await fund(system, alice)
    return { ...system, oracle, alice }
  }

  it('is not ready before one window, then averages over at least the window', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { oracle, token, usdt, pair, alice } = system
    assert.equal(await oracle.read.pair(), getAddress(pair.address))
    assert.equal(await oracle.read.window(), 600n)
    await viem.assertions.revertWithCustomError(
      oracle.read.consult([token.address, parseEther('1')]),
      oracle,
      'TwapOracleNotReady',
    )
    assert.equal(await oracle.read.spot([token.address, parseEther('1')]), parseEther('0.1'))
    assert.equal(await oracle.read.spot([usdt.address, parseEther('0.1')]), parseEther('1'))
    // too early: nothing stored
    assert.equal((await oracle.simulate.update()).result, false)
    await networkHelpers.time.increase(600)
    assert.ok((await oracle.read.consult([token.address, parseEther('1')])) <= parseEther('0.1'))
    await viem.assertions.emit(oracle.write.update(), oracle, 'PriceUpdated')
    await buy(system, alice, parseEther('50000')) // spot jumps ~2.2x
    // within the next window the stored average is used: the jump does not count
    const stored = await oracle.read.consult([token.address, parseEther('1')])
    assert.ok(stored <= parseEther('0.1') && stored > parseEther('0.0999'), `${stored}`)
    assert.ok((await oracle.read.consult([usdt.address, parseEther('0.1')])) >= parseEther('0.999'))
    // a full window at the new price moves it
    await networkHelpers.time.increase(600)
    assert.ok((await oracle.read.consult([token.address, parseEther('1')])) > parseEther('0.2'))
  })

  it('rejects a foreign token and a window out of bounds', async () => {
    const { oracle, pair, deployer } = await networkHelpers.loadFixture(fixture)
    await viem.assertions.revertWithCustomErrorWithArgs(
      oracle.read.consult([deployer.account.address, 1n]),
      oracle,
      'TwapOracleInvalidToken',
      [getAddress(pair.address), getAddress(deployer.account.address)],
    )
    await assert.rejects(viem.deployContract('PriceOracle', [pair.address, 59]), /TwapOracleWindowOutOfBounds/)
    await assert.rejects(viem.deployContract('PriceOracle', [pair.address, 86401]), /TwapOracleWindowOutOfBounds/)
  })

  it('anchors only once the pair has liquidity', async () => {
    const { factory, token, wbnb, router, deployer } = await networkHelpers.loadFixture(fixture)
    await factory.write.createPair([token.address, wbnb.address])
    const empty = await factory.read.getPair([token.address, wbnb.address])
    const oracle = await viem.deployContract('PriceOracle', [empty, 60])
    await networkHelpers.time.increase(120)
    assert.equal((await oracle.simulate.update()).result, false)
    await wbnb.write.deposit({ value: parseEther('10') })
    await wbnb.write.approve([router.address, parseEther('10')])
    await token.write.approve([router.address, parseEther('1000')])
    await router.write.addLiquidity([
      token.address,
      wbnb.address,
      parseEther('1000'),
      parseEther('10'),
      0n,
      0n,
      deployer.account.address,
      2n ** 40n,
    ])
    await oracle.write.update() // anchors now
    await viem.assertions.revertWithCustomError(oracle.read.consult([token.address, 1n]), oracle, 'TwapOracleNotReady')
    await networkHelpers.time.increase(60)
    assert.equal(await oracle.read.consult([token.address, parseEther('1')]), parseEther('0.01') - 1n)
  })

  it('lets only the token move the distributor balance', async () => {
    const { token, usdt, alice } = await networkHelpers.loadFixture(fixture)
    const distributor = await viem.getContractAt('TokenDistributor', (await token.read.getTokenAdd()).distributor)
    await viem.assertions.revertWithCustomErrorWithArgs(
      distributor.write.transfer([usdt.address, alice.account.address, 0n], { account: alice.account }),
      distributor,
      'TokenDistributorUnauthorized',
      [getAddress(alice.account.address)],
    )
  })
})
