// The worst case at the largest `algebra` (20 generations, issue 20): a fresh account's first order at the bottom of
// a 20-deep chain of active members (each with a live order, so each is credited: the direct share, 19 indirect
// shares in Burn, and a team differential at every level that rises along the walk, placed beyond the 8 generations
// that team figures count, so that the walk past them is measured). Burn: 20 referral + 5 team credits, 26 Log
// entries; Fomo: 2 referral + 3 team credits (Fomo's `algebra` bounds its team rewards; its referral shares are 2
// generations; the team credits of 19 and 20 generations up are beyond the 8 that team figures count), 6 entries. Each must fit a BSC block comfortably (BSC blocks hold ~140,000,000 gas: held to
// 3,000,000 here) and equal what contracts/README.md ("Gas at the largest algebra") states.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { type Address, type Hash, getAddress, parseEther, parseEventLogs } from 'viem'
import { localContractsII } from '../config/contractsII.ts'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { deployContractsIIISystem } from './InfoSystem.ts'
import { deployContractsIISystem } from './helpers/contractsII.ts'

const DEPTH = 20
const BLOCK_SHARE = 3_000_000n
/** The figures of contracts/README.md, each allowed 1,000 gas of slack. */
const DOCUMENTED = { burn: 2_320_968n, fomo: 1_048_284n }

type Connection = Awaited<ReturnType<typeof network.create>>

/** Registers a chain of `DEPTH` impersonated accounts under `top` (nearest to the top first) and one buyer below. */
async function chain(
  connection: Connection,
  main: { write: { register: (args: [Address], o: { account: Address }) => Promise<Hash> } },
  top: Address,
) {
  const { networkHelpers } = connection
  const accounts: Address[] = []
  let previous = top
  for (let i = 0; i <= DEPTH; ++i) {
    const account = `0x${(0xa1ce0000 + i).toString(16).padStart(40, '0')}` as Address
    await networkHelpers.impersonateAccount(account)
    await networkHelpers.setBalance(account, parseEther('10'))
    await main.write.register([previous], { account })
    accounts.push(account)
    previous = account
  }
  const buyer = accounts.pop() as Address
  return { members: accounts, buyer }
}

describe(`Worst cases at the largest algebra (${DEPTH}): an order under ${DEPTH} active generations`, () => {
  it('Burn.burn: 25 credits, 26 Log entries', async () => {
    const connection = await network.create()
    const s = await deployContractsIISystem(connection)
    const { burn, usdt, log, publicClient } = s
    const { members, buyer } = await chain(connection, s.main, s.deployer.account.address)
    const unit = localContractsII.burn.burnEvery
    for (const account of [...members, buyer]) {
      await usdt.write.mint([account, unit * 10n])
      await usdt.write.approve([burn.address, 2n ** 255n], { account })
    }
    // algebra 20: the indirect share must fit 19 times (community 50 % + direct 10 % + 19 x 0.5 % + team + NFT + swap)
    const multi = await burn.read.getConfigMulti()
    await burn.write.setConfigMulti([
      { ...multi, burnRates: [multi.burnRates[0], multi.burnRates[1], 50n, multi.burnRates[3], multi.burnRates[4]] },
    ])
    const { addTime: _, ...settings } = await burn.read.getConfig()
    await burn.write.setConfig([{ ...settings, algebra: BigInt(DEPTH) }])
    for (const account of members) await burn.write.burn([account, 1n, unit, false], { account })
    // rising team levels far up the walk (members[0] is the top: generation 20 of the buyer)
    for (let level = 1; level <= 5; ++level)
      await burn.write.setTeam([members[5 - level] as Address, true, BigInt(level)])
    const hash = await burn.write.burn([buyer, 1n, unit, false], { account: buyer })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const credits = parseEventLogs({ abi: burn.abi, logs: receipt.logs, eventName: 'RewardCredited' })
    assert.equal(credits.length, DEPTH + 5, 'a direct, 19 indirect and 5 team credits')
    assert.equal(parseEventLogs({ abi: log.abi, logs: receipt.logs, eventName: 'LogAdded' }).length, DEPTH + 6)
    assert.ok(receipt.gasUsed < BLOCK_SHARE, `${receipt.gasUsed} gas`)
    const gap = receipt.gasUsed - DOCUMENTED.burn
    assert.ok(gap <= 1_000n && gap >= -1_000n, `Burn.burn at algebra ${DEPTH}: ${receipt.gasUsed} gas (README)`)
  })

  it('Fomo.burn: 5 credits, 6 Log entries, team rewards beyond the 8 generations of team figures', async () => {
    const connection = await network.create()
    const s = await deployContractsIIISystem(connection)
    const { fomo, usdt, log, publicClient } = s
    const { members, buyer } = await chain(connection, s.main, s.deployer.account.address)
    for (const account of [...members, buyer]) {
      await usdt.write.mint([account, local.fomo.userMax * 2n])
      await usdt.write.approve([fomo.address, 2n ** 255n], { account })
    }
    const { lastIndex: _l, totalRewardFOM: _t, totalExtract: _e, ...settings } = await fomo.read.getConfig()
    await fomo.write.setConfig([{ ...settings, algebra: BigInt(DEPTH) }])
    for (const account of members) await fomo.write.burn([0n, 1n, local.fomo.roundMin, true], { account })
    for (let level = 1; level <= 4; ++level)
      await fomo.write.setTeamLevel([members[4 - level] as Address, BigInt(level), true])
    const hash = await fomo.write.burn([0n, 1n, local.fomo.userMax, true], { account: buyer })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    const team = parseEventLogs({ abi: fomo.abi, logs: receipt.logs, eventName: 'TeamRewarded' })
    // the order itself lifts its nearest ancestors to V2 (their first differential); the manual V3 and V4 at 19
    // and 20 generations up, beyond the 8 that team figures count, take the rest
    assert.deepEqual(
      team.map((e) => [e.args.account, e.args.level]),
      [
        [members[DEPTH - 1], 2n],
        [members[1], 3n],
        [members[0], 4n],
      ].map(([account, level]) => [getAddress(account as Address), level]),
    )
    assert.equal(parseEventLogs({ abi: log.abi, logs: receipt.logs, eventName: 'LogAdded' }).length, 6)
    assert.ok(receipt.gasUsed < BLOCK_SHARE, `${receipt.gasUsed} gas`)
    const gap = receipt.gasUsed - DOCUMENTED.fomo
    assert.ok(gap <= 1_000n && gap >= -1_000n, `Fomo.burn at algebra ${DEPTH}: ${receipt.gasUsed} gas (README)`)
  })
})
