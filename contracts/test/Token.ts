import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther, zeroAddress } from 'viem'
import { localDefaults, tokenMultiDefaults } from '../config/defaults.ts'
import { deploySystem } from './helpers/system.ts'
import { buy, fund, sell } from './helpers/trade.ts'

const BPS = 10_000n

describe('Token (NEX)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deploySystem(connection)
    const [alice, bob, market] = system.users
    await fund(system, alice)
    await fund(system, bob)
    return { ...system, alice, bob, market }
  }

  /** Settings as `setConfig` takes them, from the current config with `changes` applied. */
  async function settings(system: Awaited<ReturnType<typeof fixture>>, changes: Record<string, unknown> = {}) {
    const c = await system.token.read.getConfig()
    return {
      openTime: c.openTime,
      buyRate: c.buyRate,
      addPoolRate: c.addPoolRate,
      feeUSDT: c.feeUSDT,
      feeNex: c.feeNex,
      autoSwapMin: c.autoSwapMin,
      burnTime: c.burnTime,
      burnMin: c.burnMin,
      dividendGas: c.dividendGas,
      burnReward: c.burnReward,
      sendMin: c.sendMin,
      whiteTime: c.whiteTime,
      market: c.market,
      burn: c.burn,
      nft: c.nft,
      ido: c.ido,
      ...changes,
    } as Parameters<typeof system.token.write.setConfig>[0][0]
  }

  it('exposes the SPEC §3 config, the extra config and the token info', async () => {
    const { token, pair, deployer } = await networkHelpers.loadFixture(fixture)
    const config = await token.read.getConfig()
    assert.equal(config.buyRate, localDefaults.token.buyRate)
    assert.equal(config.feeUSDT, localDefaults.token.feeUSDT)
    assert.equal(config.swapPair, getAddress(pair.address))
    assert.equal(config.market, getAddress(deployer.account.address))
    assert.ok(config.startBlock > 0n)
    assert.notEqual(config.distributor, zeroAddress)
    assert.deepEqual(await token.read.getConfigMulti(), localDefaults.tokenMulti)
    assert.equal(await token.read.getAutoSwapMin(), localDefaults.token.autoSwapMin)
    const info = await token.read.getInfo()
    assert.equal(info.totalSupply, 21_000_000n * 10n ** 18n)
    assert.equal(info.burnAmount, 0n)
    assert.equal(info.price, parseEther('0.1'))
    assert.equal(info.lpBalance, 0n)
    assert.equal(await token.read.symbol(), 'NEX')
    assert.equal(await token.read.decimals(), 18)
  })

  it('takes the buy fee for swapAndTrans and emits FeesTaken', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, alice } = system
    const hash = await buy(system, alice, parseEther('1000'))
    const received = await token.read.balanceOf([alice.account.address])
    const [, trans] = await token.read.getSwapBalances()
    // fee + received = what the pair sent; the fee is 3 % of it
    assert.equal(trans, ((received + trans) * localDefaults.token.buyRate) / BPS)
    const events = await token.getEvents.FeesTaken(
      {},
      { blockHash: (await system.publicClient.getTransactionReceipt({ hash })).blockHash },
    )
    assert.equal(events.length, 1)
    assert.deepEqual(events[0].args, {
      account: getAddress(alice.account.address),
      isBuy: true,
      liquidityFee: 0n,
      transFee: trans,
      nexFee: 0n,
    })
  })

  it('splits the sell fee: liquidity, trans and NEX for the burn contract (market when unset)', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, alice, deployer } = system
    await buy(system, alice, parseEther('1000'))
    const [, transBefore] = await token.read.getSwapBalances()
    const amount = parseEther('1000')
    const marketBefore = await token.read.balanceOf([deployer.account.address])
    await viem.assertions.emitWithArgs(sell(system, alice, amount), token, 'FeesTaken', [
      getAddress(alice.account.address),
      false,
      (amount * localDefaults.token.addPoolRate) / BPS,
      (amount * localDefaults.token.feeUSDT) / BPS,
      (amount * localDefaults.token.feeNex) / BPS,
    ])
    const [liquidity, trans] = await token.read.getSwapBalances()
    assert.equal(liquidity, (amount * localDefaults.token.addPoolRate) / BPS)
    assert.equal(trans - transBefore, (amount * localDefaults.token.feeUSDT) / BPS)
    assert.equal(
      (await token.read.balanceOf([deployer.account.address])) - marketBefore,
      (amount * localDefaults.token.feeNex) / BPS,
    )
    // with a burn contract set, the NEX fee stays in the token, counted for the burn contract
    const receiver = await viem.deployContract('FeeReceiverMock', [false])
    await token.write.setConfig([await settings(system, { burn: receiver.address })])
    await sell(system, alice, amount)
    const [, , burnFee] = await token.read.getSwapBalances()
    assert.equal(burnFee, (amount * localDefaults.token.feeNex) / BPS)
    assert.equal(await token.read.balanceOf([receiver.address]), 0n)
  })

  it('charges no fee on plain transfers nor for exempt accounts', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, alice, bob, deployer } = system
    await buy(system, alice, parseEther('100'))
    const balance = await token.read.balanceOf([alice.account.address])
    await token.write.transfer([bob.account.address, balance], { account: alice.account })
    assert.equal(await token.read.balanceOf([bob.account.address]), balance)
    await viem.assertions.emitWithArgs(
      token.write.setIsFeeExempt([bob.account.address, true]),
      token,
      'FeeExemptUpdated',
      [getAddress(bob.account.address), true],
    )
    assert.equal(await token.read.isFeeExempt([bob.account.address]), true)
    const [, transBefore] = await token.read.getSwapBalances()
    await sell(system, bob, balance)
    const [, transAfter] = await token.read.getSwapBalances()
    assert.equal(transAfter, transBefore)
    assert.equal(await token.read.isFeeExempt([deployer.account.address]), true)
  })

  it('untaxes a transfer by allowance into the pair only when the spender is fee-exempt and not the router', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, pair, router, alice, bob, market } = system
    await buy(system, alice, parseEther('1000'))
    const amount = parseEther('100')
    await token.write.approve([bob.account.address, 2n ** 255n], { account: alice.account })
    const moveToPair = () =>
      token.write.transferFrom([alice.account.address, pair.address, amount], { account: bob.account })
    const pairGets = async (move: () => Promise<`0x${string}`>) => {
      const before = await token.read.balanceOf([pair.address])
      await move()
      return (await token.read.balanceOf([pair.address])) - before
    }
    const { addPoolRate, feeUSDT, feeNex } = localDefaults.token
    const sellFee = [addPoolRate, feeUSDT, feeNex].reduce((sum, rate) => sum + (amount * rate) / BPS, 0n)
    assert.ok(sellFee > 0n, 'the token takes a sell fee')
    // a spender that is not exempt: the payer's sale, taxed
    await viem.assertions.emitWithArgs(moveToPair(), token, 'FeesTaken', [
      getAddress(alice.account.address),
      false,
      (amount * localDefaults.token.addPoolRate) / BPS,
      (amount * localDefaults.token.feeUSDT) / BPS,
      (amount * localDefaults.token.feeNex) / BPS,
    ])
    assert.equal(await pairGets(moveToPair), amount - sellFee)
    // the payer's own transfer into the pair stays taxed whoever else is exempt
    await token.write.setIsFeeExempt([bob.account.address, true])
    assert.equal(
      await pairGets(() => token.write.transfer([pair.address, amount], { account: alice.account })),
      amount - sellFee,
    )
    // an exempt spender moves the payer's NEX as its own: untaxed, and its allowance is spent
    const allowance = await token.read.allowance([alice.account.address, bob.account.address])
    const [, transBefore] = await token.read.getSwapBalances()
    assert.equal(await pairGets(moveToPair), amount)
    assert.equal(await token.read.allowance([alice.account.address, bob.account.address]), allowance - amount)
    assert.equal((await token.read.getSwapBalances())[1], transBefore)
    // not beyond its allowance
    await token.write.approve([bob.account.address, amount - 1n], { account: alice.account })
    await viem.assertions.revertWithCustomError(moveToPair(), token, 'ERC20InsufficientAllowance')
    // an exempt spender's transfer by allowance elsewhere is a plain transfer, as before
    await token.write.approve([bob.account.address, amount], { account: alice.account })
    await token.write.transferFrom([alice.account.address, market.account.address, amount], { account: bob.account })
    assert.equal(await token.read.allowance([alice.account.address, bob.account.address]), 0n)
    // the router's sales for others stay taxed even when the router is made exempt
    await token.write.setIsFeeExempt([router.address, true])
    await viem.assertions.emit(sell(system, alice, amount), token, 'FeesTaken')
  })

  async function closedFixture() {
    const system = await deploySystem(connection, { openTime: 0n })
    const [alice, bob, market] = system.users
    await system.token.write.transfer([alice.account.address, parseEther('1000')])
    return { ...system, alice, bob, market }
  }

  it('rejects trades before openTime and non-whitelisted buys during whiteTime', async () => {
    const system = await networkHelpers.loadFixture(closedFixture)
    const { token, pair, alice, bob } = system
    const now = BigInt(await networkHelpers.time.latest())
    await token.write.setConfig([await settings(system, { openTime: now + 1000n, whiteTime: 600n })])
    await viem.assertions.revertWithCustomErrorWithArgs(
      token.write.transfer([pair.address, 1n], { account: alice.account }),
      token,
      'TokenTradingNotOpen',
      [now + 1000n],
    )
    await networkHelpers.time.increaseTo(now + 1000n)
    await networkHelpers.impersonateAccount(pair.address)
    await networkHelpers.setBalance(pair.address, parseEther('1'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      token.write.transfer([bob.account.address, 1n], { account: pair.address }),
      token,
      'TokenNotWhitelisted',
      [getAddress(bob.account.address)],
    )
    await viem.assertions.emitWithArgs(
      token.write.setWhitelist([bob.account.address, true]),
      token,
      'WhitelistUpdated',
      [getAddress(bob.account.address), true],
    )
    assert.equal(await token.read.isWhitelisted([bob.account.address]), true)
    await token.write.transfer([bob.account.address, 1000n], { account: pair.address })
    await networkHelpers.time.increase(600)
    await token.write.transfer([alice.account.address, 1000n], { account: pair.address })
  })

  it('never closes trading once open, nor restarts a whitelist period (finding 6: a honeypot switch)', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, alice } = system
    const { openTime, whiteTime } = await token.read.getConfig()
    assert.ok(openTime > 0n && openTime <= BigInt(await networkHelpers.time.latest()))
    for (const changes of [{ openTime: 0n }, { openTime: 2n ** 40n }, { whiteTime: 600n }]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        token.write.setConfig([await settings(system, changes)]),
        token,
        'TokenTradingAlreadyOpen',
        [openTime],
      )
    }
    // other settings still change within their bounds, and selling goes on
    await buy(system, alice, parseEther('100'))
    await token.write.setConfig([await settings(system, { buyRate: 100n })])
    assert.equal((await token.read.getConfig()).whiteTime, whiteTime)
    await sell(system, alice, parseEther('1'))
  })

  it('enforces the bounds of every setting', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token } = system
    type BoundError = 'FeeMathRateTooHigh' | 'ValueOutOfBounds' | 'TokenInvalidAddress'
    const cases: [
      Record<string, unknown>,
      BoundError,
      [bigint, bigint] | [string, bigint, bigint, bigint] | [`0x${string}`],
    ][] = [
      [{ buyRate: 1001n }, 'FeeMathRateTooHigh', [1001n, 1000n]],
      [{ addPoolRate: 400n, feeUSDT: 400n, feeNex: 201n }, 'FeeMathRateTooHigh', [1001n, 1000n]],
      [{ burnReward: 1n }, 'FeeMathRateTooHigh', [1n, 0n]],
      [{ burnTime: 3599n }, 'ValueOutOfBounds', ['burnTime', 3599n, 3600n, 30n * 86400n]],
      [{ burnTime: 30n * 86400n + 1n }, 'ValueOutOfBounds', ['burnTime', 30n * 86400n + 1n, 3600n, 30n * 86400n]],
      [{ dividendGas: 1_000_001n }, 'ValueOutOfBounds', ['dividendGas', 1_000_001n, 0n, 1_000_000n]],
      [{ whiteTime: 86401n }, 'ValueOutOfBounds', ['whiteTime', 86401n, 0n, 86400n]],
      [{ market: zeroAddress }, 'TokenInvalidAddress', [zeroAddress]],
    ]
    for (const [changes, error, args] of cases) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        token.write.setConfig([await settings(system, changes)]),
        token,
        error,
        args,
      )
    }
    const good = await settings(system, { buyRate: 1000n })
    await viem.assertions.emit(token.write.setConfig([good]), token, 'ConfigUpdated')
    assert.equal((await token.read.getConfig()).buyRate, 1000n)

    const multi = { ...tokenMultiDefaults }
    const multiCases: [Record<string, bigint>, BoundError, [bigint, bigint] | [string, bigint, bigint, bigint]][] = [
      [{ burnRate: 51n }, 'FeeMathRateTooHigh', [51n, 50n]],
      [{ nftShare: 6000n, burnShare: 4001n }, 'FeeMathRateTooHigh', [10001n, 10000n]],
      [{ swapSlippage: 1001n }, 'FeeMathRateTooHigh', [1001n, 1000n]],
      [{ oracleWindow: 59n }, 'ValueOutOfBounds', ['oracleWindow', 59n, 60n, 86400n]],
      [{ oracleWindow: 86401n }, 'ValueOutOfBounds', ['oracleWindow', 86401n, 60n, 86400n]],
    ]
    for (const [changes, error, args] of multiCases) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        token.write.setConfigMulti([{ ...multi, ...changes }]),
        token,
        error,
        args,
      )
    }
    await viem.assertions.emit(token.write.setConfigMulti([{ ...multi, burnRate: 50n }]), token, 'ConfigMultiUpdated')
  })

  it('swapAndTrans: needs autoSwapMin and a ready TWAP, sells within the slippage and pays the split', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, usdt, alice, deployer } = system
    await viem.assertions.revertWithCustomErrorWithArgs(token.write.swapAndTrans(), token, 'TokenBelowAutoSwapMin', [
      0n,
      localDefaults.token.autoSwapMin,
    ])
    await buy(system, alice, parseEther('5000')) // 3 % of ~45,000 NEX kept
    const [, trans] = await token.read.getSwapBalances()
    assert.ok(trans >= localDefaults.token.autoSwapMin)
    // the TWAP is anchored at deployment but no full window has passed yet
    await viem.assertions.revertWithCustomError(token.write.swapAndTrans(), token, 'TwapOracleNotReady')
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    const twap = await token.read.getSwapValue([trans])
    const marketBefore = await usdt.read.balanceOf([deployer.account.address])
    await viem.assertions.emit(token.write.swapAndTrans(), token, 'SwapAndTrans')
    const paid = (await usdt.read.balanceOf([deployer.account.address])) - marketBefore
    // nft and burn are unset, so the market gets everything; at least the TWAP value less the slippage
    assert.ok(paid >= twap - (twap * localDefaults.tokenMulti.swapSlippage) / BPS, `${paid} vs ${twap}`)
    assert.deepEqual(await token.read.getSwapBalances(), [0n, 0n, 0n])
  })

  it('swapAndTrans pays nft and burn shares and calls their hooks with bounded gas', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, usdt, alice } = system
    const receiver = await viem.deployContract('FeeReceiverMock', [false])
    const failing = await viem.deployContract('FeeReceiverMock', [true])
    await token.write.setConfig([await settings(system, { nft: receiver.address, burn: failing.address })])
    await buy(system, alice, parseEther('5000'))
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await token.write.swapAndTrans()
    const nftPaid = await usdt.read.balanceOf([receiver.address])
    const burnPaid = await usdt.read.balanceOf([failing.address])
    assert.ok(nftPaid > 0n && burnPaid > 0n)
    assert.equal(await receiver.read.received(), nftPaid) // the hook ran
    assert.equal(await failing.read.received(), 0n) // a failing hook does not block the payout
    assert.equal((nftPaid * tokenMultiDefaults.burnShare) / tokenMultiDefaults.nftShare, burnPaid)
  })

  it('swapAndLiquify adds the kept NEX to the pool and locks the LP tokens', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, alice } = system
    await buy(system, alice, parseEther('20000'))
    await sell(system, alice, await token.read.balanceOf([alice.account.address]))
    const [liquidity] = await token.read.getSwapBalances()
    assert.ok(liquidity >= localDefaults.token.autoSwapMin, `${liquidity}`)
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await viem.assertions.emit(token.write.swapAndLiquify(), token, 'SwapAndLiquify')
    assert.ok((await token.read.getInfo()).lpBalance > 0n)
    const [left] = await token.read.getSwapBalances()
    assert.ok(left < liquidity / 100n, `left ${left}`)
  })

  it('swapBurn buys NEX with the caller USDT and burns it', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, usdt, alice } = system
    await viem.assertions.revertWithCustomError(token.write.swapBurn([0n]), token, 'TokenZeroAmount')
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    await usdt.write.approve([token.address, parseEther('100')], { account: alice.account })
    await viem.assertions.emit(
      token.write.swapBurn([parseEther('100')], { account: alice.account }),
      token,
      'SwapBurned',
    )
    const burned = (await token.read.getInfo()).burnAmount
    // ~1,000 NEX at 0.1 USDT, less the pool fee and price impact
    assert.ok(burned > parseEther('980') && burned < parseEther('1000'), `${burned}`)
  })

  it('burnPool burns at most burnRate of the pair per burnTime and pays the caller nothing', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, pair, alice } = system
    const pairBefore = await token.read.balanceOf([pair.address])
    const amount = (pairBefore * tokenMultiDefaults.burnRate) / BPS
    await viem.assertions.emitWithArgs(token.write.burnPool({ account: alice.account }), token, 'PoolBurned', [
      getAddress(alice.account.address),
      amount,
      0n,
    ])
    assert.equal(await token.read.balanceOf([alice.account.address]), 0n)
    const [reserve0, reserve1] = await pair.read.getReserves()
    const nexReserve = (await pair.read.token0()) === getAddress(token.address) ? reserve0 : reserve1
    assert.equal(nexReserve, pairBefore - amount)
    const last = await token.read.lastBurnTime()
    await viem.assertions.revertWithCustomErrorWithArgs(token.write.burnPool(), token, 'TokenBurnTooEarly', [
      last + localDefaults.token.burnTime,
    ])
    await networkHelpers.time.increase(Number(localDefaults.token.burnTime))
    await token.write.setConfig([await settings(system, { burnMin: pairBefore })])
    await viem.assertions.revertWithCustomErrorWithArgs(token.write.burnPool(), token, 'TokenNothingToBurn', [
      pairBefore - amount,
      pairBefore,
    ])
  })

  it('withdraws only what it does not keep: never the swap balances, never the LP', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, usdt, pair, alice, bob } = system
    await buy(system, alice, parseEther('5000'))
    const [, trans] = await token.read.getSwapBalances()
    await token.write.transfer([token.address, 5n], { account: alice.account }) // sent by mistake
    await viem.assertions.revertWithCustomErrorWithArgs(
      token.write.withdrawExcess([token.address, bob.account.address, 6n]),
      token,
      'TokenWithdrawExceedsExcess',
      [getAddress(token.address), 6n, 5n],
    )
    await viem.assertions.emitWithArgs(
      token.write.withdrawExcess([token.address, bob.account.address, 5n]),
      token,
      'ExcessWithdrawn',
      [getAddress(token.address), getAddress(bob.account.address), 5n],
    )
    assert.equal(await token.read.balanceOf([token.address]), trans)
    await usdt.write.transfer([token.address, 7n], { account: alice.account })
    await token.write.withdrawExcess([usdt.address, bob.account.address, 7n])
    await viem.assertions.revertWithCustomErrorWithArgs(
      token.write.withdrawExcess([usdt.address, zeroAddress, 0n]),
      token,
      'TokenInvalidAddress',
      [zeroAddress],
    )
    await pair.write.transfer([token.address, 1n], { account: system.deployer.account })
    await viem.assertions.revertWithCustomErrorWithArgs(
      token.write.withdrawExcess([pair.address, bob.account.address, 1n]),
      token,
      'TokenWithdrawExceedsExcess',
      [getAddress(pair.address), 1n, 0n],
    )
  })

  it('prices: spot for display, TWAP for value, unmoved by a trade in the same block', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { token, alice } = system
    await networkHelpers.time.increase(Number(localDefaults.tokenMulti.oracleWindow))
    const value = await token.read.getSwapValue([parseEther('1')])
    assert.ok(value > parseEther('0.0999') && value <= parseEther('0.1'), `${value}`)
    assert.ok((await token.read.getSwapTokens([parseEther('0.1')])) >= parseEther('0.999'))
    await networkHelpers.mine(0)
    assert.equal(await token.read.getStoredPrice(), 0n) // no stored average before the first full window
    await viem.assertions.emit(token.write.updatePrice(), token, 'OracleUpdated')
    // right after the update, the stored average is the TWAP value of 1 NEX
    const stored = await token.read.getStoredPrice()
    assert.equal(stored, await token.read.getSwapValue([parseEther('1')]))
    await buy(system, alice, parseEther('30000')) // the spot price jumps
    assert.ok((await token.read.getPrice()) > parseEther('0.15'))
    const after = await token.read.getSwapValue([parseEther('1')])
    assert.ok(after < parseEther('0.1001'), `${after}`)
    assert.equal(await token.read.getStoredPrice(), stored) // the stored average moves only with a new window
  })

  it('rejects a zero address in the constructor', async () => {
    const { usdt, router, deployer } = await networkHelpers.loadFixture(fixture)
    const owner = deployer.account.address
    for (const args of [
      [owner, zeroAddress, usdt.address, router.address],
      [owner, owner, zeroAddress, router.address],
      [owner, owner, usdt.address, zeroAddress],
    ] as const) {
      await assert.rejects(viem.deployContract('Token', [...args, tokenMultiDefaults]), /TokenInvalidAddress/)
    }
  })
})
