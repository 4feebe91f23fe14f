// Payouts: each legacy withdrawal id paid at most once, or cancelled for good, by the payer alone; every change
// evented; the attacks a payer, a token or a stranger could try.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { decodeErrorResult, encodeFunctionData, getAddress, parseEther, zeroAddress } from 'viem'
import { UPGRADE_DELAY } from './helpers/fixtures.ts'

const State = { Unused: 0, Paid: 1, Cancelled: 2 } as const

describe('Payouts', async () => {
  const { viem, networkHelpers } = await network.create()
  const client = await viem.getPublicClient()

  async function deployFixture() {
    const [owner, payer, alice, stranger] = await viem.getWalletClients()
    const usdt = await viem.deployContract('LocalUSDT', [owner.account.address])
    const implementation = await viem.deployContract('Payouts')
    const proxy = await viem.deployContract('NexusProxy', [
      implementation.address,
      encodeFunctionData({
        abi: implementation.abi,
        functionName: 'initialize',
        args: [owner.account.address, UPGRADE_DELAY, payer.account.address],
      }),
    ])
    const payouts = await viem.getContractAt('Payouts', proxy.address)
    // the operator's float
    await usdt.write.mint([payouts.address, parseEther('1000')])
    const asPayer = { account: payer.account }
    return { payouts, usdt, owner, payer, alice, stranger, asPayer }
  }

  it('pays an id once, with its event; a second payment of the id is refused with its state', async () => {
    const { payouts, usdt, alice, asPayer } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.emitWithArgs(
      payouts.write.pay([7n, alice.account.address, usdt.address, parseEther('12.5')], asPayer),
      payouts,
      'Paid',
      [7n, getAddress(alice.account.address), getAddress(usdt.address), parseEther('12.5')],
    )
    assert.equal(await usdt.read.balanceOf([alice.account.address]), parseEther('12.5'))
    assert.equal(await payouts.read.stateOf([7n]), State.Paid)
    // the block of the payment, where its Paid event is, however many blocks come after
    const paidIn = await client.getBlockNumber()
    await networkHelpers.mine(10_000)
    assert.equal(await payouts.read.blockOf([7n]), paidIn)
    const [paid] = await payouts.getEvents.Paid({ id: 7n }, { fromBlock: paidIn, toBlock: paidIn })
    assert.equal(paid?.args.amount, parseEther('12.5'))
    assert.equal(await payouts.read.blockOf([8n]), 0n)
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.pay([7n, alice.account.address, usdt.address, 1n], asPayer),
      payouts,
      'PayoutsIdUsed',
      [7n, State.Paid],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(payouts.write.cancel([7n], asPayer), payouts, 'PayoutsIdUsed', [
      7n,
      State.Paid,
    ])
    assert.equal(await usdt.read.balanceOf([alice.account.address]), parseEther('12.5'))
  })

  it('a cancelled id is never paid, nor cancelled again; the payer or the owner may cancel, nobody else', async () => {
    const { payouts, usdt, owner, payer, alice, stranger, asPayer } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.emitWithArgs(payouts.write.cancel([3n], asPayer), payouts, 'Cancelled', [
      3n,
      getAddress(payer.account.address),
    ])
    assert.equal(await payouts.read.stateOf([3n]), State.Cancelled)
    assert.equal(await payouts.read.blockOf([3n]), await client.getBlockNumber())
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.pay([3n, alice.account.address, usdt.address, 1n], asPayer),
      payouts,
      'PayoutsIdUsed',
      [3n, State.Cancelled],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(payouts.write.cancel([3n]), payouts, 'PayoutsIdUsed', [
      3n,
      State.Cancelled,
    ])
    await viem.assertions.emitWithArgs(payouts.write.cancel([4n]), payouts, 'Cancelled', [
      4n,
      getAddress(owner.account.address),
    ])
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.cancel([5n], { account: stranger.account }),
      payouts,
      'PayoutsNotPayer',
      [getAddress(stranger.account.address)],
    )
    assert.equal(await payouts.read.stateOf([5n]), State.Unused)
    assert.equal(await usdt.read.balanceOf([alice.account.address]), 0n)
  })

  it('only the payer pays: the owner, a stranger and the recipient are refused', async () => {
    const { payouts, usdt, owner, alice, stranger } = await networkHelpers.loadFixture(deployFixture)
    for (const who of [owner, stranger, alice]) {
      await viem.assertions.revertWithCustomErrorWithArgs(
        payouts.write.pay([1n, who.account.address, usdt.address, 1n], { account: who.account }),
        payouts,
        'PayoutsNotPayer',
        [getAddress(who.account.address)],
      )
    }
    assert.equal(await payouts.read.stateOf([1n]), State.Unused)
  })

  it('refuses a payout to or of the zero address, of nothing, or in a token that is no contract', async () => {
    const { payouts, usdt, alice, asPayer } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.revertWithCustomError(
      payouts.write.pay([1n, zeroAddress, usdt.address, 1n], asPayer),
      payouts,
      'PayoutsZeroAddress',
    )
    await viem.assertions.revertWithCustomError(
      payouts.write.pay([1n, alice.account.address, zeroAddress, 1n], asPayer),
      payouts,
      'PayoutsZeroAddress',
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.pay([1n, alice.account.address, usdt.address, 0n], asPayer),
      payouts,
      'PayoutsZeroAmount',
      [1n],
    )
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.pay([1n, alice.account.address, alice.account.address, 1n], asPayer),
      payouts,
      'PayoutsNotToken',
      [getAddress(alice.account.address)],
    )
    // a float too small: the transfer reverts and the id stays payable
    await assert.rejects(payouts.write.pay([1n, alice.account.address, usdt.address, parseEther('1001')], asPayer))
    assert.equal(await payouts.read.stateOf([1n]), State.Unused)
    await payouts.write.pay([1n, alice.account.address, usdt.address, parseEther('1000')], asPayer)
    assert.equal(await payouts.read.stateOf([1n]), State.Paid)
  })

  it('a token that calls back into pay or cancel during the transfer is refused by the reentrancy guard', async () => {
    const { payouts, owner, alice } = await networkHelpers.loadFixture(deployFixture)
    const attacker = await viem.deployContract('PayoutsAttacker', [payouts.address])
    await payouts.write.setPayer([attacker.address], { account: owner.account })
    await attacker.write.attack([9n, alice.account.address])
    const outcomes = await attacker.read.outcomes()
    assert.equal(outcomes.length, 3)
    for (const data of outcomes) {
      assert.equal(decodeErrorResult({ abi: payouts.abi, data }).errorName, 'ReentrancyGuardReentrantCall')
    }
    assert.equal(await payouts.read.stateOf([9n]), State.Paid)
    assert.equal(await payouts.read.stateOf([10n]), State.Unused)
  })

  it('the owner sets the payer (evented; zero stops every payout) and takes the float back; nobody else may', async () => {
    const { payouts, usdt, owner, payer, alice, stranger, asPayer } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.setPayer([stranger.account.address], { account: stranger.account }),
      payouts,
      'OwnableUnauthorizedAccount',
      [getAddress(stranger.account.address)],
    )
    await viem.assertions.emitWithArgs(payouts.write.setPayer([zeroAddress]), payouts, 'PayerUpdated', [
      getAddress(payer.account.address),
      zeroAddress,
    ])
    assert.equal(await payouts.read.payer(), zeroAddress)
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.pay([1n, alice.account.address, usdt.address, 1n], asPayer),
      payouts,
      'PayoutsNotPayer',
      [getAddress(payer.account.address)],
    )
    // the float is the operator's: all of it is excess
    assert.equal(await payouts.read.excessOf([usdt.address]), parseEther('1000'))
    await viem.assertions.revertWithCustomErrorWithArgs(
      payouts.write.withdrawExcess([usdt.address, stranger.account.address, 1n], { account: stranger.account }),
      payouts,
      'OwnableUnauthorizedAccount',
      [getAddress(stranger.account.address)],
    )
    await viem.assertions.emitWithArgs(
      payouts.write.withdrawExcess([usdt.address, owner.account.address, parseEther('1000')]),
      payouts,
      'ExcessWithdrawn',
      [getAddress(usdt.address), getAddress(owner.account.address), parseEther('1000')],
    )
  })

  it('cannot be initialized twice, nor its implementation at all', async () => {
    const { payouts, stranger } = await networkHelpers.loadFixture(deployFixture)
    await viem.assertions.revertWithCustomError(
      payouts.write.initialize([stranger.account.address, UPGRADE_DELAY, stranger.account.address], {
        account: stranger.account,
      }),
      payouts,
      'InvalidInitialization',
    )
  })
})
