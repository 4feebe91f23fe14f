// The team figures of SPEC.md §3 recomputed off-chain from the referral tree and each account's order volume, to
// compare with Burn.teams / Fomo.teams (contracts/libraries/TeamLib.sol keeps them on-chain).
import assert from 'node:assert/strict'
import { getAddress, zeroAddress } from 'viem'

export const TEAM_DEPTH = 8

export type TeamFigures = { teamAmount: bigint; teamUser: bigint; teamMax: bigint; teamMin: bigint; maxAccount: string }

/**
 * Team figures of every account: an order counts for the `depth` nearest ancestors (teamAmount, teamUser once per
 * member with volume) and for the leg of the child through which it reaches each of them.
 * @param parent account -> referrer (checksummed; genesis -> zero address)
 * @param volume account -> the sum of its orders (accounts without orders may be absent)
 */
export function expectedTeams(parent: Map<string, string>, volume: Map<string, bigint>, depth = TEAM_DEPTH) {
  const amount = new Map<string, bigint>()
  const users = new Map<string, bigint>()
  const leg = new Map<string, bigint>()
  const add = (map: Map<string, bigint>, key: string, value: bigint) => map.set(key, (map.get(key) ?? 0n) + value)
  for (const [account, value] of volume) {
    if (value === 0n) continue
    let child = account
    for (let k = 0; k < depth; k++) {
      const ancestor = parent.get(child)
      if (!ancestor || ancestor === zeroAddress) break
      add(amount, ancestor, value)
      add(users, ancestor, 1n)
      add(leg, child, value)
      child = ancestor
    }
  }
  const maxLeg = new Map<string, bigint>()
  for (const [child, value] of leg) {
    const p = parent.get(child) as string
    if (value > (maxLeg.get(p) ?? 0n)) maxLeg.set(p, value)
  }
  return { amount, users, leg, maxLeg }
}

/** Asserts that `read(account)` (the contract's teams view) matches the off-chain figures for every account. */
export async function assertTeams(
  accounts: string[],
  parent: Map<string, string>,
  volume: Map<string, bigint>,
  read: (account: `0x${string}`) => Promise<TeamFigures>,
) {
  const expected = expectedTeams(parent, volume)
  for (const raw of accounts) {
    const account = getAddress(raw)
    const team = await read(account)
    const amount = expected.amount.get(account) ?? 0n
    const max = expected.maxLeg.get(account) ?? 0n
    assert.equal(team.teamAmount, amount, `teamAmount of ${account}`)
    assert.equal(team.teamUser, expected.users.get(account) ?? 0n, `teamUser of ${account}`)
    assert.equal(team.teamMax, max, `teamMax of ${account}`)
    assert.equal(team.teamMin, amount - max, `teamMin of ${account}`)
    if (max > 0n) {
      const maxAccount = getAddress(team.maxAccount)
      assert.equal(parent.get(maxAccount), account, `maxAccount of ${account} is a direct invitee`)
      assert.equal(expected.leg.get(maxAccount), max, `maxAccount of ${account} holds the largest leg`)
    }
  }
}
