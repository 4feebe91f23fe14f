import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import {
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  pad,
  parseEther,
  toHex,
  zeroAddress,
} from 'viem'
import { localContractsII } from '../config/contractsII.ts'
import { UPGRADE_DELAY } from './helpers/fixtures.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'

const BPS = 10_000n
const KEY = 1n
const CARD = 2n
const PRICE = localContractsII.idoRound.idoAmount // 100 USDT per unit
const TOKENS = localContractsII.idoRound.idoTokens // 1,000 NEX per unit
const local = localContractsII.ido
const Status = { NotStarted: 0, Countdown: 1, InProgress: 2, Ended: 3, Cooldown: 4 } as const

describe('Ido (minting rounds)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deployContractsIISystem(connection)
    const [alice, bob, carol, manager, stranger] = system.users
    const { main, ido, deployer } = system
    await main.write.setManager([manager.account.address])
    // genesis (deployer) <- alice <- bob <- carol
    await register(system, alice, deployer.account.address)
    await register(system, bob, alice.account.address)
    await register(system, carol, bob.account.address)
    for (const wallet of [alice, bob, carol, stranger]) await fundWallet(system, wallet, ido.address)
    return { ...system, alice, bob, carol, manager, stranger }
  }
  type System = Awaited<ReturnType<typeof fixture>>

  /** Ido's linked library, as the deployment placed it. */
  function idoLibraries(system: System) {
    return { IdoLib: system.addresses.IdoLib as `0x${string}` }
  }

  /** A second Ido behind its own proxy, with no round configured, funded with NEX and allowed to mint keys. */
  async function bareIdo(system: System) {
    const implementation = await viem.deployContract('Ido', [], { libraries: idoLibraries(system) })
    const data = encodeFunctionData({
      abi: implementation.abi,
      functionName: 'initialize',
      args: [
        system.deployer.account.address,
        UPGRADE_DELAY,
        await system.ido.read.getAddresses(),
        await system.ido.read.getSettings(),
      ],
    })
    const proxy = await viem.deployContract('NexusProxy', [implementation.address, data])
    const ido = await viem.getContractAt('Ido', proxy.address)
    await system.nft.write.setBox([ido.address, true])
    await system.log.write.setWriter([ido.address, true])
    await system.token.write.transfer([ido.address, parseEther('1000000')])
    for (const wallet of [system.alice, system.bob]) {
      await system.usdt.write.approve([ido.address, 2n ** 255n], { account: wallet.account })
    }
    return ido
  }

  const settingsOf = async (system: System, changes: Record<string, unknown> = {}) => ({
    ...(await system.ido.read.getSettings()),
    ...changes,
  })

  it('runs a round lifecycle through every state: not started, countdown, in progress, cooldown, next, ended', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { alice, bob } = system
    const ido = await bareIdo(system)
    let state = await ido.read.getRoundState()
    assert.equal(state.status, Status.NotStarted)
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: alice.account }),
      ido,
      'IdoRoundNotActive',
      [0n, Status.NotStarted],
    )
    const now = BigInt(await networkHelpers.time.latest())
    const start = now + 100n
    await viem.assertions.emitWithArgs(ido.write.setIdo([0n, 5n, PRICE, TOKENS, start]), ido, 'IdoSet', [
      0n,
      5n,
      PRICE,
      TOKENS,
      start,
    ])
    // the next round is configured in advance and can be previewed; it cannot start before round 0's cooldown
    await ido.write.setIdo([1n, 3n, 2n * PRICE, TOKENS, now + 50n])
    state = await ido.read.getRoundState()
    assert.equal(state.status, Status.Countdown)
    assert.equal(state.startTime, start)
    assert.equal(state.hasNext, true)
    assert.deepEqual(state.next, {
      index: 1n,
      idoMax: 3n,
      idoTotal: 0n,
      idoAmount: 2n * PRICE,
      idoTokens: TOKENS,
      startTime: now + 50n,
    })
    assert.equal(state.endTime, start + local.roundTime)
    assert.equal(state.nextStartTime, start + local.roundTime + local.roundCool)
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: alice.account }),
      ido,
      'IdoRoundNotActive',
      [0n, Status.Countdown],
    )
    await networkHelpers.time.increaseTo(start)
    assert.equal((await ido.read.getRoundState()).status, Status.InProgress)
    await ido.write.mint([3n, true], { account: alice.account })
    const soldOut = BigInt(await networkHelpers.time.latest()) + 1n
    await viem.assertions.emitWithArgs(ido.write.mint([2n, true], { account: bob.account }), ido, 'RoundSoldOut', [
      0n,
      soldOut,
    ])
    state = await ido.read.getRoundState()
    assert.equal(state.status, Status.Cooldown)
    assert.equal(state.endTime, soldOut)
    assert.equal(state.coolEnd, soldOut + local.roundCool)
    assert.equal(state.nextStartTime, soldOut + local.roundCool)
    assert.equal((await ido.read.getConfig()).idoHas, 5n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: alice.account }),
      ido,
      'IdoRoundNotActive',
      [0n, Status.Cooldown],
    )
    // after the cooldown the next round is current (readable before anyone writes), then advanced by a mint
    await networkHelpers.time.increaseTo(soldOut + local.roundCool)
    state = await ido.read.getRoundState()
    assert.equal(state.status, Status.InProgress)
    assert.equal(state.round, 1n)
    assert.equal(state.startTime, soldOut + local.roundCool)
    const config = await ido.read.getConfig()
    assert.equal(config.round, 1n)
    assert.equal(config.idoAmount, 2n * PRICE)
    assert.equal(config.idoMax, 3n)
    await viem.assertions.emitWithArgs(ido.write.mint([1n, true], { account: alice.account }), ido, 'RoundAdvanced', [
      1n,
      soldOut + local.roundCool,
    ])
    assert.equal((await ido.read.idos([1n])).idoTotal, 1n)
    assert.equal((await ido.read.idos([1n])).startTime, soldOut + local.roundCool)
    // an account's units per round: its round-0 units stay readable once it buys in round 1, and count apart
    await ido.write.mint([1n, true], { account: alice.account })
    const units = async (round: bigint, account: typeof alice) =>
      ido.read.userRoundCounts([round, account.account.address])
    assert.deepEqual(
      [await units(0n, alice), await units(1n, alice), await units(0n, bob), await units(1n, bob)],
      [3n, 2n, 2n, 0n],
    )
    // round 1 runs out of time: cooldown, then ended (no round 2)
    await networkHelpers.time.increaseTo(soldOut + local.roundCool + local.roundTime)
    assert.equal((await ido.read.getRoundState()).status, Status.Cooldown)
    await networkHelpers.time.increase(local.roundCool)
    assert.equal((await ido.read.getRoundState()).status, Status.Ended)
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: alice.account }),
      ido,
      'IdoRoundNotActive',
      [1n, Status.Ended],
    )
    // a past round is locked; a new round after it counts down again
    await viem.assertions.revertWithCustomErrorWithArgs(ido.write.setIdo([0n, 1n, 1n, 1n, 1n]), ido, 'IdoRoundLocked', [
      0n,
    ])
    await viem.assertions.revertWithCustomErrorWithArgs(ido.write.setIdo([1n, 1n, 1n, 1n, 1n]), ido, 'IdoRoundLocked', [
      1n,
    ])
    const later = BigInt(await networkHelpers.time.latest()) + 500n
    await ido.write.setIdo([2n, 1n, PRICE, TOKENS, later])
    await viem.assertions.emitWithArgs(ido.write.sync(), ido, 'RoundAdvanced', [2n, later])
    assert.equal((await ido.read.getRoundState()).status, Status.Countdown)
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.setIdo([3n, 0n, 1n, 1n, 1n]),
      ido,
      'IdoInvalidRound',
      [0n, 1n, 1n],
    )
  })

  it('mint in USDT: pays direct and indirect referrers, the rest to the treasury, credits NEX and keys', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, nft, usdt, alice, bob, carol, deployer } = system
    const treasuryBefore = await usdt.read.balanceOf([deployer.account.address])
    const [aliceBefore, bobBefore, carolBefore, idoBefore] = await Promise.all(
      [alice.account.address, bob.account.address, carol.account.address, ido.address].map((a) =>
        usdt.read.balanceOf([a]),
      ),
    )
    const paid = 2n * PRICE
    const direct = (paid * local.directRate) / BPS
    const indirect = (paid * local.indirectRate) / BPS
    const tx = ido.write.mint([2n, true], { account: carol.account })
    await viem.assertions.emitWithArgs(tx, ido, 'Minted', [
      getAddress(carol.account.address),
      0n,
      2n,
      paid,
      0n,
      2n * TOKENS,
      2n,
      0,
    ])
    assert.equal((await usdt.read.balanceOf([bob.account.address])) - bobBefore, direct)
    assert.equal((await usdt.read.balanceOf([alice.account.address])) - aliceBefore, indirect)
    assert.equal((await usdt.read.balanceOf([deployer.account.address])) - treasuryBefore, paid - direct - indirect)
    // the payer paid exactly the price, straight to them: Ido keeps none of it while a treasury is set
    assert.equal(carolBefore - (await usdt.read.balanceOf([carol.account.address])), paid)
    assert.equal(await usdt.read.balanceOf([ido.address]), idoBefore)
    assert.deepEqual(await ido.read.users([carol.account.address]), {
      isExist: true,
      counts: 2n,
      amount: paid,
      amountNEX: 0n,
      tokens: 2n * TOKENS,
      balance: 2n * TOKENS,
      nfts: 2n,
      rewardDirect: 0n,
      rewardIndirect: 0n,
      rewardDirectNEX: 0n,
      rewardIndirectNEX: 0n,
    })
    assert.equal((await ido.read.users([bob.account.address])).rewardDirect, direct)
    assert.equal((await ido.read.users([alice.account.address])).rewardIndirect, indirect)
    assert.equal(await nft.read.balanceOf([carol.account.address, KEY]), 2n)
    assert.deepEqual(await ido.read.totalInfo(), {
      totalUser: 1n,
      totalIDO: 2n,
      totalAmount: paid,
      totalTokens: 2n * TOKENS,
      totalNexus: 0n,
      totalNFT: 2n,
    })
    assert.equal(await ido.read.userRoundCounts([0n, carol.account.address]), 2n)
    const config = await ido.read.getConfig()
    assert.equal(config.idoHas, 2n)
    assert.equal(config.hecheng, 15n)
    assert.equal(config.burnAdd, getAddress(system.burn.address))
    assert.equal(config.idoAdd, getAddress(deployer.account.address))
  })

  it('mint in NEX: valued at the TWAP, referrers paid in NEX, the NEX stays to back the vesting', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, token, nexOracle, usdt, carol, bob } = system
    const nexPrice = await nexOracle.read.consult([usdt.address, PRICE])
    assert.equal(nexPrice, parseEther('1000')) // 100 USDT at 0.1 USDT per NEX
    const before = await token.read.balanceOf([carol.account.address])
    const bobBefore = await token.read.balanceOf([bob.account.address])
    await ido.write.mint([1n, false], { account: carol.account })
    assert.equal(before - (await token.read.balanceOf([carol.account.address])), nexPrice)
    assert.equal((await token.read.balanceOf([bob.account.address])) - bobBefore, (nexPrice * local.directRate) / BPS)
    const user = await ido.read.users([carol.account.address])
    assert.equal(user.amountNEX, nexPrice)
    assert.equal(user.amount, 0n)
    assert.equal((await ido.read.users([bob.account.address])).rewardDirectNEX, (nexPrice * local.directRate) / BPS)
    assert.equal((await ido.read.totalInfo()).totalNexus, nexPrice)
  })

  it("a NEX payer's bound: mint charges the TWAP after its own update, and never more than maxPayment", async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, token, nexOracle, usdt, pair, deployer, carol } = system
    const quote = await nexOracle.read.consult([usdt.address, PRICE]) // what a page shows before the mint
    // NEX gets cheaper: more of it in the pair (the owner is fee-exempt), then a full window for the TWAP to follow
    await token.write.transfer([pair.address, (await token.read.balanceOf([pair.address])) / 2n], {
      account: deployer.account,
    })
    await pair.write.sync()
    await networkHelpers.time.increase((await nexOracle.read.window()) + 1n)
    // the mint's own update moves the TWAP past the quote: a bound at the quote refuses, and charges nothing
    const before = await token.read.balanceOf([carol.account.address])
    await viem.assertions.revertWithCustomError(
      ido.write.mint([1n, false, quote], { account: carol.account }),
      ido,
      'IdoPaymentAboveMax',
    )
    assert.equal(await token.read.balanceOf([carol.account.address]), before)
    // a bound with room charges exactly what the TWAP says after the update, within the bound
    const bound = (quote * 3n) / 2n
    await ido.write.mint([1n, false, bound], { account: carol.account })
    const charged = before - (await token.read.balanceOf([carol.account.address]))
    assert.ok(charged > quote && charged <= bound, `${charged} vs quote ${quote}, bound ${bound}`)
    assert.equal(charged, await nexOracle.read.consult([usdt.address, PRICE]))
    assert.equal((await ido.read.users([carol.account.address])).amountNEX, charged)
    // a USDT payer's bound is the round's price itself
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true, PRICE - 1n], { account: carol.account }),
      ido,
      'IdoPaymentAboveMax',
      [PRICE, PRICE - 1n],
    )
    await ido.write.mint([1n, true, PRICE], { account: carol.account })
  })

  it('a NEX payment inside a flash swap that moved the spot price costs the unmanipulated TWAP amount', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, burn, pair, usdt, token, nexOracle, main, deployer } = system
    const attacker = await viem.deployContract('IdoFlashAttacker', [
      ido.address,
      burn.address,
      pair.address,
      usdt.address,
      token.address,
    ])
    await attacker.write.register([main.address, deployer.account.address])
    await token.write.transfer([attacker.address, parseEther('100000')])
    await usdt.write.mint([attacker.address, parseEther('100000')])
    const unmanipulated = await nexOracle.read.consult([usdt.address, PRICE])
    const usdtReserve = await usdt.read.balanceOf([pair.address])
    await attacker.write.attack([(usdtReserve * 9n) / 10n, 1n, 0]) // borrow 90 % of the pair's USDT
    assert.ok((await attacker.read.usdtReserveDuring()) <= usdtReserve / 10n + 1n, 'the spot price moved tenfold')
    const spent = await attacker.read.nexSpent()
    const tolerance = unmanipulated / 100n
    assert.ok(spent >= unmanipulated - tolerance && spent <= unmanipulated + tolerance, `${spent} vs ${unmanipulated}`)
    // a burn order's NEX value inside the same kind of attack also stays at the TWAP
    await attacker.write.attack([(usdtReserve * 9n) / 10n, 1n, 1])
    const order = await burn.read.orders([1n])
    const expected = await nexOracle.read.consult([usdt.address, order.amount])
    assert.ok(
      order.tokens >= expected - expected / 100n && order.tokens <= expected + expected / 100n,
      `${order.tokens}`,
    )
  })

  it('counts and sums that only inform saturate at their fields: a mint under full counts still succeeds', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, bob, carol } = system
    await ido.write.mint([1n, true], { account: bob.account })
    const publicClient = await viem.getPublicClient()
    const read = async (slot: `0x${string}`) =>
      BigInt((await publicClient.getStorageAt({ address: ido.address, slot })) ?? 0)
    const write = (slot: `0x${string}`, word: bigint) =>
      networkHelpers.setStorageAt(ido.address, slot, pad(toHex(word)))
    // `_totals` (slot 18): totalUser 0-31 | totalIDO 32-95 | totalNFT 96-159 | totalAmount 160-255: every field full
    const TOTALS = pad(toHex(18n))
    await write(TOTALS, 2n ** 256n - 1n)
    // bob's record (`_users`, slot 14), first word: amount 0-95 | tokens 96-191 | counts 192-223 | nfts 224-255
    const bobSlot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [bob.account.address, 14n]),
    )
    const tokens = ((await read(bobSlot)) >> 96n) & (2n ** 96n - 1n)
    await write(bobSlot, (2n ** 96n - 1n) | (tokens << 96n) | ((2n ** 64n - 1n) << 192n))
    await ido.write.mint([1n, true], { account: bob.account }) // bob's counts, keys and USDT paid are full
    await ido.write.mint([1n, true], { account: carol.account }) // carol's first mint: a buyer more
    const totals = await ido.read.totalInfo()
    assert.deepEqual(
      [totals.totalUser, totals.totalIDO, totals.totalNFT, totals.totalAmount],
      [2n ** 32n - 1n, 2n ** 64n - 1n, 2n ** 64n - 1n, 2n ** 96n - 1n],
    )
    const user = await ido.read.users([bob.account.address])
    assert.deepEqual([user.counts, user.nfts, user.amount], [2n ** 32n - 1n, 2n ** 32n - 1n, 2n ** 96n - 1n])
    assert.equal(await ido.read.getIdoTokens([bob.account.address]), tokens + TOKENS) // what is owed stays exact
    assert.equal((await ido.read.users([carol.account.address])).counts, 1n)
  })

  it('mint rejects: zero times, unregistered, whitelist-only, round max, user max, unbacked NEX, non-minters', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, token, alice, bob, stranger, deployer } = system
    await viem.assertions.revertWithCustomError(
      ido.write.mint([0n, true], { account: alice.account }),
      ido,
      'IdoZeroTimes',
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: stranger.account }),
      ido,
      'IdoNotRegistered',
      [getAddress(stranger.account.address)],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([local.userMax + 1n, true], { account: alice.account }),
      ido,
      'IdoExceedsUserMax',
      [local.userMax + 1n, local.userMax],
    )
    await ido.write.mint([local.userMax, true], { account: alice.account })
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: alice.account }),
      ido,
      'IdoExceedsUserMax',
      [local.userMax + 1n, local.userMax],
    )
    await ido.write.setConfig([await settingsOf(system, { userMax: 0n, whiteOnly: true })])
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: bob.account }),
      ido,
      'IdoNotWhitelisted',
      [getAddress(bob.account.address)],
    )
    await viem.assertions.emitWithArgs(ido.write.setWhitelist([bob.account.address, true]), ido, 'WhitelistUpdated', [
      getAddress(bob.account.address),
      true,
    ])
    await viem.assertions.emit(
      ido.write.setWhitelists([[alice.account.address, deployer.account.address], true]),
      ido,
      'WhitelistUpdated',
    )
    assert.equal(await ido.read.isWhitelisted([alice.account.address]), true)
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.setWhitelists([Array(101).fill(alice.account.address), true]),
      ido,
      'IdoBatchTooLarge',
      [101n, 100n],
    )
    const { idoMax } = await ido.read.idos([0n])
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([idoMax, true], { account: bob.account }),
      ido,
      'IdoExceedsRoundMax',
      [idoMax + local.userMax, idoMax],
    )
    // the IDO never owes more NEX than it holds: take the free NEX out, then a mint cannot be backed
    const owed = (await ido.read.totalInfo()).totalTokens
    const excess = await ido.read.excessOf([token.address])
    assert.equal(excess, (await token.read.balanceOf([ido.address])) - owed)
    await ido.write.withdrawExcess([token.address, deployer.account.address, excess])
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([1n, true], { account: bob.account }),
      ido,
      'IdoInsufficientTokens',
      [owed + TOKENS, owed],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.withdrawExcess([token.address, deployer.account.address, 1n]),
      ido,
      'NexusWithdrawExceedsExcess',
      [getAddress(token.address), 1n, 0n],
    )
    // authorized minters credit units paid elsewhere
    await token.write.transfer([ido.address, TOKENS])
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.mint([bob.account.address, 1n, PRICE], { account: stranger.account }),
      ido,
      'IdoNotMinter',
      [getAddress(stranger.account.address)],
    )
    await viem.assertions.emitWithArgs(ido.write.setMinter([stranger.account.address, true]), ido, 'MinterUpdated', [
      getAddress(stranger.account.address),
      true,
    ])
    assert.equal(await ido.read.isMinter([stranger.account.address]), true)
    await viem.assertions.emitWithArgs(
      ido.write.mint([bob.account.address, 1n, PRICE], { account: stranger.account }),
      ido,
      'Minted',
      [getAddress(bob.account.address), 0n, 1n, PRICE, 0n, TOKENS, 1n, 3],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.setMinter([zeroAddress, true]),
      ido,
      'IdoInvalidAddress',
      [zeroAddress],
    )
  })

  it('claim pays what vested, linearly over releaseDays from claimStart; a duplicate claim in one call reverts', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, token, main, usdt, alice, deployer } = system
    await ido.write.setConfig([await settingsOf(system, { claimStart: 0n })])
    await ido.write.mint([2n, true], { account: alice.account })
    // an account contract buys too; it will try two claims in one transaction
    const caller = await viem.deployContract('BurnDoubleCaller')
    await caller.write.execute([
      main.address,
      encodeFunctionData({ abi: main.abi, functionName: 'register', args: [deployer.account.address] }),
    ])
    await usdt.write.mint([caller.address, PRICE])
    await caller.write.execute([
      usdt.address,
      encodeFunctionData({ abi: usdt.abi, functionName: 'approve', args: [ido.address, PRICE] }),
    ])
    await caller.write.execute([
      ido.address,
      encodeFunctionData({ abi: ido.abi, functionName: 'mint', args: [1n, true] }),
    ])
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.claim({ account: alice.account }),
      ido,
      'IdoNothingToClaim',
      [getAddress(alice.account.address)],
    )
    const start = BigInt(await networkHelpers.time.latest()) + 10n
    await ido.write.setConfig([await settingsOf(system, { claimStart: start })])
    assert.equal(await ido.read.getIdoTokens([alice.account.address]), 0n)
    await networkHelpers.time.increaseTo(start + 3n * local.dayTimes)
    const vested = (2n * TOKENS * 3n) / local.releaseDays
    assert.equal(await ido.read.getIdoTokens([alice.account.address]), vested)
    const before = await token.read.balanceOf([alice.account.address])
    await viem.assertions.emitWithArgs(ido.write.claim({ account: alice.account }), ido, 'Claimed', [
      getAddress(alice.account.address),
      vested,
    ])
    assert.equal((await token.read.balanceOf([alice.account.address])) - before, vested)
    assert.equal((await ido.read.users([alice.account.address])).balance, 2n * TOKENS - vested)
    assert.equal(await ido.read.totalClaimed(), vested)
    await networkHelpers.time.increase(100n * local.dayTimes)
    await ido.write.claim({ account: alice.account })
    assert.equal((await ido.read.users([alice.account.address])).balance, 0n)
    assert.equal(await ido.read.totalClaimed(), 2n * TOKENS)
    // two claims in one transaction: the second finds nothing
    const claimCall = encodeFunctionData({ abi: ido.abi, functionName: 'claim' })
    await viem.assertions.revertWithCustomErrorWithArgs(
      caller.write.executeTwice([ido.address, claimCall]),
      ido,
      'IdoNothingToClaim',
      [getAddress(caller.address)],
    )
    await caller.write.execute([ido.address, claimCall])
    assert.equal(await token.read.balanceOf([caller.address]), TOKENS)
  })

  it('hecheng: 15 keys make one syndicate card; fewer keys revert with IdoNotEnoughKeys', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, nft, alice } = system
    await ido.write.mint([10n, true], { account: alice.account })
    await nft.write.mint([alice.account.address, KEY, 4n])
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.hecheng({ account: alice.account }),
      ido,
      'IdoNotEnoughKeys',
      [14n, 15n],
    )
    await nft.write.mint([alice.account.address, KEY, 2n])
    await viem.assertions.emitWithArgs(ido.write.hecheng({ account: alice.account }), ido, 'Synthesized', [
      getAddress(alice.account.address),
      KEY,
      15n,
      CARD,
    ])
    assert.deepEqual(
      await nft.read.balanceOfBatch([
        [alice.account.address, alice.account.address],
        [KEY, CARD],
      ]),
      [1n, 1n],
    )
    assert.equal((await nft.read.getUserInfo([alice.account.address])).power, 1n + 20n)
  })

  it('ido(times) pays in BNB (USDT above the price refunded) and burn(times, isBNB) pays into the Burn contract', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, burn, usdt, alice, bob } = system
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.ido([1n], { account: alice.account, value: parseEther('0.1') }),
      ido,
      'IdoPaymentTooLow',
      [parseEther('60'), PRICE],
    )
    const before = await usdt.read.balanceOf([alice.account.address])
    await viem.assertions.emitWithArgs(
      ido.write.ido([1n], { account: alice.account, value: parseEther('0.2') }),
      ido,
      'Minted',
      [getAddress(alice.account.address), 0n, 1n, PRICE, 0n, TOKENS, 1n, 2],
    )
    const refund = (await usdt.read.balanceOf([alice.account.address])) - before
    assert.ok(refund > parseEther('19') && refund < parseEther('20'), `${refund}`)
    // burn through the IDO: USDT taken from the caller, the order is the caller's
    await viem.assertions.emitWithArgs(ido.write.burn([2n, false], { account: bob.account }), ido, 'BurnForwarded', [
      getAddress(bob.account.address),
      2n,
      false,
      2n * parseEther('100'),
    ])
    assert.equal((await burn.read.orders([1n])).owner, getAddress(bob.account.address))
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.burn([1n, false], { account: bob.account, value: 1n }),
      ido,
      'IdoValueMismatch',
      [1n],
    )
    const bobBefore = await usdt.read.balanceOf([bob.account.address])
    await ido.write.burn([1n, true], { account: bob.account, value: parseEther('0.2') })
    const order = await burn.read.orders([2n])
    assert.equal(order.isBNB, true)
    assert.equal(order.owner, getAddress(bob.account.address))
    const bobRefund = (await usdt.read.balanceOf([bob.account.address])) - bobBefore
    // alice's swap moved the BNB pool a little: bob's 0.2 BNB buys a little less
    assert.ok(bobRefund > parseEther('18') && bobRefund < parseEther('20'), `${bobRefund}`)
    assert.equal(await usdt.read.balanceOf([ido.address]), 0n)
  })

  it('setConfig and setAddresses enforce bounds and emit', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido } = system
    const cases: [Record<string, unknown>, [string, bigint, bigint, bigint]][] = [
      [{ dayTimes: 59n }, ['dayTimes', 59n, 60n, 7n * 86400n]],
      [{ directRate: 2_000n, indirectRate: 1_001n }, ['directRate', 3_001n, 0n, 3_000n]],
      [{ roundCool: 30n * 86400n + 1n }, ['roundCool', 30n * 86400n + 1n, 0n, 30n * 86400n]],
      [{ hecheng: 0n }, ['hecheng', 0n, 1n, 100n]],
      [{ roundTime: 365n * 86400n + 1n }, ['roundTime', 365n * 86400n + 1n, 0n, 365n * 86400n]],
      [{ releaseDays: 3651n }, ['releaseDays', 3651n, 0n, 3650n]],
      [{ keysPerUnit: 101n }, ['keysPerUnit', 101n, 0n, 100n]],
      [{ slippage: 1001n }, ['slippage', 1001n, 0n, 1000n]],
    ]
    for (const [changes, args] of cases) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        ido.write.setConfig([await settingsOf(system, changes)]),
        ido,
        'ValueOutOfBounds',
        args,
      )
    }
    await viem.assertions.emit(ido.write.setConfig([await settingsOf(system, { hecheng: 15n })]), ido, 'ConfigUpdated')
    const addresses = await ido.read.getAddresses()
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.setAddresses([{ ...addresses, nft: zeroAddress }]),
      ido,
      'IdoInvalidAddress',
      [zeroAddress],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      ido.write.setAddresses([{ ...addresses, token: addresses.usdt }]),
      ido,
      'IdoInvalidAddress',
      [addresses.usdt],
    )
    await viem.assertions.emit(
      ido.write.setAddresses([{ ...addresses, treasury: zeroAddress }]),
      ido,
      'AddressesUpdated',
    )
  })

  it('without a treasury the USDT proceeds stay as excess the owner can withdraw; pause blocks new actions, never the claim', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, usdt, alice, deployer } = system
    await ido.write.setAddresses([{ ...(await ido.read.getAddresses()), treasury: zeroAddress }])
    await ido.write.mint([1n, true], { account: alice.account })
    const kept = PRICE - (PRICE * (local.directRate + local.indirectRate)) / BPS
    assert.equal(await ido.read.excessOf([usdt.address]), PRICE - (PRICE * local.directRate) / BPS) // genesis has no referrer above it
    assert.ok(kept <= PRICE)
    await viem.assertions.emit(
      ido.write.withdrawExcess([usdt.address, deployer.account.address, 1n]),
      ido,
      'ExcessWithdrawn',
    )
    await ido.write.pause()
    for (const call of [
      ido.write.mint([1n, true], { account: alice.account }),
      ido.write.hecheng({ account: alice.account }),
      ido.write.ido([1n], { account: alice.account, value: 1n }),
      ido.write.burn([1n, false], { account: alice.account }),
    ]) {
      await viem.assertions.revertWithCustomError(call, ido, 'EnforcedPause')
    }
    // the claim is not behind the pause
    await viem.assertions.emit(ido.write.claim({ account: alice.account }), ido, 'Claimed')
  })

  it('role matrix: owner, manager, user, stranger on every privileged function', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, deployer, manager, alice, stranger } = system
    const settings = await settingsOf(system)
    const addresses = await ido.read.getAddresses()
    const now = BigInt(await networkHelpers.time.latest())
    const ownerCalls: [string, unknown[]][] = [
      ['setIdo', [1n, 1n, PRICE, TOKENS, now + 100_000n]],
      ['setConfig', [settings]],
      ['setAddresses', [addresses]],
      ['setWhitelist', [alice.account.address, true]],
      ['setWhitelists', [[alice.account.address], true]],
      ['setMinter', [alice.account.address, false]],
      ['withdrawExcess', [system.usdt.address, alice.account.address, 0n]],
      ['setGuardian', [zeroAddress]],
    ]
    for (const wallet of [manager, alice, stranger]) {
      for (const [name, args] of ownerCalls) {
        await viem.assertions.revertWithCustomErrorWithArgs(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (ido.write as any)[name](args, { account: wallet.account }),
          ido,
          'OwnableUnauthorizedAccount',
          [getAddress(wallet.account.address)],
        )
      }
    }
    for (const [name, args] of ownerCalls) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await (ido.write as any)[name](args, { account: deployer.account })
    }
    // anyone may sync rounds; a registered user mints, a stranger (not registered) cannot
    await ido.write.sync({ account: stranger.account })
    await ido.write.mint([1n, true], { account: alice.account })
    await viem.assertions.revertWithCustomError(
      ido.write.mint([1n, true], { account: stranger.account }),
      ido,
      'IdoNotRegistered',
    )
  })

  it('upgrades behind its proxy only after the delay, keeping users and rounds', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { ido, alice } = system
    await ido.write.mint([1n, true], { account: alice.account })
    const next = await viem.deployContract('Ido', [], { libraries: idoLibraries(system) })
    await ido.write.scheduleUpgrade([next.address])
    await viem.assertions.revertWithCustomError(
      ido.write.upgradeToAndCall([next.address, '0x']),
      ido,
      'NexusUpgradeNotReady',
    )
    await networkHelpers.time.increase(Number(UPGRADE_DELAY))
    await ido.write.upgradeToAndCall([next.address, '0x'])
    assert.equal((await ido.read.users([alice.account.address])).counts, 1n)
    assert.equal((await ido.read.idos([0n])).idoTotal, 1n)
  })
})
