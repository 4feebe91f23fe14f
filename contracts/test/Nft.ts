import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, parseEther, toFunctionSelector, zeroAddress } from 'viem'
import { nftDefaults } from '../config/contractsII.ts'
import { logCode } from '../scripts/lib/logCodes.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'

const KEY = 1n
const CARD = 2n
const REENTRANT = toFunctionSelector('ReentrancyGuardReentrantCall()')

describe('Nft (ERC-1155 keys with power dividends)', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection

  async function fixture() {
    const system = await deployContractsIISystem(connection)
    const [alice, bob, carol, manager, stranger] = system.users
    await system.main.write.setManager([manager.account.address])
    return { ...system, alice, bob, carol, manager, stranger }
  }

  /** Sends `amount` USDT to the Nft contract as fees would arrive. */
  async function fund(system: Awaited<ReturnType<typeof fixture>>, amount: bigint) {
    await system.usdt.write.mint([system.nft.address, amount])
  }

  it('exposes cards, levels, config and totals with SPEC §3 names', async () => {
    const { nft, usdt, deployer } = await networkHelpers.loadFixture(fixture)
    const cards = await nft.read.getCards()
    assert.equal(cards.length, 2)
    assert.deepEqual(cards[0], {
      tokenId: KEY,
      level: 1n,
      total: nftDefaults.cards[0].maxSupply,
      debt: 0n,
      name: 'Key',
      author: getAddress(deployer.account.address),
      mints: 0n,
      supply: 0n,
      power: 1n,
      cid: 'key',
      suffix: '.json',
    })
    assert.deepEqual(
      (await nft.read.getCardsByLevel([5n])).map((c) => c.tokenId),
      [CARD],
    )
    assert.deepEqual(await nft.read.getCardsByLevel([3n]), [])
    const [zh, en] = await nft.read.getLevelNames()
    assert.deepEqual(en, ['Key', 'Bronze', 'Silver', 'Gold', 'Syndicate'])
    assert.deepEqual(zh, ['鑰匙', '青銅', '白銀', '黃金', '財團'])
    const config = await nft.read.getConfig()
    assert.equal(config.rewardToken, getAddress(usdt.address))
    assert.equal(config.uri, 'ipfs://')
    assert.equal(config.maxCards, 50n)
    assert.equal(await nft.read.uri([KEY]), 'ipfs://key.json')
    assert.deepEqual(await nft.read.uris([[KEY, CARD]]), ['ipfs://key.json', 'ipfs://syndicate.json'])
    assert.equal(await nft.read.maxSupply([CARD]), nftDefaults.cards[1].maxSupply)
    const totals = await nft.read.totalInfo()
    assert.equal(totals.totalID, 2n)
    assert.equal(totals.totalPower, 0n)
    assert.equal(await nft.read.supportsInterface(['0xd9b67a26']), true) // ERC-1155
    assert.equal(await nft.read.supportsInterface(['0x01ffc9a7']), true) // ERC-165
    assert.equal(await nft.read.supportsInterface(['0xffffffff']), false)
  })

  it('createNFT, setMaxSupply, setURI, setName, setLevelName, setBox, setSendMin: owner only, bounded, evented', async () => {
    const { nft, deployer, alice } = await networkHelpers.loadFixture(fixture)
    await viem.assertions.emitWithArgs(nft.write.createNFT([5n, 100n, 'gold', '.json']), nft, 'CardCreated', [
      3n,
      5n,
      100n,
      'gold',
      '.json',
      getAddress(deployer.account.address),
    ])
    await viem.assertions.revertWithCustomErrorWithArgs(nft.write.createNFT([0n, 1n, '', '']), nft, 'NftInvalidPower', [
      0n,
      1_000_000n,
    ])
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.createNFT([1_000_001n, 1n, '', '']),
      nft,
      'NftInvalidPower',
      [1_000_001n, 1_000_000n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.createNFT([1n, 10n ** 12n + 1n, '', '']),
      nft,
      'ValueOutOfBounds',
      ['maxSupply', 10n ** 12n + 1n, 0n, 10n ** 12n],
    )
    await nft.write.mint([alice.account.address, 3n, 10n])
    await viem.assertions.revertWithCustomErrorWithArgs(nft.write.setMaxSupply([3n, 9n]), nft, 'ValueOutOfBounds', [
      'maxSupply',
      9n,
      10n,
      10n ** 12n,
    ])
    await viem.assertions.emitWithArgs(nft.write.setMaxSupply([3n, 10n]), nft, 'MaxSupplyUpdated', [3n, 100n, 10n])
    await viem.assertions.revertWithCustomErrorWithArgs(nft.write.setMaxSupply([9n, 1n]), nft, 'NftUnknownCard', [9n])
    await viem.assertions.emitWithArgs(nft.write.setURI(['https://x/']), nft, 'BaseURIUpdated', ['https://x/'])
    assert.equal(await nft.read.uri([3n]), 'https://x/gold.json')
    await viem.assertions.emitWithArgs(nft.write.setName([3n, 4n, 'Gold key']), nft, 'CardNameUpdated', [
      3n,
      4n,
      'Gold key',
    ])
    for (const level of [0n, 6n]) {
      await viem.assertions.revertWithCustomErrorWithArgs(nft.write.setName([3n, level, 'x']), nft, 'NftInvalidLevel', [
        level,
        5n,
      ])
    }
    await viem.assertions.emitWithArgs(nft.write.setLevelName([2n, '銅', 'Copper']), nft, 'LevelNameUpdated', [
      2n,
      '銅',
      'Copper',
    ])
    assert.equal((await nft.read.getLevelNames())[1][1], 'Copper')
    await viem.assertions.emitWithArgs(nft.write.setBox([alice.account.address, true]), nft, 'BoxUpdated', [
      getAddress(alice.account.address),
      true,
    ])
    assert.equal(await nft.read.isBox([alice.account.address]), true)
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.setBox([zeroAddress, true]),
      nft,
      'NftInvalidAddress',
      [zeroAddress],
    )
    await viem.assertions.emitWithArgs(nft.write.setSendMin([5n]), nft, 'SendMinUpdated', [0n, 5n])
    const wiredLog = await nft.read.log()
    await viem.assertions.emitWithArgs(nft.write.setLog([zeroAddress]), nft, 'LogUpdated', [wiredLog, zeroAddress])
    // the 50-id bound keeps getCards bounded
    for (let i = 3; i < 50; ++i) await nft.write.createNFT([1n, 1n, '', ''])
    await viem.assertions.revertWithCustomErrorWithArgs(nft.write.createNFT([1n, 1n, '', '']), nft, 'NftTooManyCards', [
      50n,
    ])
  })

  it('role matrix: owner, manager, user, stranger on every privileged function', async () => {
    const { nft, ido, deployer, manager, alice, stranger } = await networkHelpers.loadFixture(fixture)
    const calls: [string, unknown[]][] = [
      ['createNFT', [1n, 1n, '', '']],
      ['setMaxSupply', [KEY, 10n ** 9n]],
      ['setURI', ['u']],
      ['setBox', [alice.account.address, true]],
      ['setName', [KEY, 1n, 'k']],
      ['setLevelName', [1n, 'a', 'b']],
      ['setSendMin', [1n]],
      ['setLog', [alice.account.address]],
      ['setGuardian', [zeroAddress]],
    ]
    for (const wallet of [manager, alice, stranger]) {
      for (const [name, args] of calls) {
        await viem.assertions.revertWithCustomErrorWithArgs(
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (nft.write as any)[name](args, { account: wallet.account }),
          nft,
          'OwnableUnauthorizedAccount',
          [getAddress(wallet.account.address)],
        )
      }
      // minting needs the owner or a box: NotAuthorized (SPEC §8)
      await viem.assertions.revertWithCustomError(
        nft.write.mint([wallet.account.address, KEY, 1n], { account: wallet.account }),
        nft,
        'NotAuthorized',
      )
    }
    for (const [name, args] of calls) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await (nft.write as any)[name](args, { account: deployer.account })
    }
    assert.equal(await nft.read.isBox([ido.address]), true)
  })

  it('lets the owner (the Timelock) mint at most MAX_OWNER_MINT cards per call (finding 4: 400,000 cards in one call)', async () => {
    const { nft, deployer } = await networkHelpers.loadFixture(fixture)
    const max = await nft.read.MAX_OWNER_MINT()
    assert.equal(max, 100n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.mint([deployer.account.address, KEY, 400_000n]),
      nft,
      'NftOwnerMintTooLarge',
      [400_000n, max],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.mintMulti([deployer.account.address, [KEY, KEY], [60n, 41n]]),
      nft,
      'NftOwnerMintTooLarge',
      [101n, max],
    )
    await nft.write.mint([deployer.account.address, KEY, max])
  })

  it('mints up to max supply: max - 1, max, max + 1 (MintExceedsMaxSupply), duplicates count cumulatively', async () => {
    const { nft, alice } = await networkHelpers.loadFixture(fixture)
    await nft.write.createNFT([3n, 10n, '', ''])
    const id = 3n
    await nft.write.mint([alice.account.address, id, 9n]) // max - 1
    assert.equal(await nft.read.totalMinted([id]), 9n)
    await viem.assertions.emitWithArgs(nft.write.mint([alice.account.address, id, 1n]), nft, 'TransferSingle', [
      getAddress((await viem.getWalletClients())[0].account.address),
      zeroAddress,
      getAddress(alice.account.address),
      id,
      1n,
    ]) // max
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.mint([alice.account.address, id, 1n]),
      nft,
      'MintExceedsMaxSupply',
      [11n, 10n],
    ) // max + 1
    await nft.write.setMaxSupply([id, 14n])
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.mintMulti([alice.account.address, [id, id], [2n, 3n]]),
      nft,
      'MintExceedsMaxSupply',
      [15n, 14n],
    )
    await nft.write.mintMulti([alice.account.address, [id, KEY, id], [2n, 5n, 2n]])
    assert.equal(await nft.read.totalSupply([id]), 14n)
    assert.equal(await nft.read.balanceOf([alice.account.address, id]), 14n)
    assert.equal(await nft.read.totalSupply(), 19n)
    assert.equal((await nft.read.totalInfo()).totalPower, 14n * 3n + 5n)
    await viem.assertions.revertWithCustomError(nft.write.mint([alice.account.address, id, 0n]), nft, 'NftZeroAmount')
    await viem.assertions.revertWithCustomError(
      nft.write.mintMulti([alice.account.address, [KEY, KEY], [1n, 0n]]),
      nft,
      'NftZeroAmount',
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.mint([alice.account.address, 7n, 1n]),
      nft,
      'NftUnknownCard',
      [7n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.mintMulti([alice.account.address, [KEY], [1n, 2n]]),
      nft,
      'NftArrayLengthMismatch',
      [1n, 2n],
    )
    const many = Array.from({ length: 33 }, () => KEY)
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.mintMulti([alice.account.address, many, many]),
      nft,
      'NftBatchTooLarge',
      [33n, 32n],
    )
  })

  it('burns and transfers: rights (NotAuthorized), balances (InsufficientBalance), zero-amount and duplicate ids', async () => {
    const { nft, alice, bob, stranger } = await networkHelpers.loadFixture(fixture)
    await nft.write.mint([alice.account.address, KEY, 10n])
    await viem.assertions.revertWithCustomError(
      nft.write.burn([alice.account.address, KEY, 1n], { account: stranger.account }),
      nft,
      'NotAuthorized',
    )
    await viem.assertions.revertWithCustomError(
      nft.write.safeTransferFrom([alice.account.address, bob.account.address, KEY, 1n, '0x'], {
        account: stranger.account,
      }),
      nft,
      'NotAuthorized',
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.burn([alice.account.address, KEY, 11n], { account: alice.account }),
      nft,
      'InsufficientBalance',
      [getAddress(alice.account.address), KEY],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.safeTransferFrom([alice.account.address, bob.account.address, CARD, 1n, '0x'], {
        account: alice.account,
      }),
      nft,
      'InsufficientBalance',
      [getAddress(alice.account.address), CARD],
    )
    // duplicate ids in one batch cannot spend the same balance twice
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.safeBatchTransferFrom([alice.account.address, bob.account.address, [KEY, KEY], [6n, 5n], '0x'], {
        account: alice.account,
      }),
      nft,
      'InsufficientBalance',
      [getAddress(alice.account.address), KEY],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.burnBatch([alice.account.address, [KEY, KEY], [6n, 5n]], { account: alice.account }),
      nft,
      'InsufficientBalance',
      [getAddress(alice.account.address), KEY],
    )
    await nft.write.safeBatchTransferFrom([alice.account.address, bob.account.address, [KEY, KEY], [2n, 3n], '0x'], {
      account: alice.account,
    })
    assert.equal(await nft.read.balanceOf([bob.account.address, KEY]), 5n)
    // zero-amount transfers are valid ERC-1155 and move nothing
    await nft.write.safeTransferFrom([alice.account.address, bob.account.address, KEY, 0n, '0x'], {
      account: alice.account,
    })
    await nft.write.safeBatchTransferFrom([alice.account.address, bob.account.address, [KEY, KEY], [0n, 0n], '0x'], {
      account: alice.account,
    })
    await viem.assertions.revertWithCustomError(
      nft.write.burn([alice.account.address, KEY, 0n], { account: alice.account }),
      nft,
      'NftZeroAmount',
    )
    // an approved operator may burn and move
    await nft.write.setApprovalForAll([stranger.account.address, true], { account: alice.account })
    await nft.write.burn([alice.account.address, KEY, 1n], { account: stranger.account })
    await nft.write.burnBatch([alice.account.address, [KEY], [1n]], { account: stranger.account })
    assert.deepEqual(
      await nft.read.balanceOfBatch([
        [alice.account.address, bob.account.address],
        [KEY, KEY],
      ]),
      [3n, 5n],
    )
    assert.equal(await nft.read.totalSupply([KEY]), 8n)
    assert.equal(await nft.read.totalMinted([KEY]), 10n)
    assert.equal((await nft.read.totalInfo()).totalPower, 8n)
  })

  it('shares fees by power; transfers settle both sides so no dividend is created or destroyed', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { nft, usdt, alice, bob } = system
    await nft.write.mint([alice.account.address, KEY, 10n]) // power 10
    await nft.write.mint([bob.account.address, CARD, 1n]) // power 20
    await fund(system, parseEther('30'))
    const aliceInfo = await nft.read.getUserInfo([alice.account.address])
    const bobInfo = await nft.read.getUserInfo([bob.account.address])
    assert.equal(aliceInfo.power, 10n)
    assert.equal(aliceInfo.pending, parseEther('10'))
    assert.equal(bobInfo.pending, parseEther('20'))
    assert.deepEqual(aliceInfo.balances, [10n, 0n])
    // a transfer distributes first and settles both sides: totals unchanged
    await viem.assertions.emitWithArgs(
      nft.write.safeTransferFrom([alice.account.address, bob.account.address, KEY, 5n, '0x'], {
        account: alice.account,
      }),
      nft,
      'RewardSettled',
      [getAddress(alice.account.address), parseEther('10')],
    )
    assert.equal((await nft.read.getUserInfo([alice.account.address])).user.balance, parseEther('10'))
    assert.equal((await nft.read.getUserInfo([bob.account.address])).user.balance, parseEther('20'))
    await fund(system, parseEther('30'))
    // alice 5, bob 25 power now
    assert.equal((await nft.read.getUserInfo([alice.account.address])).pending, parseEther('5'))
    assert.equal((await nft.read.getUserInfo([bob.account.address])).pending, parseEther('25'))
    await viem.assertions.emitWithArgs(nft.write.claimReward({ account: alice.account }), nft, 'RewardClaimed', [
      getAddress(alice.account.address),
      parseEther('15'),
    ])
    assert.equal(await usdt.read.balanceOf([alice.account.address]), parseEther('15'))
    // the claim is alice's nft_claim entry (USDT, a reward) in the Log the deployment wired
    assert.equal(await nft.read.log(), getAddress(system.log.address))
    const [entries] = await system.log.read.getUserActionLogs([
      alice.account.address,
      logCode('action', 'nft_claim'),
      0n,
      10n,
    ])
    assert.equal(entries.length, 1)
    assert.equal(entries[0]?.amount, parseEther('15'))
    assert.equal(entries[0]?.symbol, logCode('symbol', 'USDT'))
    assert.equal(
      (await system.log.read.getUserReward([alice.account.address, logCode('symbol', 'USDT')])).total,
      parseEther('15'),
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.claimReward({ account: alice.account }),
      nft,
      'NftNothingToClaim',
      [getAddress(alice.account.address)],
    )
    await nft.write.claimReward({ account: bob.account })
    const totals = await nft.read.totalInfo()
    assert.equal(totals.rewardTotal, parseEther('60'))
    assert.equal(totals.totalExtract, parseEther('60'))
    assert.equal(totals.lastIndex, 2n)
    assert.equal(totals.totalUser, 2n)
    assert.equal(totals.perForce, totals.perPower)
    assert.equal(totals.totalForce, 11n)
  })

  it('a holder joining right after a payment has nothing pending from it', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { nft, alice, bob } = system
    await nft.write.mint([alice.account.address, KEY, 1n])
    await fund(system, parseEther('7'))
    await nft.write.mint([bob.account.address, CARD, 3n])
    assert.equal((await nft.read.getUserInfo([bob.account.address])).pending, 0n)
    assert.equal((await nft.read.getUserInfo([alice.account.address])).pending, parseEther('7'))
  })

  it('fee hook: distributes once sendMin arrived; anyone may call it, it only counts real balance', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { nft, usdt, alice, stranger } = system
    await nft.write.mint([alice.account.address, KEY, 2n])
    await nft.write.setSendMin([parseEther('5')])
    await fund(system, parseEther('4'))
    await nft.write.onFeeReceived([usdt.address, parseEther('1000')], { account: stranger.account })
    assert.equal((await nft.read.totalInfo()).lastIndex, 0n)
    await fund(system, parseEther('1'))
    await viem.assertions.emit(
      nft.write.onFeeReceived([usdt.address, 0n], { account: stranger.account }),
      nft,
      'RewardDistributed',
    )
    assert.equal((await nft.read.totalInfo()).rewardTotal, parseEther('5'))
  })

  it('withdraws only the excess: never the reward token, paused or not; claims go on while paused', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { nft, usdt, token, alice, deployer } = system
    await nft.write.mint([alice.account.address, KEY, 1n])
    await fund(system, parseEther('3'))
    assert.equal(await nft.read.excessOf([usdt.address]), 0n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.withdrawExcess([usdt.address, deployer.account.address, 1n]),
      nft,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), 1n, 0n],
    )
    await token.write.transfer([nft.address, 9n])
    await viem.assertions.emitWithArgs(
      nft.write.withdrawExcess([token.address, deployer.account.address, 9n]),
      nft,
      'ExcessWithdrawn',
      [getAddress(token.address), getAddress(deployer.account.address), 9n],
    )
    await nft.write.pause()
    await viem.assertions.revertWithCustomErrorWithArgs(
      nft.write.withdrawExcess([usdt.address, deployer.account.address, 1n]),
      nft,
      'NexusWithdrawExceedsExcess',
      [getAddress(usdt.address), 1n, 0n],
    )
    await viem.assertions.revertWithCustomError(nft.write.mint([alice.account.address, KEY, 1n]), nft, 'EnforcedPause')
    const before = await usdt.read.balanceOf([alice.account.address])
    await nft.write.claimReward({ account: alice.account })
    assert.equal(await usdt.read.balanceOf([alice.account.address]), before + parseEther('3'))
  })

  it('an ERC-1155 receiver calling back into every function from onERC1155Received / BatchReceived is refused', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { nft, ido, main, usdt, deployer } = system
    const attacker = await viem.deployContract('NftReentrancyAttacker', [nft.address, ido.address])
    await attacker.write.register([main.address, deployer.account.address])
    await usdt.write.mint([attacker.address, parseEther('1000')])
    await attacker.write.approve([usdt.address, ido.address])
    // a callback from the Nft contract may not re-enter any Nft function (the first 8 attempts); a callback
    // from a mint through the IDO may re-enter neither the Nft nor the IDO (all 14)
    const check = async (guarded: number) => {
      const [attempted, outcomes] = await attacker.read.results()
      assert.equal(attempted.length % 14, 0)
      const last = outcomes.slice(-14)
      for (let i = 0; i < guarded; ++i) assert.equal(last[i], REENTRANT, `call ${attempted.slice(-14)[i]}`)
    }
    // single receive (owner mint), batch receive (mintMulti), a transfer, and a mint through the IDO
    await attacker.write.arm([true])
    await nft.write.mint([attacker.address, KEY, 2n])
    await check(8)
    await attacker.write.arm([true])
    await nft.write.mintMulti([attacker.address, [KEY, CARD], [1n, 1n]])
    await check(8)
    await nft.write.mint([deployer.account.address, KEY, 1n])
    await attacker.write.arm([true])
    await nft.write.safeTransferFrom([deployer.account.address, attacker.address, KEY, 1n, '0x'])
    await check(8)
    await attacker.write.arm([true])
    await attacker.write.mintIdo([1n])
    await check(14)
    // nothing moved besides the legitimate mints and the transfer
    assert.equal(await nft.read.balanceOf([attacker.address, KEY]), 5n)
    assert.equal((await nft.read.totalInfo()).totalPower, 5n + 20n)
    assert.equal((await ido.read.users([attacker.address])).counts, 1n)
  })

  it('upgrades behind its proxy only after the delay, keeping state', async () => {
    const { nft, alice, addresses } = await networkHelpers.loadFixture(fixture)
    await nft.write.mint([alice.account.address, KEY, 3n])
    const next = await viem.deployContract('Nft', [], {
      libraries: { NftLib: addresses.NftLib as `0x${string}` },
    })
    await viem.assertions.revertWithCustomError(
      nft.write.upgradeToAndCall([next.address, '0x']),
      nft,
      'NexusUpgradeNotReady',
    )
    await nft.write.scheduleUpgrade([next.address])
    await networkHelpers.time.increase(3600)
    await viem.assertions.emitWithArgs(nft.write.upgradeToAndCall([next.address, '0x']), nft, 'UpgradeExecuted', [
      getAddress(next.address),
    ])
    assert.equal(await nft.read.balanceOf([alice.account.address, KEY]), 3n)
    assert.equal((await nft.read.totalInfo()).totalPower, 3n)
  })

  it('gives a registered IDO buyer keys and lets it claim dividends', async () => {
    const system = await networkHelpers.loadFixture(fixture)
    const { nft, ido, carol } = system
    await register(system, carol)
    await fundWallet(system, carol, ido.address)
    await ido.write.mint([2n, true], { account: carol.account })
    assert.equal(await nft.read.balanceOf([carol.account.address, KEY]), 2n)
    await fund(system, parseEther('2'))
    await nft.write.claimReward({ account: carol.account })
    assert.equal((await nft.read.getUserInfo([carol.account.address])).user.total, parseEther('2'))
  })
})
