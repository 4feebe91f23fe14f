// Issue 19 property test for Mining (fast-check, test/helpers/property.ts): random referral trees (chains, stars,
// mixtures up to 40 deep or wide, some members joining Main late) and random sequences of deposits in every tier
// (below, within and above the bounds), reward claims, stake releases, updatePool/updateUser/performUpkeep, NEX added
// to the emission budget and sent from outside, the owner's withdrawExcess, blacklist and pause, the owner's
// setConfig/setConfigMulti with random values in and out of bounds, and time jumps. After every action, counted from
// outside (the chain's balances and every record, never the contract's own running totals alone):
// - a revert is one of the action's documented user errors, and a deposit none applies to succeeds;
// - every claim of an owed amount succeeds: a reward claim whenever the balance shown is non-zero and `addTime` has
//   passed, a release whenever the stake is unlocked and not yet released, paused and blacklisted too; a claim pays
//   exactly the balance less the fee, a release exactly the stake's `actual`;
// - solvency: the NEX Mining holds, less what arrived from outside and was not taken back, is at least what it owes
//   (every valid stake's `actual` + every account's reward balance + the emission budget left); the NEX held is all
//   that came in less all that went out; withdrawExcess takes exactly up to `excessOf` and never what is owed;
// - totals equal the sum of the records: totalAmount, totalForce, totalStakes, totalRelease, totalUserValid and the
//   tier totals against the stakes; each account's amount, force and invite forces against its stakes and its
//   invitees' stakes; a stake's invite forces are its rates at the deposit, none for a referrer blacklisted then;
//   the emission budget + what was emitted never exceed what was funded;
// - stake terms never change, a released stake stays released; rewards and totalExtract only grow;
// - setConfig/setConfigMulti accept exactly the values within bounds and a refused call changes nothing.
// At the end every stake is released and every balance claimed, paused and blacklisted as the sequence left them.
// FUZZ_DEEP=1 runs many more; FC_SEED=<seed> replays a printed failure.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { getAddress, parseEther, parseEventLogs, type Address } from 'viem'
import {
  assertOverRandomTrees,
  attempt,
  FIXED_TREES,
  MAX_NODES,
  nodeAddress,
  outcome,
  type Tree,
  prepareNodes,
} from './helpers/property.ts'
import { deployContractsIIISystem } from './InfoSystem.ts'

const BPS = 10_000n
const DAY = 7n * 86_400n // Mining's MAX_DAY_TIMES and MAX_ADD_TIME
const node = fc.nat(MAX_NODES - 1)
const nex = fc.oneof(
  fc.integer({ min: 1, max: 99 }), // below the local userMin (100)
  fc.integer({ min: 100, max: 5_000 }),
  fc.integer({ min: 5_000, max: 150_000 }), // above a random userMax, alone or with earlier stakes
)
const funds = fc.integer({ min: 1, max: 20_000 })
const actionArbitrary = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('join' as const), who: node }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('deposit' as const), who: node, tier: fc.nat(6), amount: nex }),
    weight: 7,
  },
  { arbitrary: fc.record({ kind: fc.constant('claim' as const), who: node }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('release' as const), who: node, pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('updatePool' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('updateUser' as const), who: node }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('upkeep' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('addMint' as const), amount: funds }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('stray' as const), amount: funds }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('withdraw' as const), all: fc.boolean(), amount: funds }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('blacklist' as const), who: node, on: fc.boolean() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('pause' as const), on: fc.boolean() }), weight: 1 },
  {
    // the owner's settings, mostly within bounds, sometimes one step outside
    arbitrary: fc.record({
      kind: fc.constant('config' as const),
      addTime: fc.oneof(fc.integer({ min: 0, max: 3_600 }), fc.constantFrom(Number(DAY), Number(DAY) + 1)),
      dayTimes: fc.oneof(fc.integer({ min: 60, max: 3_000 }), fc.constantFrom(59, Number(DAY), Number(DAY) + 1)),
      mintDay: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(1_000_000, 1_000_001)),
      userMin: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.constant(0)),
      userMax: fc.oneof(fc.integer({ min: 500, max: 200_000 }), fc.integer({ min: 0, max: 499 })),
      handleGas: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: parseEther('0.01') + 1n })),
      feeRate: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.constant(2_001)),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('multi' as const),
      inviteRates: fc.array(fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.constant(5_001)), {
        minLength: 3,
        maxLength: 3,
      }),
      stakeDays: fc.array(fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constantFrom(0, 1_000, 1_001)), {
        minLength: 6,
        maxLength: 6,
      }),
      stakeRates: fc.array(fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(10_001)), {
        minLength: 6,
        maxLength: 6,
      }),
      stakeForces: fc.array(fc.oneof(fc.integer({ min: 1, max: 40_000 }), fc.constantFrom(0, 100_001)), {
        minLength: 6,
        maxLength: 6,
      }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      // within a local day (600 s), or across the stakes' ends (7..180 local days = 4,200..108,000 s)
      seconds: fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 600, max: 120_000 })),
    }),
    weight: 3,
  },
)
type Action = typeof actionArbitrary extends fc.Arbitrary<infer T> ? T : never

describe('Mining properties (random trees, stakes, claims and owner changes)', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    await prepareNodes(networkHelpers, parseEther('1000'), async (account) => {
      await s.token.write.transfer([account, parseEther('150000')])
      await s.token.write.approve([s.mining.address, 2n ** 255n], { account })
    })
    await s.token.write.approve([s.mining.address, 2n ** 255n]) // the deployer funds the emission budget
    return s
  }
  type System = Awaited<ReturnType<typeof fixture>>
  type StakeView = Awaited<ReturnType<System['mining']['read']['stakes']>>

  async function run(s: System, tree: Tree, actions: Action[]) {
    const { mining, token } = s
    const n = tree.length
    const genesis = getAddress(s.deployer.account.address)
    const joined = new Set<number>()
    const blacklisted = new Set<Address>()
    /** stake index -> the invite forces it must carry (its rates at the deposit; none for a blacklisted referrer) */
    const expectedInvite = new Map<bigint, [bigint, bigint, bigint]>()
    const stakesOf = new Map<Address, bigint[]>()
    const referrer = (i: number): Address => {
      const p = tree[i]?.parent ?? -1
      return p < 0 ? genesis : nodeAddress(p)
    }
    /** The 3 nearest referrers of node `i` in Main's tree (the genesis has none). */
    const referrers = (i: number): Address[] => {
      const list: Address[] = []
      for (let p = i; list.length < 3;) {
        const parent = tree[p]?.parent ?? -1
        if (parent < 0) {
          list.push(genesis)
          break
        }
        list.push(nodeAddress(parent))
        p = parent
      }
      return list
    }
    const ownerNode = new Map<Address, number>()
    for (let i = 0; i < n; i++) ownerNode.set(nodeAddress(i), i)
    const accounts = [genesis, ...Array.from({ length: n }, (_, i) => nodeAddress(i))]
    const join = async (i: number) => {
      const ok = await attempt(
        `Main.register of node ${i}`,
        ['MainAlreadyRegistered', 'MainReferrerNotRegistered'],
        () => s.main.write.register([referrer(i)], { account: nodeAddress(i) }),
      )
      if (ok) joined.add(i)
    }
    for (const [i, { joinsAtStart }] of tree.entries()) if (joinsAtStart) await join(i)

    let expectedHeld = await token.read.balanceOf([mining.address])
    /** NEX sent to Mining from outside, and what withdrawExcess took back. */
    let strayIn = 0n
    let withdrawn = 0n
    /** Every NEX that ever became emission budget: the initial fund, addMint, deposits' kept part, claim fees. */
    let budgetIn = (await mining.read.getConfig()).mintSurplus + (await mining.read.getTotals()).totalMint
    let previousStakes: StakeView[] = []
    const previousRewards = new Map<Address, bigint>()
    let previousExtract = 0n
    const now = async () => (await s.publicClient.getBlock()).timestamp

    const check = async (label: string) => {
      const totals = await mining.read.getTotals()
      const config = await mining.read.getConfig()
      const multi = await mining.read.getConfigMulti()
      const time = await now()
      const stakes = await Promise.all(
        Array.from({ length: Number(totals.totalStakes) }, (_, k) => mining.read.stakes([BigInt(k + 1)])),
      )
      const users = new Map<Address, Awaited<ReturnType<typeof mining.read.users>>>()
      for (const account of accounts) users.set(account, await mining.read.users([account]))

      // the records against the sums
      let amount = 0n
      let force = 0n
      let locked = 0n
      let released = 0n
      const tiers = [0n, 0n, 0n, 0n, 0n, 0n]
      const perUser = new Map<Address, { amount: bigint; force: bigint; invite: [bigint, bigint, bigint] }>()
      const entry = (a: Address) => {
        let e = perUser.get(a)
        if (!e) perUser.set(a, (e = { amount: 0n, force: 0n, invite: [0n, 0n, 0n] }))
        return e
      }
      for (const [k, st] of stakes.entries()) {
        const at = `${label}: stake ${st.index}`
        const old = previousStakes[k]
        if (old) {
          const { isValid: _a, status: _b, ...terms } = st
          const { isValid: _c, status: _d, ...oldTerms } = old
          assert.deepEqual(terms, oldTerms, `${at}: its terms never change`)
          if (!old.isValid) assert.equal(st.isValid, false, `${at}: a released stake stays released`)
        }
        assert.equal(st.status, !st.isValid ? 3n : time < st.endTime ? 1n : 2n, `${at}: status`)
        assert.deepEqual(
          [st.forceDirect, st.forceIndirect, st.forceInvite],
          expectedInvite.get(st.index),
          `${at}: its invite forces are its rates at the deposit (none for a blacklisted referrer)`,
        )
        if (!st.isValid) {
          released += st.actual
          continue
        }
        amount += st.amount
        locked += st.actual
        force += st.force + st.forceDirect + st.forceIndirect + st.forceInvite
        tiers[Number(st.tier)] = (tiers[Number(st.tier)] ?? 0n) + st.amount
        const own = entry(getAddress(st.owner))
        own.amount += st.amount
        own.force += st.force
        const i = ownerNode.get(getAddress(st.owner))
        assert.ok(i !== undefined)
        for (const [g, r] of referrers(i).entries()) {
          entry(r).invite[g] =
            (entry(r).invite[g] ?? 0n) + ([st.forceDirect, st.forceIndirect, st.forceInvite][g] ?? 0n)
        }
      }
      previousStakes = stakes
      assert.equal(totals.totalAmount, amount, `${label}: totalAmount is the sum of the valid stakes`)
      assert.equal(totals.totalForce, force, `${label}: totalForce is the sum of the valid stakes' forces`)
      assert.equal(totals.totalRelease, released, `${label}: totalRelease is the sum of the released stakes`)
      assert.deepEqual([...multi.stakeTotals], tiers, `${label}: the tier totals are the sums of their stakes`)
      let valid = 0n
      let balances = 0n
      for (const [account, u] of users) {
        const e = perUser.get(account) ?? { amount: 0n, force: 0n, invite: [0n, 0n, 0n] }
        assert.equal(u.amount, e.amount, `${label}: ${account}'s amount is the sum of its valid stakes`)
        assert.equal(u.force, e.force, `${label}: ${account}'s force is the sum of its valid stakes'`)
        assert.deepEqual(
          [u.forceDirect, u.forceIndirect, u.forceInvite],
          e.invite,
          `${label}: ${account}'s invite forces are the sums over its invitees' valid stakes`,
        )
        if (u.amount > 0n) valid++
        balances += u.balance
        const before = previousRewards.get(account) ?? 0n
        assert.ok(u.rewardTotal >= before, `${label}: ${account}'s rewardTotal only grows`)
        previousRewards.set(account, u.rewardTotal)
      }
      assert.equal(totals.totalUserValid, valid, `${label}: totalUserValid counts the accounts with a valid stake`)
      assert.ok(totals.totalExtract >= previousExtract, `${label}: totalExtract only grows`)
      previousExtract = totals.totalExtract

      // solvency from outside
      const held = await token.read.balanceOf([mining.address])
      assert.equal(held, expectedHeld, `${label}: Mining holds all that came in less all that went out`)
      const stray = strayIn > withdrawn ? strayIn - withdrawn : 0n
      const owed = locked + balances + config.mintSurplus
      assert.ok(held - stray >= owed, `${label}: Mining holds ${held} NEX (${stray} from outside) but owes ${owed}`)
      const excess = await mining.read.excessOf([token.address])
      assert.ok(excess <= held - owed, `${label}: excessOf ${excess} reaches into what is owed (${held - owed} free)`)
      assert.ok(
        config.mintSurplus + totals.totalMint <= budgetIn,
        `${label}: the budget left (${config.mintSurplus}) + emitted (${totals.totalMint}) exceed what was funded (${budgetIn})`,
      )
    }

    const claim = async (label: string, account: Address, mustPay: boolean) => {
      const u = await mining.read.users([account])
      const config = await mining.read.getConfig()
      const time = await now()
      let hash: `0x${string}` | undefined
      const failed = await outcome(label, ['MiningNothingToClaim', 'MiningClaimTooEarly'], async () => {
        hash = await mining.write.claimReward({ account, value: config.handleGas })
      })
      // blocks follow the wall clock too, so only what is owed as of the latest block is certain
      const due = u.lastOut === 0n || time >= u.lastOut + config.addTime
      if (failed === 'MiningClaimTooEarly') assert.ok(!due, `${label}: refused as too early after addTime`)
      if (u.balance > 0n && due) {
        assert.equal(failed, null, `${label}: a claim of an owed ${u.balance} succeeds (paused, blacklisted or not)`)
      }
      if (failed !== null || !hash) {
        if (mustPay) assert.fail(`${label}: the final claim of ${u.balance} failed with ${failed}`)
        return
      }
      const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
      const events = parseEventLogs({ abi: mining.abi, logs: receipt.logs })
      const claimed = events.find((e) => e.eventName === 'RewardClaimed')
      assert.ok(claimed && claimed.eventName === 'RewardClaimed', `${label}: RewardClaimed`)
      assert.ok(claimed.args.amount >= u.balance, `${label}: the claim pays at least the balance shown`)
      const paid = claimed.args.amount - claimed.args.fee
      assert.equal(claimed.args.fee, (claimed.args.amount * config.feeRate) / BPS, `${label}: the fee`)
      const transfer = parseEventLogs({ abi: token.abi, logs: receipt.logs, eventName: 'Transfer' }).filter(
        (e) => getAddress(e.args.from) === getAddress(mining.address),
      )
      assert.deepEqual(
        transfer.map((e) => [getAddress(e.args.to), e.args.value]),
        [[account, paid]],
        `${label}: the claimer receives exactly the reward less the fee`,
      )
      assert.equal((await mining.read.users([account])).balance, 0n, `${label}: nothing left after a claim`)
      expectedHeld -= paid
      budgetIn += claimed.args.fee
    }

    const release = async (label: string, account: Address, index: bigint) => {
      const st = await mining.read.stakes([index])
      const time = await now()
      const failed = await outcome(label, ['MiningStakeLocked', 'MiningStakeCompleted', 'MiningNotStakeOwner'], () =>
        mining.write.claimRelease([index], { account }),
      )
      const mine = st.index !== 0n && getAddress(st.owner) === account
      // blocks follow the wall clock too: unlocked as of the latest block is certain, locked only until the next
      if (mine && st.isValid && time >= st.endTime) {
        assert.equal(failed, null, `${label}: the release of an unlocked stake succeeds (paused, blacklisted or not)`)
      }
      const expected = !mine ? 'MiningNotStakeOwner' : !st.isValid ? 'MiningStakeCompleted' : 'MiningStakeLocked'
      if (failed !== null) assert.equal(failed, expected, `${label}: the release is refused for its own reason`)
      if (failed === null) {
        assert.ok(mine && st.isValid, `${label}: only the owner releases a valid stake`)
        expectedHeld -= st.actual
      }
    }

    for (const action of actions) {
      const label = JSON.stringify(action, (_, v) => (typeof v === 'bigint' ? String(v) : v))
      switch (action.kind) {
        case 'join':
          await join(action.who % n)
          break
        case 'deposit': {
          const i = action.who % n
          const account = nodeAddress(i)
          const amount = parseEther(String(action.amount))
          const config = await mining.read.getConfig()
          const multi = await mining.read.getConfigMulti()
          const u = await mining.read.users([account])
          const paused = await mining.read.paused()
          const max = config.userMax > u.amount ? config.userMax - u.amount : 0n
          // the account's own NEX runs out after a few large stakes: not Mining's concern
          if (amount > (await token.read.balanceOf([account]))) break
          let hash: `0x${string}` | undefined
          const failed = await outcome(
            label,
            [
              'MiningInvalidTier',
              'MiningNotRegistered',
              'MiningAmountOutOfRange',
              'MiningBlacklisted',
              'EnforcedPause',
            ],
            async () => {
              hash = await mining.write.deposit([BigInt(action.tier), amount], { account })
            },
          )
          const may =
            !paused &&
            !blacklisted.has(account) &&
            action.tier < 6 &&
            joined.has(i) &&
            amount >= config.userMin &&
            amount <= max
          assert.equal(failed === null, may, `${label}: a deposit succeeds exactly when no user error applies`)
          if (failed !== null || !hash) break
          const receipt = await s.publicClient.waitForTransactionReceipt({ hash })
          const deposited = parseEventLogs({ abi: mining.abi, logs: receipt.logs, eventName: 'Deposited' })[0]
          assert.ok(deposited)
          const index = deposited.args.index
          const tier = action.tier
          const stakeForce = (amount * (multi.stakeForces[tier] ?? 0n)) / BPS
          const invite = referrers(i).map((r, g) =>
            blacklisted.has(r) ? 0n : (stakeForce * (multi.inviteRates[g] ?? 0n)) / BPS,
          )
          expectedInvite.set(index, [invite[0] ?? 0n, invite[1] ?? 0n, invite[2] ?? 0n])
          assert.equal(deposited.args.actual, (amount * (multi.stakeRates[tier] ?? 0n)) / BPS, `${label}: actual`)
          stakesOf.set(account, [...(stakesOf.get(account) ?? []), index])
          expectedHeld += amount
          budgetIn += amount - deposited.args.actual
          break
        }
        case 'claim':
          await claim(label, nodeAddress(action.who % n), false)
          break
        case 'release': {
          const account = nodeAddress(action.who % n)
          const own = stakesOf.get(account) ?? []
          const all = previousStakes.length
          // mostly one of its own stakes, sometimes any stake (someone else's: refused)
          const index =
            own.length > 0 && action.pick % 4 !== 0
              ? (own[action.pick % own.length] ?? 0n)
              : BigInt(all === 0 ? 1 : (action.pick % all) + 1)
          await release(label, account, index)
          break
        }
        case 'updatePool':
          await mining.write.updatePool({ account: nodeAddress(0) })
          break
        case 'updateUser':
          await mining.write.updateUser([nodeAddress(action.who % n)], { account: nodeAddress(0) })
          break
        case 'upkeep': {
          const [due] = await mining.read.checkUpkeep(['0x'])
          const ok = await attempt(label, ['MiningUpkeepNotDue'], () =>
            mining.write.performUpkeep(['0x'], { account: nodeAddress(0) }),
          )
          // the next block is later than the check's: an upkeep due by then may run
          if (due) assert.ok(ok, `${label}: a due upkeep runs`)
          break
        }
        case 'addMint': {
          const amount = parseEther(String(action.amount))
          await mining.write.addMint([amount])
          expectedHeld += amount
          budgetIn += amount
          break
        }
        case 'stray': {
          const amount = parseEther(String(action.amount))
          await token.write.transfer([mining.address, amount])
          expectedHeld += amount
          strayIn += amount
          break
        }
        case 'withdraw': {
          const excess = await mining.read.excessOf([token.address])
          const amount = action.all ? excess : parseEther(String(action.amount))
          const ok = await attempt(label, ['NexusWithdrawExceedsExcess'], () =>
            mining.write.withdrawExcess([token.address, genesis, amount]),
          )
          assert.equal(ok, amount <= excess, `${label}: withdrawExcess takes exactly up to excessOf (${excess})`)
          if (ok) {
            expectedHeld -= amount
            withdrawn += amount
          }
          break
        }
        case 'blacklist': {
          const account = nodeAddress(action.who % n)
          await mining.write.setBlacklist([account, action.on])
          if (action.on) blacklisted.add(account)
          else blacklisted.delete(account)
          break
        }
        case 'pause': {
          const paused = await mining.read.paused()
          if (action.on && !paused) await mining.write.pause()
          if (!action.on && paused) await mining.write.unpause()
          break
        }
        case 'config': {
          const before = await mining.read.getConfig()
          const settings = {
            addTime: BigInt(action.addTime),
            dayTimes: BigInt(action.dayTimes),
            mintDay: parseEther(String(action.mintDay)),
            userMax: parseEther(String(action.userMax)),
            userMin: parseEther(String(action.userMin)),
            handleGas: action.handleGas,
            feeRate: BigInt(action.feeRate),
          }
          const within =
            settings.addTime <= DAY &&
            settings.dayTimes >= 60n &&
            settings.dayTimes <= DAY &&
            settings.mintDay <= parseEther('1000000') &&
            settings.userMin >= parseEther('1') &&
            settings.userMax >= settings.userMin &&
            settings.handleGas <= parseEther('0.01') &&
            settings.feeRate <= 2_000n
          const ok = await attempt(label, ['ValueOutOfBounds'], () => mining.write.setConfig([settings]))
          assert.equal(ok, within, `${label}: setConfig accepts exactly the settings within bounds`)
          const after = await mining.read.getConfig()
          const { mintSurplus: _a, ...kept } = after
          const { mintSurplus: _b, ...old } = before
          assert.deepEqual(kept, ok ? settings : old, `${label}: the settings after`)
          break
        }
        case 'multi': {
          const before = await mining.read.getConfigMulti()
          const settings = {
            inviteRates: action.inviteRates.map(BigInt) as unknown as readonly [bigint, bigint, bigint],
            stakeDays: action.stakeDays.map(BigInt) as unknown as Six,
            stakeRates: action.stakeRates.map(BigInt) as unknown as Six,
            stakeForces: action.stakeForces.map(BigInt) as unknown as Six,
          }
          const within =
            settings.inviteRates.every((r) => r <= 5_000n) &&
            settings.inviteRates.reduce((a, b) => a + b, 0n) <= BPS &&
            settings.stakeDays.every((d) => d >= 1n && d <= 1_000n) &&
            settings.stakeRates.every((r) => r <= BPS) &&
            settings.stakeForces.every((f) => f >= 1n && f <= 100_000n)
          const ok = await attempt(label, ['ValueOutOfBounds'], () => mining.write.setConfigMulti([settings]))
          assert.equal(ok, within, `${label}: setConfigMulti accepts exactly the settings within bounds`)
          const after = await mining.read.getConfigMulti()
          const { stakeTotals: _a, ...kept } = after
          const { stakeTotals: _b, ...old } = before
          assert.deepEqual(kept, ok ? settings : old, `${label}: the multi settings after`)
          break
        }
        case 'time':
          await networkHelpers.time.increase(action.seconds)
          break
      }
      await check(label)
    }

    // at the end, paused and blacklisted as the sequence left them: past every stake's end, everyone releases every
    // stake and takes out its whole reward balance
    const lastEnd = previousStakes.reduce((max, st) => (st.endTime > max ? st.endTime : max), 0n)
    const time = await now()
    if (lastEnd >= time) await networkHelpers.time.increase(lastEnd - time + 1n)
    for (const [account, indexes] of stakesOf) {
      for (const index of indexes) {
        if ((await mining.read.stakes([index])).isValid) await release(`final release of ${index}`, account, index)
      }
    }
    await networkHelpers.time.increase(DAY + 1n) // past any addTime
    for (const account of accounts) {
      if ((await mining.read.users([account])).balance > 0n) await claim(`final claim of ${account}`, account, true)
    }
    await check('after the final releases and claims')
    const totals = await mining.read.getTotals()
    assert.equal(totals.totalForce, 0n, 'no force is left once every stake is released')
    assert.equal(totals.totalAmount, 0n, 'no stake is left')
  }

  it('every owed claim succeeds; totals equal the records; held >= owed, counted from outside', async () => {
    await assertOverRandomTrees({
      actions: actionArbitrary,
      defaultRuns: 6,
      deepRuns: 200,
      check: async (tree, actions) => run(await networkHelpers.loadFixture(fixture), tree, actions),
    })
  })

  it('fixed case: a blacklisted referrer and claimer, a paused pool, rates changed between deposit and release', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const chain: Tree = [0, 1, 2, 3].map((i) => ({ parent: i - 1, joinsAtStart: true }))
    const rates = { inviteRates: [2_000, 1_000, 500], stakeRates: [9_000, 10_000, 10_000, 8_000, 10_000, 10_000] }
    await run(s, chain, [
      { kind: 'deposit', who: 0, tier: 0, amount: 1_000 },
      { kind: 'deposit', who: 1, tier: 0, amount: 800 },
      { kind: 'blacklist', who: 1, on: true },
      { kind: 'deposit', who: 2, tier: 3, amount: 2_000 },
      { kind: 'deposit', who: 3, tier: 0, amount: 500 },
      { kind: 'multi', ...rates, stakeDays: [1, 2, 3, 4, 5, 6], stakeForces: [20_000, 1, 1, 1, 1, 1] },
      { kind: 'deposit', who: 3, tier: 0, amount: 700 },
      { kind: 'time', seconds: 3_000 },
      { kind: 'pause', on: true },
      { kind: 'claim', who: 1 },
      { kind: 'claim', who: 0 },
      { kind: 'time', seconds: 40_000 },
      { kind: 'release', who: 1, pick: 0 },
      { kind: 'release', who: 2, pick: 1 },
      { kind: 'release', who: 3, pick: 2 },
      { kind: 'claim', who: 2 },
    ])
  })

  it('a deep chain and a wide star of 40, every member staking: totals match, everything is paid out', async () => {
    for (const tree of FIXED_TREES) {
      const s = await networkHelpers.loadFixture(fixture)
      const actions: Action[] = tree.map((_, i) => ({ kind: 'deposit', who: i, tier: i % 6, amount: 100 + i * 37 }))
      await run(s, tree, [...actions, { kind: 'time', seconds: 30_000 }, { kind: 'claim', who: 7 }])
    }
  })
})

type Six = readonly [bigint, bigint, bigint, bigint, bigint, bigint]
