import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress } from 'viem'
import { localDefaults } from '../config/defaults.ts'
import { pairInitCodeHash, ROUTER_PAIR_INIT_CODE_HASH } from '../scripts/lib/dex.ts'
import { deploySystem } from './helpers/system.ts'

describe('Ignition deployment (ignition/modules/Nexus.ts)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const fixture = () => deploySystem(connection)

  it('uses a pair bytecode whose init-code hash the router has compiled in', () => {
    assert.equal(pairInitCodeHash(), ROUTER_PAIR_INIT_CODE_HASH)
  })

  it('deploys and wires Main, Log, Token, USDT and the DEX', async () => {
    const { main, log, token, usdt, router, factory, pair, wbnb, deployer } = await networkHelpers.loadFixture(fixture)
    assert.equal(await main.read.genesis(), getAddress(deployer.account.address))
    assert.equal(await main.read.owner(), getAddress(deployer.account.address))
    assert.equal(await log.read.isWriter([deployer.account.address]), true)
    assert.equal(await log.read.dayTimes(), localDefaults.log.dayTimes)
    assert.equal(await router.read.factory(), getAddress(factory.address))
    assert.equal(await router.read.WETH(), getAddress(wbnb.address))
    assert.equal(await factory.read.getPair([token.address, usdt.address]), getAddress(pair.address))
    const added = await token.read.getTokenAdd()
    assert.equal(added.swapPair, getAddress(pair.address))
    assert.equal(added.usdt, getAddress(usdt.address))
    assert.equal(await usdt.read.decimals(), 18)
    assert.equal(await token.read.totalSupply(), 21_000_000n * 10n ** 18n)
    // the router computes the same pair address as the factory (init-code hash)
    const amounts = await router.read.getAmountsOut([10n ** 18n, [token.address, usdt.address]])
    assert.ok(amounts[1] > 0n)
    assert.equal(await token.read.balanceOf([pair.address]), localDefaults.liquidityNex)
    assert.equal(await usdt.read.balanceOf([pair.address]), localDefaults.liquidityUsdt)
    assert.equal(await token.read.getPrice(), 10n ** 17n)
  })
})
