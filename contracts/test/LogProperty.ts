// Issue 19 leftover: an account's reward figures in the Log (`today` in 96 bits, `total` in 128) saturate instead of
// reverting, so that no sequence of entries (of any amount: one too large for an entry's 88 bits is kept exactly in
// a word of its own) can make a later entry revert, and with it the claim or mint that writes it; every entry reads
// back its exact amount and balance (a credit, an event only: its event). fast-check: random sequences of reward entries
// (`addLog`) and batches of reward credits (`addCredits`, Ido's), some of them at the largest amount, other
// entries, and time moving by whole and partial days; after every step no call reverted and every account's
// total, yesterday and today are exactly the sums of its rewards, each held at its type's largest value.
// A second property: with credits of every kind (events only) and own entries at random, on random days, every
// account's reward figures equal the sums of the reward events the chain emitted, per symbol and day.
// FUZZ_DEEP=1 for more runs; FC_SEED replays a run.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { type Address, getAddress, parseEventLogs } from 'viem'
import { logCode } from '../scripts/lib/logCodes.ts'
import { deployLog } from './helpers/fixtures.ts'
import { fcParameters } from './helpers/property.ts'

const DAY = 600n
const MAX_AMOUNT = 2n ** 88n - 1n // an entry's amount bits
const MAX_TODAY = 2n ** 96n - 1n // RewardRecord.today
const MAX_TOTAL = 2n ** 128n - 1n // RewardRecord.total, .yesterday holds a day's today
const SYMBOLS = [logCode('symbol', 'USDT'), logCode('symbol', 'NEX')] as const
const CLAIM = logCode('action', 'claim')
const IDO_DIRECT = logCode('action', 'ido_direct') // a credit that counts as a reward
const DEPOSIT = logCode('action', 'stake_deposit') // not a reward
const OWNERS = 2

/** A credit of `Log.addCredits`: one word, or two for an amount that does not fit 88 bits. */
const credit = (owner: Address, action: number, amount: bigint) =>
  amount < MAX_AMOUNT
    ? [BigInt(owner) | (amount << 160n) | (BigInt(action) << 248n)]
    : [BigInt(owner) | (MAX_AMOUNT << 160n) | (BigInt(action) << 248n), amount]
const min = (a: bigint, b: bigint) => (a < b ? a : b)

/** The contract's rule, in the test's words: what a reward record holds after each reward. */
type Record_ = {
  total: bigint
  today: bigint
  yesterday: bigint
  day: bigint | undefined
  exactToday: bigint
  exactTotal: bigint
}
const fresh = (): Record_ => ({ total: 0n, today: 0n, yesterday: 0n, day: undefined, exactToday: 0n, exactTotal: 0n })

function add(r: Record_, amount: bigint, day: bigint) {
  if (r.day !== day) {
    r.yesterday = r.day !== undefined && r.day + 1n === day ? r.today : 0n
    r.today = 0n
    r.exactToday = 0n
  }
  r.exactToday += amount
  r.exactTotal += amount
  r.today = min(r.exactToday, MAX_TODAY)
  r.total = min(r.exactTotal, MAX_TOTAL)
  r.day = day
}

/** What `getUserReward` shows on `day`. */
function view(r: Record_, day: bigint) {
  if (r.day === day) return { total: r.total, yesterday: r.yesterday, today: r.today }
  if (r.day !== undefined && r.day + 1n === day) return { total: r.total, yesterday: r.today, today: 0n }
  return { total: r.total, yesterday: 0n, today: 0n }
}

const amountArbitrary = fc.oneof(
  { arbitrary: fc.constant(MAX_AMOUNT), weight: 3 },
  // too large for an entry's 88 bits: kept exactly in a word of its own
  { arbitrary: fc.bigInt({ min: MAX_AMOUNT + 1n, max: 2n ** 256n - 1n }), weight: 1 },
  { arbitrary: fc.bigInt({ min: 0n, max: MAX_AMOUNT }), weight: 2 },
  { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 24n }), weight: 1 },
)
const stepArbitrary = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('reward' as const),
      owner: fc.nat(OWNERS - 1),
      symbol: fc.nat(1),
      amount: amountArbitrary,
    }),
    weight: 4,
  },
  {
    // a batch of Ido credits: enough of them at the largest amount fill a day's figure (256 do)
    arbitrary: fc.record({
      kind: fc.constant('credits' as const),
      owner: fc.nat(OWNERS - 1),
      symbol: fc.nat(1),
      amount: amountArbitrary,
      count: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 100, max: 300 })),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('other' as const), owner: fc.nat(OWNERS - 1), amount: amountArbitrary }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      seconds: fc.oneof(
        fc.integer({ min: 1, max: Number(DAY) - 1 }),
        fc.constantFrom(Number(DAY), Number(2n * DAY), Number(3n * DAY)),
      ),
    }),
    weight: 2,
  },
)

describe('Log rewards (property: saturating figures)', async () => {
  const { viem, networkHelpers } = await network.create()
  const publicClient = await viem.getPublicClient()

  async function fixture() {
    const [owner, writer, ...rest] = await viem.getWalletClients()
    const log = await deployLog(viem, owner.account.address, writer.account.address, DAY)
    const owners = rest.slice(0, OWNERS).map((w) => getAddress(w.account.address))
    return { log, writer, owners }
  }

  /** `owner`'s newest `count` entries hold exactly `amount` and `balance`, whatever their size. */
  async function assertNewest(
    log: Awaited<ReturnType<typeof fixture>>['log'],
    owner: Address,
    count: number,
    amount: bigint,
    balance: bigint,
  ) {
    const [entries] = await log.read.getUserLogs([owner, 0n, BigInt(count)])
    assert.equal(entries.length, count)
    for (const e of entries) assert.deepEqual([e.amount, e.balance], [amount, balance])
  }

  /** The day (Log's numbering) of the block of `hash`, after checking that it succeeded. */
  async function dayOf(hash: `0x${string}`) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber })
    return block.timestamp / DAY
  }

  it('a day of 257 entries of 2**88 - 1 fills today (it reverted the 257th before) and the next day carries it', async () => {
    const { log, writer, owners } = await networkHelpers.loadFixture(fixture)
    const w = { account: writer.account }
    const [a] = owners as [Address]
    const NEX = SYMBOLS[1]
    // start just after a day boundary, so the whole test is one day
    const now = BigInt(await networkHelpers.time.latest())
    await networkHelpers.time.increaseTo((now / DAY + 1n) * DAY)
    await log.write.addCredits([a, NEX, Array.from({ length: 128 }, () => credit(a, IDO_DIRECT, MAX_AMOUNT)).flat()], w)
    await log.write.addCredits([a, NEX, Array.from({ length: 128 }, () => credit(a, IDO_DIRECT, MAX_AMOUNT)).flat()], w)
    let reward = await log.read.getUserReward([a, NEX])
    assert.equal(reward.today, 256n * MAX_AMOUNT) // 2**96 - 256: exact, below the bound
    await dayOf(await log.write.addLog([a, a, NEX, CLAIM, MAX_AMOUNT, 0n], w))
    reward = await log.read.getUserReward([a, NEX])
    assert.deepEqual(reward, { total: 257n * MAX_AMOUNT, yesterday: 0n, today: MAX_TODAY })
    await dayOf(await log.write.addLog([a, a, NEX, CLAIM, MAX_AMOUNT, 0n], w))
    assert.equal((await log.read.getUserReward([a, NEX])).total, 258n * MAX_AMOUNT)
    await networkHelpers.time.increase(Number(DAY))
    await dayOf(await log.write.addLog([a, a, NEX, CLAIM, 5n, 0n], w))
    assert.deepEqual(await log.read.getUserReward([a, NEX]), {
      total: 258n * MAX_AMOUNT + 5n,
      yesterday: MAX_TODAY,
      today: 5n,
    })
  })

  it('no sequence of entries reverts, and the totals are exact below their bound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 30 }), async (steps) => {
        const { log, writer, owners } = await networkHelpers.loadFixture(fixture)
        const w = { account: writer.account }
        const model = new Map<string, Record_>()
        const recordOf = (owner: number, symbol: number) => {
          const key = `${owner}:${symbol}`
          if (!model.has(key)) model.set(key, fresh())
          return model.get(key) as Record_
        }
        for (const step of steps) {
          if (step.kind === 'time') {
            await networkHelpers.time.increase(step.seconds)
          } else if (step.kind === 'reward') {
            const owner = owners[step.owner] as Address
            const day = await dayOf(
              await log.write.addLog([owner, owner, SYMBOLS[step.symbol] as number, CLAIM, step.amount, 0n], w),
            )
            add(recordOf(step.owner, step.symbol), step.amount, day)
            await assertNewest(log, owner, 1, step.amount, 0n)
          } else if (step.kind === 'credits') {
            const owner = owners[step.owner] as Address
            const words = Array.from({ length: step.count }, () => credit(owner, IDO_DIRECT, step.amount)).flat()
            const hash = await log.write.addCredits([owners[0] as Address, SYMBOLS[step.symbol] as number, words], w)
            const day = await dayOf(hash)
            for (let i = 0; i < step.count; i++) add(recordOf(step.owner, step.symbol), step.amount, day)
            // a credit is its event (exact amount, balance 0), in no list
            const added = parseEventLogs({
              abi: log.abi,
              logs: (await publicClient.getTransactionReceipt({ hash })).logs,
              eventName: 'LogAdded',
            })
            assert.deepEqual(
              added.map((e) => [e.args.owner, e.args.amount, e.args.balance, e.args.userIndex]),
              added.map(() => [owner, step.amount, 0n, 2n ** 256n - 1n]),
            )
            assert.equal(added.length, step.count)
          } else {
            const owner = owners[step.owner] as Address
            await dayOf(await log.write.addLog([owner, owner, SYMBOLS[0], DEPOSIT, step.amount, step.amount], w))
            await assertNewest(log, owner, 1, step.amount, step.amount)
          }
          const today = BigInt(await networkHelpers.time.latest()) / DAY
          for (let o = 0; o < OWNERS; o++) {
            for (let s = 0; s < SYMBOLS.length; s++) {
              const r = recordOf(o, s)
              const shown = await log.read.getUserReward([owners[o] as Address, SYMBOLS[s] as number])
              assert.deepEqual(shown, view(r, today), `owner ${o} symbol ${s}`)
              // exact below the bound
              if (r.exactTotal < MAX_TOTAL) assert.equal(shown.total, r.exactTotal)
              if (r.day === today && r.exactToday < MAX_TODAY) assert.equal(shown.today, r.exactToday)
            }
          }
        }
      }),
      fcParameters(8, 100),
    )
  })
  it('the reward figures equal the sums of the reward events (credits and own entries) per account, symbol and day', async () => {
    const CREDITS = [
      'burn_direct',
      'burn_indirect',
      'burn_team',
      'fomo_direct',
      'fomo_indirect',
      'fomo_team',
      'stake_direct',
      'stake_indirect',
      'ido_direct',
      'ido_indirect',
    ].map((name) => logCode('action', name))
    const batchArbitrary = fc.record({
      kind: fc.constant('credits' as const),
      from: fc.nat(OWNERS - 1),
      symbol: fc.nat(1),
      credits: fc.array(
        fc.record({
          owner: fc.nat(OWNERS - 1),
          action: fc.constantFrom(...CREDITS),
          amount: fc.bigInt({ min: 0n, max: 10n ** 24n }), // below the saturation bounds (the other property)
        }),
        { minLength: 1, maxLength: 12 },
      ),
    })
    const entryArbitrary = fc.record({
      kind: fc.constant('entry' as const),
      owner: fc.nat(OWNERS - 1),
      symbol: fc.nat(1),
      action: fc.constantFrom(CLAIM, DEPOSIT),
      amount: fc.bigInt({ min: 0n, max: 10n ** 24n }), // below the saturation bounds (the other property)
    })
    const timeArbitrary = fc.record({
      kind: fc.constant('time' as const),
      seconds: fc.oneof(fc.integer({ min: 1, max: Number(DAY) - 1 }), fc.constantFrom(Number(DAY), Number(2n * DAY))),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(batchArbitrary, batchArbitrary, entryArbitrary, timeArbitrary), {
          minLength: 1,
          maxLength: 20,
        }),
        async (steps) => {
          const { log, writer, owners } = await networkHelpers.loadFixture(fixture)
          const w = { account: writer.account }
          const fromBlock = await publicClient.getBlockNumber()
          for (const step of steps) {
            if (step.kind === 'time') await networkHelpers.time.increase(step.seconds)
            else if (step.kind === 'entry') {
              const owner = owners[step.owner] as Address
              await dayOf(
                await log.write.addLog([owner, owner, SYMBOLS[step.symbol] as number, step.action, step.amount, 0n], w),
              )
            } else {
              const words = step.credits.flatMap((c) => credit(owners[c.owner] as Address, c.action, c.amount))
              await dayOf(
                await log.write.addCredits([owners[step.from] as Address, SYMBOLS[step.symbol] as number, words], w),
              )
            }
          }
          // the sums of the chain's reward events, per account, symbol and day (each event's block time)
          const events = await publicClient.getContractEvents({
            address: log.address,
            abi: log.abi,
            eventName: 'LogAdded',
            fromBlock: fromBlock + 1n,
          })
          const expectedCount = steps.reduce(
            (n, s) => n + (s.kind === 'credits' ? s.credits.length : s.kind === 'entry' ? 1 : 0),
            0,
          )
          assert.equal(events.length, expectedCount)
          const sums = new Map<string, bigint>()
          for (const e of events) {
            const { owner, symbol, action, amount, isReward, startTime, userIndex } = e.args as Required<typeof e.args>
            // a credit is an event only; an own entry has its place in its owner's list
            assert.equal(userIndex === 2n ** 256n - 1n, CREDITS.includes(action))
            if (!isReward) continue
            const key = `${getAddress(owner)}:${symbol}:${startTime / DAY}`
            sums.set(key, (sums.get(key) ?? 0n) + amount)
          }
          const today = BigInt(await networkHelpers.time.latest()) / DAY
          for (const owner of owners) {
            for (const symbol of SYMBOLS) {
              const on = (day: bigint) => sums.get(`${owner}:${symbol}:${day}`) ?? 0n
              let total = 0n
              for (const [key, amount] of sums) if (key.startsWith(`${owner}:${symbol}:`)) total += amount
              assert.deepEqual(
                await log.read.getUserReward([owner, symbol]),
                { total, yesterday: on(today - 1n), today: on(today) },
                `${owner} symbol ${symbol}`,
              )
            }
          }
        },
      ),
      fcParameters(8, 100),
    )
  })
})
