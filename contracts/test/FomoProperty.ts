// Issue 19 property test for Fomo: random referral trees (chains, stars, mixtures up to 40 deep or wide) and random
// user actions (Main registration, orders in every tier paid in USDT or NEX, releases by the owner and forced ones,
// balance and prize claims, updatePool, updateUser, addBalance, time jumps past round ends, locks and the forced
// release date). After every action: no action reverted except with a documented user error, and the pool holds at
// least what it owes (solvency: `excessOf(usdt)` still covers a known amount sent to it by mistake, so any deficit in
// its buckets shows). After every run: each team figure on chain equals the off-chain recount (helpers/teams.ts),
// every level follows the thresholds, and everyone can take out principals, balances and prizes.
// FUZZ_DEEP=1 runs many more; FC_SEED=<seed> replays a printed failure.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { parseEther, type Address } from 'viem'
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
import { deployContractsIIISystem } from './InfoSystem.ts'

/** USDT sent to the pool by mistake at the start: `excessOf(usdt)` must never fall below it. */
const STRAY = parseEther('1000')
/** Past every lock (360 days of 600 s) and the forced-release delay (30 days of 600 s). */
const PAST_EVERYTHING = 360 * 600 + 30 * 600 + 1

const node = fc.nat(MAX_NODES - 1)
const actionArbitrary = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('join' as const), who: node }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('burn' as const),
      who: node,
      tier: fc.nat(4),
      times: fc.integer({ min: 1, max: 3 }),
      usdt: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: 20_000 })),
      isUSDT: fc.boolean(), // false: paid in NEX at the TWAP
    }),
    weight: 6,
  },
  { arbitrary: fc.record({ kind: fc.constant('release' as const), order: fc.nat(), by: fc.option(node) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('claim' as const), who: node }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('prize' as const), who: node, round: fc.nat(4) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('updatePool' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('updateUser' as const), who: node }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('addBalance' as const),
      who: node,
      usdt: fc.integer({ min: 1, max: 2_000 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      // within a day (600 s), past a round (3,600 s), or past locks and the forced-release date
      seconds: fc.oneof(
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 3_600, max: 20_000 }),
        fc.integer({ min: 18_000, max: PAST_EVERYTHING }),
      ),
    }),
    weight: 2,
  },
)
type Action = typeof actionArbitrary extends fc.Arbitrary<infer T> ? T : never

describe('Fomo properties (random trees and actions)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    for (let i = 0; i < MAX_NODES; i++) {
      const account = nodeAddress(i)
      await networkHelpers.impersonateAccount(account)
      await networkHelpers.setBalance(account, parseEther('10'))
      await s.usdt.write.mint([account, parseEther('1000000')])
      await s.token.write.transfer([account, parseEther('100000')])
      await s.usdt.write.approve([s.fomo.address, 2n ** 255n], { account })
      await s.token.write.approve([s.fomo.address, 2n ** 255n], { account })
    }
    await s.usdt.write.mint([s.fomo.address, STRAY])
    return s
  }
  type System = Awaited<ReturnType<typeof fixture>>

  async function assertSolvent(s: System, after: string) {
    const excess = await s.fomo.read.excessOf([s.usdt.address])
    assert.ok(excess >= STRAY, `after ${after}: Fomo holds ${STRAY - excess} USDT less than it owes`)
  }

  async function run(s: System, tree: Tree, actions: Action[]) {
    const n = tree.length
    const genesis = s.deployer.account.address
    const joined = new Set<number>()
    const volume = new Map<string, bigint>()
    const orders: { index: bigint; owner: number }[] = []
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
    const { handleGas } = await s.fomo.read.getConfig()

    for (const action of actions) {
      const label = JSON.stringify(action)
      switch (action.kind) {
        case 'join':
          await join(action.who % n)
          break
        case 'burn': {
          const i = action.who % n
          const account = nodeAddress(i)
          // NEX payments stay small so that the sale stays within the pool's slippage bound
          const usdt = action.isUSDT ? action.usdt : Math.min(action.usdt, 300)
          if (!action.isUSDT) {
            // an account short of NEX cannot pay (the token's own error); such an order is not sent
            const need = await s.fomo.read.getSwapIn([BigInt(action.times) * parseEther(String(usdt))])
            if ((await s.token.read.balanceOf([account])) < (need * 11n) / 10n) break
          }
          const ok = await attempt(label, ['FomoNotRegistered', 'FomoAmountOutOfRange'], () =>
            s.fomo.write.burn([BigInt(action.tier), BigInt(action.times), parseEther(String(usdt)), action.isUSDT], {
              account,
            }),
          )
          if (!joined.has(i)) assert.equal(ok, false, `${label}: an account outside Main cannot order`)
          if (ok) {
            const index = (await s.fomo.read.getTotals()).totalOrder
            const order = await s.fomo.read.orders([index])
            assert.equal(order.owner, account, `${label}: order ${index} is the new one`)
            orders.push({ index, owner: i })
            volume.set(account, (volume.get(account) ?? 0n) + order.amount)
          }
          break
        }
        case 'release': {
          if (orders.length === 0) break
          const order = orders[action.order % orders.length] as (typeof orders)[number]
          const by = nodeAddress(action.by === null ? order.owner : action.by % n)
          await attempt(label, ['FomoOrderLocked', 'FomoForceOutTooEarly', 'FomoOrderNotActive'], () =>
            s.fomo.write.release([order.index], { account: by }),
          )
          break
        }
        case 'claim':
          await attempt(label, ['FomoNothingToClaim'], () =>
            s.fomo.write.claimReward([0n], { account: nodeAddress(action.who % n), value: handleGas }),
          )
          break
        case 'prize':
          await attempt(label, ['FomoRoundNotSettled', 'FomoNoPrize'], () =>
            s.fomo.write.claimReward([BigInt(action.round + 1)], {
              account: nodeAddress(action.who % n),
              value: handleGas,
            }),
          )
          break
        case 'updatePool':
          await s.fomo.write.updatePool({ account: nodeAddress(0) })
          break
        case 'updateUser':
          await s.fomo.write.updateUser([nodeAddress(action.who % n)], { account: nodeAddress(0) })
          break
        case 'addBalance':
          await s.fomo.write.addBalance([parseEther(String(action.usdt))], { account: nodeAddress(action.who % n) })
          break
        case 'time':
          await networkHelpers.time.increase(action.seconds)
          break
      }
      await assertSolvent(s, label)
    }

    // team figures: every Main member (and the genesis) against the off-chain recount; levels from the thresholds
    const { teamAmounts } = await s.fomo.read.getConfigMulti()
    const accounts = [genesis, ...[...joined].map(nodeAddress)]
    await assertTeams(accounts, parentMap(genesis, tree, joined), volume, async (account) => {
      const team = await s.fomo.read.teams([account])
      // Fomo's level counts the whole team volume (teamAmount, checked against the recount right after)
      assert.equal(team.level, levelOf(team.teamAmount, teamAmounts), `level of ${account}`)
      return team
    })

    // everyone takes out what is owed: every principal after its lock, every balance, every prize
    await networkHelpers.time.increase(PAST_EVERYTHING)
    await s.fomo.write.updatePool({ account: nodeAddress(0) })
    for (const order of orders) {
      await attempt(`final release of order ${order.index}`, ['FomoOrderNotActive'], () =>
        s.fomo.write.release([order.index], { account: nodeAddress(order.owner) }),
      )
      await assertSolvent(s, `final release of order ${order.index}`)
    }
    const rounds = (await s.fomo.read.getTotals()).roundEndIndex
    for (const i of joined) {
      const account = nodeAddress(i)
      for (let round = 1n; round < rounds; round++) {
        await attempt(`final prize of node ${i} in round ${round}`, ['FomoNoPrize'], () =>
          s.fomo.write.claimReward([round], { account, value: handleGas }),
        )
      }
      await attempt(`final claim of node ${i}`, ['FomoNothingToClaim'], () =>
        s.fomo.write.claimReward([0n], { account, value: handleGas }),
      )
      assert.equal((await s.fomo.read.users([account])).balance, 0n, `node ${i} took out its whole balance`)
      await assertSolvent(s, `final claims of node ${i}`)
    }
  }

  it('no action reverts for an accounting reason; team figures match the recount; held >= owed', async () => {
    await assertOverRandomTrees({
      actions: actionArbitrary,
      defaultRuns: 12,
      deepRuns: 300,
      check: async (tree, actions) => run(await networkHelpers.loadFixture(fixture), tree, actions),
    })
  })

  it('a deep chain and a wide star of 40 with every member ordering: figures match, everyone can take out', async () => {
    for (const tree of FIXED_TREES) {
      const s = await networkHelpers.loadFixture(fixture)
      const actions: Action[] = tree.map((_, i) => ({
        kind: 'burn',
        who: i,
        tier: i % 5,
        times: 1 + (i % 3),
        usdt: 100 + 250 * i,
        isUSDT: true,
      }))
      await run(s, tree, [...actions, { kind: 'time', seconds: 4_000 }, ...actions.slice(0, 10)])
    }
  })
})
