// The Chainlink Automation upkeeps (checkUpkeep/performUpkeep) of Token and Mining: due/not due, bounded work,
// safe for anyone (the caller gets nothing), and a manipulated price makes a conversion revert rather than sell
// cheap. The fee conversion's split is checked to the wei against a computation here.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { encodeAbiParameters, getAddress, parseEther, parseEventLogs } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { localDefaults, tokenMultiDefaults } from '../config/defaults.ts'
import { deployContractsIISystem } from './helpers/contractsII.ts'
import { buy, fund, sell } from './helpers/trade.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

const BPS = 10_000n
const BURN_POOL = 1
const SWAP_AND_LIQUIFY = 2
const SWAP_AND_TRANS = 3
const task = (n: number) => encodeAbiParameters([{ type: 'uint8' }], [n])

describe('Token upkeeps (Chainlink AutomationCompatibleInterface)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deployContractsIISystem(connection)
    const [alice, bob, keeper] = system.users.slice(-3)
    await fund(system, alice)
    await fund(system, bob, parseEther('1000000'))
    return { ...system, alice, bob, keeper }
  }
  type System = Awaited<ReturnType<typeof fixture>>

  /** Runs the burn that is due on a fresh deployment, so the fee tasks come next. */
  async function afterFirstBurn(system: System) {
    await system.token.write.performUpkeep([task(BURN_POOL)], { account: system.keeper.account })
  }

  it('the pool burn is due once per burnTime, pays the caller nothing and is refused when not due', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, pair, keeper } = system
    assert.deepEqual(await token.read.checkUpkeep(['0x']), [true, task(BURN_POOL)])
    const pairBefore = await token.read.balanceOf([pair.address])
    const burned = (pairBefore * tokenMultiDefaults.burnRate) / BPS
    await viem.assertions.emitWithArgs(
      token.write.performUpkeep([task(BURN_POOL)], { account: keeper.account }),
      token,
      'PoolBurned',
      [getAddress(keeper.account.address), burned, 0n],
    )
    assert.equal(await token.read.balanceOf([keeper.account.address]), 0n)
    assert.equal(await token.read.balanceOf([pair.address]), pairBefore - burned)
    assert.deepEqual(await token.read.checkUpkeep(['0x']), [false, '0x'])
    for (const n of [BURN_POOL, SWAP_AND_LIQUIFY, SWAP_AND_TRANS]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        token.write.performUpkeep([task(n)], { account: keeper.account }),
        token,
        'TokenUpkeepNotDue',
        [n],
      )
    }
    await viem.assertions.revertWithCustomErrorWithArgs(
      token.write.performUpkeep([task(9)]),
      token,
      'TokenUnknownUpkeep',
      [9],
    )
    await networkHelpers.time.increase(Number(localDefaults.token.burnTime) - 5)
    assert.deepEqual(await token.read.checkUpkeep(['0x']), [false, '0x'])
    await networkHelpers.time.increase(5)
    assert.deepEqual(await token.read.checkUpkeep(['0x']), [true, task(BURN_POOL)])
  })

  it('converts the sell and buy fees: NFT dividends, burn pool (its share + the whole NEX fee) and market to the wei', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, usdt, alice, keeper, publicClient } = system
    await afterFirstBurn(system)
    await buy(system, alice, parseEther('2500'))
    await sell(system, alice, await token.read.balanceOf([alice.account.address]))
    const [, trans, burnFee] = await token.read.getSwapBalances()
    assert.ok(burnFee > 0n && trans > 0n)
    assert.deepEqual(await token.read.checkUpkeep(['0x']), [true, task(SWAP_AND_TRANS)])
    const config = await token.read.getConfig()
    const holders = [config.nft, config.burn, config.market, config.distributor] as const
    const before = await Promise.all(holders.map((a) => usdt.read.balanceOf([a])))
    const burnTotalsBefore = await system.burn.read.totalInfo()
    const hash = await token.write.performUpkeep([task(SWAP_AND_TRANS)], { account: keeper.account })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const [swapped] = parseEventLogs({ abi: token.abi, logs: receipt.logs, eventName: 'SwapAndTrans' })
    const { tokensSwapped, usdtReceived } = swapped.args
    assert.equal(tokensSwapped, trans + burnFee) // under the cap: everything in one go
    // the NEX fee's USDT goes whole to the burn contract; the rest is split nft / burn / market
    const burnFeeUsdt = (usdtReceived * burnFee) / tokensSwapped
    const split = before[3] + usdtReceived - burnFeeUsdt
    assert.ok(split >= localDefaults.token.sendMin)
    const nftShare = (split * tokenMultiDefaults.nftShare) / BPS
    const burnShare = (split * tokenMultiDefaults.burnShare) / BPS
    const after = await Promise.all(holders.map((a) => usdt.read.balanceOf([a])))
    assert.equal(after[0] - before[0], nftShare, 'NFT dividends')
    assert.equal(after[1] - before[1], burnShare + burnFeeUsdt, 'burn contract')
    assert.equal(after[2] - before[2], split - nftShare - burnShare, 'market wallet')
    assert.equal(after[3], 0n, 'distributor emptied')
    // the burn contract accounted it into its dividend pool through the fee hook
    const burnTotals = await system.burn.read.totalInfo()
    assert.equal(burnTotals.lastBalance - burnTotalsBefore.lastBalance, burnShare + burnFeeUsdt)
    assert.deepEqual(await token.read.getSwapBalances(), [(await token.read.getSwapBalances())[0], 0n, 0n])
    assert.equal(await usdt.read.balanceOf([keeper.account.address]), 0n)
    // the NEX fee is not the token's excess: the owner cannot take it
    assert.equal(await token.read.balanceOf([token.address]), (await token.read.getSwapBalances())[0])
  })

  it('sells at most MAX_SWAP_SHARE of the pair per call and stays due for the rest', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, pair, bob, keeper, publicClient } = system
    await afterFirstBurn(system)
    await buy(system, bob, parseEther('40000'))
    await networkHelpers.time.increase(Number(tokenMultiDefaults.oracleWindow))
    const [, trans] = await token.read.getSwapBalances()
    const cap = ((await token.read.balanceOf([pair.address])) * (await token.read.MAX_SWAP_SHARE())) / BPS
    assert.ok(trans > cap, `${trans} > ${cap}`)
    const hash = await token.write.performUpkeep([task(SWAP_AND_TRANS)], { account: keeper.account })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const [swapped] = parseEventLogs({ abi: token.abi, logs: receipt.logs, eventName: 'SwapAndTrans' })
    assert.equal(swapped.args.tokensSwapped, cap)
    assert.deepEqual(await token.read.checkUpkeep(['0x']), [true, task(SWAP_AND_TRANS)])
  })

  it('a price pushed below the TWAP makes the conversion revert instead of selling cheap (sandwich)', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, bob, keeper } = system
    await afterFirstBurn(system)
    await buy(system, bob, parseEther('20000'))
    await networkHelpers.time.increase(Number(tokenMultiDefaults.oracleWindow))
    await token.write.updatePrice()
    // the attacker dumps right before the keeper's transaction
    await sell(system, bob, (await token.read.balanceOf([bob.account.address])) / 2n)
    await viem.assertions.revertWith(
      token.write.performUpkeep([task(SWAP_AND_TRANS)], { account: keeper.account }),
      'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT',
    )
  })

  it('swapAndLiquify is due once the liquidity fee reaches autoSwapMin and the TWAP is ready', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, bob, keeper } = system
    await afterFirstBurn(system)
    await buy(system, bob, parseEther('30000'))
    await sell(system, bob, await token.read.balanceOf([bob.account.address]))
    const [liquidity] = await token.read.getSwapBalances()
    assert.ok(liquidity >= localDefaults.token.autoSwapMin, `${liquidity}`)
    assert.deepEqual(await token.read.checkUpkeep(['0x']), [true, task(SWAP_AND_LIQUIFY)])
    const lpBefore = (await token.read.getInfo()).lpBalance
    await viem.assertions.emit(
      token.write.performUpkeep([task(SWAP_AND_LIQUIFY)], { account: keeper.account }),
      token,
      'SwapAndLiquify',
    )
    assert.ok((await token.read.getInfo()).lpBalance > lpBefore)
    assert.equal(await token.read.balanceOf([keeper.account.address]), 0n)
  })
})

describe('Mining upkeep (daily pool update)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const { time } = networkHelpers

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [alice, keeper] = s.users
    await join(s, alice, s.deployer.account.address)
    return { ...s, alice, keeper }
  }

  it('is due a day after the last update while stakers have force, and books the emission once', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { mining, alice, keeper } = s
    // no force: nothing to emit, however long
    await time.increase(Number(local.mining.dayTimes) * 2)
    assert.deepEqual(await mining.read.checkUpkeep(['0x']), [false, '0x'])
    await viem.assertions.revertWithCustomError(
      mining.write.performUpkeep(['0x'], { account: keeper.account }),
      mining,
      'MiningUpkeepNotDue',
    )
    await mining.write.deposit([0n, parseEther('1000')], { account: alice.account })
    const start = (await mining.read.getTotals()).lastTime
    await time.increase(Number(local.mining.dayTimes) - 5)
    assert.deepEqual(await mining.read.checkUpkeep(['0x']), [false, '0x'])
    await time.increaseTo(start + local.mining.dayTimes)
    assert.deepEqual(await mining.read.checkUpkeep(['0x']), [true, '0x'])
    const minted = (await mining.read.getTotals()).totalMint
    await viem.assertions.emit(mining.write.performUpkeep(['0x'], { account: keeper.account }), mining, 'PoolUpdated')
    const totals = await mining.read.getTotals()
    // one day and one second (the block of the update) of emission at mintDay per day, as the accumulator gives it
    // out: ceil(floor(emission * 1e18 / force) * force / 1e18) (the rounding stays in the budget)
    const emission = ((totals.lastTime - start) * local.mining.mintDay) / local.mining.dayTimes
    const P = 10n ** 18n
    const inc = (emission * P) / totals.totalForce
    assert.equal(totals.totalMint - minted, (inc * totals.totalForce + P - 1n) / P)
    assert.deepEqual(await mining.read.checkUpkeep(['0x']), [false, '0x'])
    await viem.assertions.revertWithCustomErrorWithArgs(
      mining.write.performUpkeep(['0x'], { account: keeper.account }),
      mining,
      'MiningUpkeepNotDue',
      [totals.lastTime + local.mining.dayTimes],
    )
  })
})
