// Issue 19 property test for Burn: random referral trees (chains, stars, mixtures up to 40 deep or wide) and random
// user actions (Main registration, Burn.register, burn for oneself or for another, claims, updatePool, updateUser,
// USDT arriving from outside, time jumps past the orders' expiry). After every action: no action reverted except
// with a documented user error, and the contract holds at least what it owes (getReserves). After every run: each
// team figure on chain equals the off-chain recount (helpers/teams.ts), every level follows the thresholds, and
// everyone can claim what is owed. FUZZ_DEEP=1 runs many more; FC_SEED=<seed> replays a printed failure.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { parseEther, zeroAddress, type Address } from 'viem'
import { deployContractsIISystem } from './helpers/contractsII.ts'
import {
  attempt,
  assertOverRandomTrees,
  FIXED_TREES,
  levelOf,
  MAX_NODES,
  nodeAddress,
  parentMap,
  type Tree,
} from './helpers/property.ts'
import { assertTeams } from './helpers/teams.ts'

const node = fc.nat(MAX_NODES - 1)
const actionArbitrary = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('join' as const), who: node }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('register' as const), who: node, code: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('burn' as const),
      who: node,
      payer: fc.option(node, { freq: 3 }), // null: the account pays its own order
      times: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: 60 })),
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('claim' as const), who: node }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('updatePool' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('updateUser' as const), who: node }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('fund' as const), usdt: fc.integer({ min: 1, max: 5_000 }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      // within a day, or past the orders' expiry (outDays * dayTimes = 30 * 600 s on the local chain)
      seconds: fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 18_000, max: 40_000 })),
    }),
    weight: 2,
  },
)

type Action = typeof actionArbitrary extends fc.Arbitrary<infer T> ? T : never

describe('Burn properties (random trees and actions)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  async function fixture() {
    const s = await deployContractsIISystem(connection)
    for (let i = 0; i < MAX_NODES; i++) {
      const account = nodeAddress(i)
      await networkHelpers.impersonateAccount(account)
      await networkHelpers.setBalance(account, parseEther('10'))
      await s.usdt.write.mint([account, parseEther('1000000')])
      await s.usdt.write.approve([s.burn.address, 2n ** 255n], { account })
    }
    return s
  }
  type System = Awaited<ReturnType<typeof fixture>>

  async function assertSolvent(s: System, after: string) {
    const held = await s.usdt.read.balanceOf([s.burn.address])
    const r = await s.burn.read.getReserves()
    const owed = r.pool + r.orders + r.balances + r.swap
    assert.ok(held >= owed, `after ${after}: Burn holds ${held} USDT but owes ${owed}`)
  }

  async function run(s: System, tree: Tree, actions: Action[]) {
    const n = tree.length
    const genesis = s.deployer.account.address
    const joined = new Set<number>()
    const inBurn = new Set<number>()
    const volume = new Map<string, bigint>()
    const { burnEvery } = await s.burn.read.getConfig()
    const referrer = (i: number): Address => {
      const p = tree[i]?.parent ?? -1
      return p < 0 ? genesis : nodeAddress(p)
    }
    const join = async (i: number) => {
      const ok = await attempt(
        `Main.register of node ${i}`,
        ['MainAlreadyRegistered', 'MainReferrerNotRegistered'],
        () => s.main.write.register([referrer(i)], { account: nodeAddress(i) }),
      )
      if (ok) joined.add(i)
    }
    for (const [i, { joinsAtStart }] of tree.entries()) if (joinsAtStart) await join(i)

    for (const action of actions) {
      const label = JSON.stringify(action)
      switch (action.kind) {
        case 'join':
          await join(action.who % n)
          break
        case 'register': {
          const i = action.who % n
          const code = action.code ? referrer(i) : zeroAddress
          const ok = await attempt(label, ['BurnNotRegistered', 'BurnAlreadyRegistered'], () =>
            s.burn.write.register([code], { account: nodeAddress(i) }),
          )
          assert.equal(ok, joined.has(i) && !inBurn.has(i), `${label}: Burn.register succeeds exactly when it may`)
          if (ok) inBurn.add(i)
          break
        }
        case 'burn': {
          const i = action.who % n
          const payer = nodeAddress(action.payer === null ? i : action.payer % n)
          const times = BigInt(action.times)
          const ok = await attempt(label, ['BurnNotRegistered'], () =>
            s.burn.write.burn([nodeAddress(i), times, times * burnEvery, false], { account: payer }),
          )
          assert.equal(ok, joined.has(i), `${label}: an order for a Main member always succeeds`)
          if (ok) {
            inBurn.add(i)
            volume.set(nodeAddress(i), (volume.get(nodeAddress(i)) ?? 0n) + times * burnEvery)
          }
          break
        }
        case 'claim':
          await attempt(label, ['BurnNothingToClaim'], () =>
            s.burn.write.claimReward({ account: nodeAddress(action.who % n) }),
          )
          break
        case 'updatePool':
          await s.burn.write.updatePool({ account: nodeAddress(0) })
          break
        case 'updateUser':
          await s.burn.write.updateUser([nodeAddress(action.who % n)], { account: nodeAddress(0) })
          break
        case 'fund':
          await s.usdt.write.mint([s.burn.address, parseEther(String(action.usdt))])
          break
        case 'time':
          await networkHelpers.time.increase(action.seconds)
          break
      }
      await assertSolvent(s, label)
    }

    // team figures: every Main member (and the genesis) against the off-chain recount; levels from the thresholds
    const { teamAmounts } = await s.burn.read.getConfigMulti()
    const accounts = [genesis, ...[...joined].map(nodeAddress)]
    await assertTeams(accounts, parentMap(genesis, tree, joined), volume, async (account) => {
      const team = await s.burn.read.teams([account])
      // Burn's level counts the volume outside the largest leg (teamMin, checked against the recount right after)
      assert.equal(team.level, levelOf(team.teamMin, teamAmounts), `level of ${account}`)
      return team
    })

    // everyone takes out what is owed, after every order has expired; the contract stays solvent throughout
    await networkHelpers.time.increase(40_000)
    await s.burn.write.updatePool({ account: nodeAddress(0) })
    for (const i of inBurn) {
      const account = nodeAddress(i)
      await attempt(`final claim of node ${i}`, ['BurnNothingToClaim'], () => s.burn.write.claimReward({ account }))
      assert.equal((await s.burn.read.users([account])).balance, 0n, `node ${i} took out its whole balance`)
      await assertSolvent(s, `final claim of node ${i}`)
    }
    const reserves = await s.burn.read.getReserves()
    assert.equal(reserves.orders, 0n, 'no expired order keeps accrued dividends after the last claims')
  }

  it('no action reverts for an accounting reason; team figures match the recount; held >= owed', async () => {
    await assertOverRandomTrees({
      actions: actionArbitrary,
      defaultRuns: 15,
      deepRuns: 300,
      check: async (tree, actions) => run(await networkHelpers.loadFixture(fixture), tree, actions),
    })
  })

  it('a deep chain and a wide star of 40 with every member ordering: figures match, everyone can claim', async () => {
    for (const tree of FIXED_TREES) {
      const s = await networkHelpers.loadFixture(fixture)
      const actions = tree.map((_, i) => ({ kind: 'burn' as const, who: i, payer: null, times: 1 + (i % 7) }))
      await run(s, tree, [...actions, { kind: 'time', seconds: 20_000 }, ...actions.slice(0, 10)])
    }
  })
})
