import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { type Address, encodeAbiParameters, keccak256, pad, parseEther, toHex } from 'viem'

/** TeamLib's packed member word: teamAmount bits 0-95, leg 96-191, teamUser 192-215, maxIndex 216-247. */
const TEAM_USER = 192n
const FULL = 2n ** 24n - 1n
/** Main indexes of 2**32 and more: the library keeps such a largest leg by account, and asks Main nothing. */
const BIG_INDEX = 2n ** 40n

describe('TeamLib (team figures of a referral tree)', async () => {
  const { viem, networkHelpers } = await network.create()

  async function fixture() {
    const teamLib = await viem.deployContract('TeamLib')
    const harness = await viem.deployContract('TeamLibHarness', [], { libraries: { TeamLib: teamLib.address } })
    const [top, a, b, c] = (await viem.getWalletClients()).map((w) => w.account.address) as [
      Address,
      Address,
      Address,
      Address,
    ]
    return { harness, top, a, b, c }
  }

  it('counts members in teamUser until 2**24 - 1, then saturates: a first order under a full count is still added', async () => {
    const { harness, top, a, b, c } = await networkHelpers.loadFixture(fixture)
    const order = (account: Address, index: bigint, first: boolean) =>
      harness.write.add([account, index, [top], [BIG_INDEX], parseEther('100'), first])
    await order(a, BIG_INDEX + 1n, true)
    assert.equal((await harness.read.figures([top])).teamUser, 1n)
    // 16,777,214 members below `top`: set its word's teamUser field (the slot of `_teams.members[top]`)
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [top, 0n]))
    const publicClient = await viem.getPublicClient()
    const word = BigInt((await publicClient.getStorageAt({ address: harness.address, slot })) ?? 0)
    await networkHelpers.setStorageAt(
      harness.address,
      slot,
      pad(toHex((word & ~(FULL << TEAM_USER)) | ((FULL - 1n) << TEAM_USER))),
    )
    await order(b, BIG_INDEX + 2n, true)
    assert.equal((await harness.read.figures([top])).teamUser, FULL)
    // the count is full: the next member's first order (and a later order) are added all the same
    await order(c, BIG_INDEX + 3n, true)
    await order(a, BIG_INDEX + 1n, false)
    const figures = await harness.read.figures([top])
    assert.equal(figures.teamUser, FULL)
    assert.equal(figures.teamAmount, 4n * parseEther('100'))
    assert.equal(figures.teamMax, 2n * parseEther('100')) // a's leg: its two orders
    assert.equal(figures.maxAccount.toLowerCase(), a.toLowerCase())
    // the fields beside the count are intact
    const after = BigInt((await publicClient.getStorageAt({ address: harness.address, slot })) ?? 0)
    assert.equal((after >> 216n) & 0xffffffffn, 0xffffffffn) // maxIndex: the largest leg is kept by account
    assert.equal(after >> 248n, 0n) // no manual level
    assert.equal((after >> TEAM_USER) & FULL, FULL)
  })
})
