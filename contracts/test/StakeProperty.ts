// Stake property test (issue 19, fast-check, test/helpers/property.ts): random sequences of deposits (with the
// minimum-out a user quotes, less 1 %), claims, pool funding, time jumps, owner config and round changes within
// their bounds and a manager's round scheduling. After every action: a revert is one of the action's documented
// errors (never an accounting one), a deposit with the quoted minimum is never refused for it, Stake holds at
// least the NEX it owes and has reserved (held >= owed), and every stake record keeps its terms and releases only
// along its schedule (never ahead of it, never beyond `releaseDays`, what is left only shrinks). At the end everyone
// can take out what vested and every stake is released in full. Users' actions and steps of time short enough to land
// inside a release schedule weigh most, and one sequence always runs first, so that claims meet partial releases
// (the test fails if none did: a regrouping that cleared a stake's valid flag on a partial release went unseen when
// claims almost never landed inside a schedule).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { parseEther } from 'viem'
import { attempt, fcParameters } from './helpers/property.ts'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

const BPS = 10_000n
const DAY = 86_400
const USERS = 6

type Action =
  | { kind: 'deposit'; user: number; amount: number; withMin: boolean }
  | { kind: 'claim'; user: number }
  | { kind: 'fund'; amount: number }
  | { kind: 'time'; seconds: number }
  | { kind: 'config'; feeRate: number; releaseDay: number; addTime: number; dayTimes: number; rates: number }
  | { kind: 'ido'; ahead: number; idoRate: number; idoPrice: number; idoFirst: number; idoMax: number }
  | { kind: 'schedule'; ahead: number; delay: number }

// Users' actions weigh more than the owner's and the manager's, and most steps of time and most settings keep a
// release schedule short enough for the steps to land inside it (the system's 100 releases of 600 s days span
// 60,000 s), so that claims meet partial releases; the long ones stay possible.
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      user: fc.nat(USERS - 1),
      amount: fc.integer({ min: 50, max: 6_000 }),
      withMin: fc.boolean(),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('claim' as const), user: fc.nat(USERS - 1) }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('fund' as const), amount: fc.integer({ min: 1, max: 10_000 }) }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      seconds: fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 30_000 }), weight: 3 },
        { arbitrary: fc.integer({ min: 1, max: 40 * DAY }), weight: 1 },
      ),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('config' as const),
      feeRate: fc.nat(2_000),
      releaseDay: fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 100 }), weight: 3 },
        fc.integer({ min: 1, max: 1_000 }),
      ),
      addTime: fc.oneof({ arbitrary: fc.nat(30_000), weight: 3 }, fc.nat(365 * DAY)),
      dayTimes: fc.oneof(
        { arbitrary: fc.integer({ min: 60, max: 600 }), weight: 3 },
        fc.integer({ min: 60, max: 7 * DAY }),
      ),
      rates: fc.nat(3_000),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('ido' as const),
      ahead: fc.nat(2),
      idoRate: fc.nat(50_000),
      idoPrice: fc.integer({ min: 0, max: 1_000 }),
      idoFirst: fc.nat(10_000),
      idoMax: fc.integer({ min: 1, max: 50_000 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('schedule' as const),
      ahead: fc.nat(2),
      delay: fc.nat(90 * DAY),
    }),
    weight: 1,
  },
)

describe('Stake property: random users, owner and manager actions within bounds', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const s = await deployContractsIIISystem(connection)
  const { stake, token, main, publicClient } = s
  const users = s.users.slice(0, USERS)
  const manager = s.users[USERS]
  assert.ok(manager)
  for (const user of users) await join(s, user, s.deployer.account.address)
  await main.write.setManager([manager.account.address])
  await token.write.approve([stake.address, 2n ** 255n]) // the deployer funds the pool
  const start = await networkHelpers.takeSnapshot()

  async function assertSolvent(label: string) {
    const totals = await stake.read.getTotals()
    const held = await token.read.balanceOf([stake.address])
    assert.ok(held >= totals.totalReserved + totals.totalBalance, `${label}: Stake holds ${held} NEX < owed`)
  }
  const now = async () => (await publicClient.getBlock()).timestamp

  type StakeRecord = Awaited<ReturnType<typeof stake.read.stakes>>
  /**
   * Every stake record against the one before the action: its terms never change; `releaseTimes` only grows, never
   * beyond the releases due by now on its schedule (`releaseDays` steps between `lockTime` and `endTime`) nor beyond
   * `releaseDays`; what is left to release (`rewardSurplus`) only shrinks, within `rewardMax`; a record is valid until
   * its last release, and finished only with nothing left.
   */
  /** Claims that released part of a stake's schedule (some steps, not the last), over every run. */
  let partialReleases = 0
  async function assertRecords(label: string, previous: StakeRecord[]) {
    const { totalStakes } = await stake.read.getTotals()
    const time = await now()
    const records = await Promise.all(
      Array.from({ length: Number(totalStakes) }, (_, k) => stake.read.stakes([BigInt(k + 1)])),
    )
    for (const [k, r] of records.entries()) {
      const at = `${label}: stake ${r.index}`
      const span = r.endTime - r.lockTime
      const elapsed = time >= r.lockTime ? time - r.lockTime : -1n
      const dueNow =
        elapsed < 0n ? 0n : span === 0n || elapsed >= span ? r.releaseDays : (elapsed * r.releaseDays) / span
      assert.ok(r.releaseTimes <= r.releaseDays, `${at}: released more steps than its schedule has`)
      assert.ok(r.releaseTimes <= dueNow, `${at}: released ahead of its schedule`)
      assert.ok(r.rewardSurplus <= r.rewardMax, `${at}: more left than its reward cap`)
      if (r.isValid) assert.ok(r.releaseTimes < r.releaseDays, `${at}: valid after its last release`)
      // and finished only with nothing left: after its last release, or when the first release was all of it
      if (!r.isValid) assert.equal(r.rewardSurplus, 0n, `${at}: finished with something left to release`)
      const old = previous[k]
      if (!old) continue
      for (const key of [
        'owner',
        'userIndex',
        'period',
        'amount',
        'rewardMax',
        'startTime',
        'startPrice',
        'lockTime',
      ] as const) {
        assert.equal(r[key], old[key], `${at}: ${key} never changes`)
      }
      assert.equal(r.endTime, old.endTime, `${at}: endTime never changes`)
      assert.equal(r.releaseDays, old.releaseDays, `${at}: releaseDays never changes`)
      assert.ok(r.releaseTimes >= old.releaseTimes, `${at}: releases only grow`)
      if (r.releaseTimes > old.releaseTimes && r.releaseTimes < r.releaseDays) partialReleases++
      assert.ok(r.rewardSurplus <= old.rewardSurplus, `${at}: what is left only shrinks`)
      if (!old.isValid) assert.equal(r.isValid, false, `${at}: a finished stake stays finished`)
    }
    return records
  }

  async function run(step: Action, label: string) {
    switch (step.kind) {
      case 'deposit': {
        const user = users[step.user]
        assert.ok(user)
        const amount = parseEther(String(step.amount))
        const config = await stake.read.getConfig()
        const idos = await stake.read.getIdos()
        const ido = idos[Number(config.round)]
        // the user's quote of the terms shown, less 1 % (the web's stakeMinReward)
        let min = 0n
        if (step.withMin && ido) {
          const quote = await stake.read.getPrice([(amount * ido.idoRate) / BPS]).catch(() => 0n)
          min = (quote * 99n) / 100n
        }
        await attempt(
          label,
          [
            'StakeAmountOutOfRange',
            'StakeRoundNotStarted',
            'StakeNoRound',
            'StakeInsufficientPool',
            'StakeNoPrice',
            'ERC20InsufficientBalance',
          ],
          () => stake.write.deposit([amount, min], { account: user.account }),
        )
        return
      }
      case 'claim': {
        const user = users[step.user]
        assert.ok(user)
        const { handleGas } = await stake.read.getConfig()
        await attempt(label, ['StakeNothingToClaim'], () =>
          stake.write.claim({ account: user.account, value: handleGas }),
        )
        return
      }
      case 'fund':
        await stake.write.fund([parseEther(String(step.amount))])
        return
      case 'time':
        await networkHelpers.time.increase(step.seconds)
        return
      case 'config': {
        const current = await stake.read.getConfig()
        await stake.write.setConfig([
          {
            ...current,
            feeRate: BigInt(step.feeRate),
            releaseDay: BigInt(step.releaseDay),
            addTime: BigInt(step.addTime),
            dayTimes: BigInt(step.dayTimes),
            directRate: BigInt(step.rates) / 2n,
            indirectRate: BigInt(step.rates) - BigInt(step.rates) / 2n,
          },
        ])
        return
      }
      case 'ido': {
        const { round } = await stake.read.getConfig()
        const idos = await stake.read.getIdos()
        const index = round + BigInt(step.ahead)
        if (index > BigInt(idos.length)) return
        const old = idos[Number(index)]
        const idoMax = parseEther(String(step.idoMax)) + (old?.idoTotal ?? 0n)
        await attempt(label, ['StakeRoundTermsFixed', 'StakeInvalidRound'], () =>
          stake.write.setIdo([
            index,
            {
              idoMax,
              idoMin: parseEther('100') < idoMax ? parseEther('100') : idoMax,
              idoRate: BigInt(step.idoRate),
              idoPrice: (10n ** 18n * BigInt(step.idoPrice)) / 1_000n,
              idoFirst: BigInt(step.idoFirst),
              startTime: old?.startTime ?? 0n,
            },
          ]),
        )
        return
      }
      case 'schedule': {
        const { round } = await stake.read.getConfig()
        const startTime = (await now()) + 1n + BigInt(step.delay)
        await attempt(label, ['StakeRoundNotSchedulable', 'StakeInvalidRound'], () =>
          stake.write.setRoundStart([round + BigInt(step.ahead), startTime], { account: manager.account }),
        )
      }
    }
  }

  it('keeps held >= owed; only documented errors revert; everyone takes out what vested', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 40, size: 'max' }), async (actions) => {
        await start.restore()
        await networkHelpers.mine() // a restored chain keeps the clock moved by the last run: read it from a new block
        let records: StakeRecord[] = []
        for (const [i, step] of actions.entries()) {
          const label = `action ${i} ${JSON.stringify(step)}`
          await run(step, label)
          await assertSolvent(label)
          records = await assertRecords(label, records)
        }
        // past every stake's end (a release schedule may run up to 1,000 days of up to 7-day days after its lock)
        const lastEnd = records.reduce((max, r) => (r.endTime > max ? r.endTime : max), 0n)
        const time = await now()
        await networkHelpers.time.increase(lastEnd > time ? lastEnd - time + 1n : 400 * DAY)
        for (const user of users) {
          for (let round = 0; round < 5; round++) {
            const { handleGas } = await stake.read.getConfig()
            const ok = await attempt('final claim', ['StakeNothingToClaim'], () =>
              stake.write.claim({ account: user.account, value: handleGas }),
            )
            if (!ok) break
          }
          const [info] = await stake.read.getUserInfo([user.account.address])
          assert.equal(info.balance, 0n, 'everything vested was paid')
        }
        // past every schedule: every stake released in full, nothing left
        for (const r of await assertRecords('after the final claims', records)) {
          assert.equal(r.releaseTimes, r.releaseDays, `stake ${r.index} released every step`)
          assert.equal(r.isValid, false, `stake ${r.index} is finished`)
        }
        await assertSolvent('after the final claims')
      }),
      {
        ...fcParameters(20, 200),
        // one sequence always run first: the pool funded, a deposit whose schedule two claims meet partway
        examples: [
          [
            [
              { kind: 'fund', amount: 10_000 },
              { kind: 'deposit', user: 0, amount: 1_000, withMin: false },
              ...Array.from({ length: 6 }, (): Action[] => [
                { kind: 'time', seconds: 15_000 },
                { kind: 'claim', user: 0 },
              ]).flat(),
            ],
          ],
        ],
      },
    )
    // the property met the case it is most likely to get wrong: a claim inside a release schedule
    assert.ok(partialReleases > 0, 'no claim released part of a schedule: the generated actions missed the case')
  })
})
