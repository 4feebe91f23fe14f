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
import { type Address, getAddress, parseEventLogs } from 'viem'
import { localContractsIII as local } from '../config/contractsIII.ts'
import { burnUnderActiveChain, fomoUnderActiveChain, MAX_ALGEBRA } from './helpers/gasCases.ts'

const DEPTH = MAX_ALGEBRA
const BLOCK_SHARE = 3_000_000n
/** The figures of contracts/README.md, each allowed 1,000 gas of slack. */
const DOCUMENTED = { burn: 1_177_075n, fomo: 815_434n }

describe(`Worst cases at the largest algebra (${DEPTH}): an order under ${DEPTH} active generations`, () => {
  it('Burn.burn: 25 credits, 26 Log entries', async () => {
    const connection = await network.create()
    // algebra 20: the indirect share must fit 19 times (community 50 % + direct 10 % + 19 x 0.5 % + team + NFT + swap);
    // rising team levels far up the walk (members[0] is the top: generation 20 of the buyer)
    const { s, buyer, unit } = await burnUnderActiveChain(connection, DEPTH)
    const { burn, log, publicClient } = s
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
    const { s, members, buyer } = await fomoUnderActiveChain(connection, DEPTH)
    const { fomo, log, publicClient } = s
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
