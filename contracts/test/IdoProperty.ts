// Ido property test (issue 19, fast-check, test/helpers/property.ts): random sequences of mints, claims, time jumps
// and the owner's `setConfig` of the vesting terms (`claimStart` unset, earlier, later or far ahead; any `dayTimes`
// and `releaseDays` within their bounds). After every action: what each buyer has vested (claimed + claimable) never
// goes down, whatever the owner does; `setConfig` is accepted exactly when it only makes the vesting of NEX already
// sold faster (or nothing is sold yet); a claim succeeds exactly when something is claimable and pays it; Ido holds
// at least the NEX it owes; and every buyer's NEX (bought, claimed, claimable now, each claim's payment) equals an
// independent model of the vesting rule (`tokens * whole days since claimStart / releaseDays`, all of it at
// `releaseDays` 0, nothing before `claimStart`), kept from the mints' round terms alone, through gaps of up to ten
// years. At the end every buyer takes out all its NEX. Seen to fail on the Ido before the fix (a later `claimStart`
// was accepted and the vested amounts went down).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { network } from 'hardhat'
import { attempt, fcParameters } from './helpers/property.ts'
import { deployContractsIISystem, fundWallet, register } from './helpers/contractsII.ts'

const DAY = 86_400n
const USERS = 4
/** Ido.sol's private MAX_CLAIM_DELAY: how far ahead a first claimStart may be set once NEX is sold. */
const MAX_CLAIM_DELAY = 365n * DAY

type Action =
  | { kind: 'mint'; user: number; times: number }
  | { kind: 'claim'; user: number }
  | { kind: 'time'; seconds: number }
  | {
      kind: 'config'
      start: 'unset' | 'earlier' | 'past' | 'soon' | 'far'
      offset: number
      dayTimes: number
      releaseDays: number
    }

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('mint' as const), user: fc.nat(USERS - 1), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('claim' as const), user: fc.nat(USERS - 1) }),
  fc.record({
    kind: fc.constant('time' as const),
    seconds: fc.oneof(
      fc.integer({ min: 1, max: 2_000 }),
      fc.integer({ min: 1, max: 30 * 86_400 }),
      fc.integer({ min: 1, max: 10 * 365 * 86_400 }),
    ),
  }),
  fc.record({
    kind: fc.constant('config' as const),
    start: fc.constantFrom('unset' as const, 'earlier' as const, 'past' as const, 'soon' as const, 'far' as const),
    offset: fc.integer({ min: 10, max: 300 * 86_400 }),
    dayTimes: fc.integer({ min: 60, max: 7 * 86_400 }),
    releaseDays: fc.nat(3_650),
  }),
)

describe('Ido property: the vesting of NEX already sold only gets faster', async () => {
  const connection = await network.create()
  const { networkHelpers } = connection
  const s = await deployContractsIISystem(connection)
  const { ido, token, publicClient } = s
  const users = s.users.slice(0, USERS)
  for (const user of users) {
    await register(s, user, s.deployer.account.address)
    await fundWallet(s, user, ido.address)
  }
  const start = await networkHelpers.takeSnapshot()
  const now = async () => (await publicClient.getBlock()).timestamp

  /** What the vesting rule owes a buyer of `tokens` NEX at `time` (claimed or not), from the settings alone. */
  function modelVested(
    tokens: bigint,
    settings: { claimStart: bigint; dayTimes: bigint; releaseDays: bigint },
    time: bigint,
  ) {
    if (settings.claimStart === 0n || time < settings.claimStart) return 0n
    if (settings.releaseDays === 0n) return tokens
    const days = (time - settings.claimStart) / settings.dayTimes
    return days >= settings.releaseDays ? tokens : (tokens * days) / settings.releaseDays
  }

  /** Each buyer's NEX bought and claimed, kept by the model from the round terms of its mints and its claims. */
  const model = users.map(() => ({ tokens: 0n, claimed: 0n }))

  /** The chain's figures of every buyer equal the model's at the latest block. */
  async function checkModel(label: string) {
    const settings = await ido.read.getSettings()
    const time = (await publicClient.getBlock()).timestamp
    for (const [i, user] of users.entries()) {
      const m = model[i] as { tokens: bigint; claimed: bigint }
      const record = await ido.read.users([user.account.address])
      assert.equal(record.tokens, m.tokens, `${label}: user ${i} bought`)
      assert.equal(record.balance, m.tokens - m.claimed, `${label}: user ${i} unclaimed`)
      const vested = modelVested(m.tokens, settings, time)
      const due = vested > m.claimed ? vested - m.claimed : 0n
      assert.equal(await ido.read.getIdoTokens([user.account.address]), due, `${label}: user ${i} claimable`)
    }
  }

  /** claimed + claimable of each user. */
  async function vestedAll() {
    const list: bigint[] = []
    for (const user of users) {
      const record = await ido.read.users([user.account.address])
      list.push(record.tokens - record.balance + (await ido.read.getIdoTokens([user.account.address])))
    }
    return list
  }

  async function run(actions: Action[]) {
    await start.restore()
    for (const m of model) Object.assign(m, { tokens: 0n, claimed: 0n })
    let vested = await vestedAll()
    for (const [step, a] of actions.entries()) {
      const label = `step ${step} ${JSON.stringify(a)}`
      if (a.kind === 'mint') {
        const user = users[a.user]
        assert.ok(user)
        const ok = await attempt(label, ['IdoRoundNotActive', 'IdoExceedsUserMax', 'IdoExceedsRoundMax'], () =>
          ido.write.mint([BigInt(a.times), true], { account: user.account }),
        )
        if (ok) {
          // the model credits the units bought at the terms of the round the mint landed in
          const [minted] = await ido.getEvents.Minted(
            { account: user.account.address },
            { fromBlock: 'latest', toBlock: 'latest' },
          )
          assert.ok(minted?.args.round !== undefined, `${label}: Minted`)
          assert.equal(minted.args.times, BigInt(a.times), `${label}: units`)
          const { idoTokens } = await ido.read.idos([minted.args.round])
          ;(model[a.user] as { tokens: bigint }).tokens += BigInt(a.times) * idoTokens
        }
      } else if (a.kind === 'claim') {
        const user = users[a.user]
        assert.ok(user)
        const claimable = await ido.read.getIdoTokens([user.account.address])
        const before = await token.read.balanceOf([user.account.address])
        const ok = await attempt(label, ['IdoNothingToClaim'], () => ido.write.claim({ account: user.account }))
        // the claim is mined a second later: it may find one more day vested, never less
        if (claimable > 0n) assert.ok(ok, `${label}: a claim of ${claimable} is refused`)
        const paid = (await token.read.balanceOf([user.account.address])) - before
        if (ok) assert.ok(paid >= claimable, label)
        // a claim pays exactly what the model owes at its block (the settings did not change in between)
        const m = model[a.user] as { tokens: bigint; claimed: bigint }
        const due = modelVested(m.tokens, await ido.read.getSettings(), await now()) - m.claimed
        assert.equal(paid, ok ? due : 0n, `${label}: claim paid`)
        m.claimed += paid
      } else if (a.kind === 'time') {
        await networkHelpers.time.increase(a.seconds)
      } else {
        const old = await ido.read.getSettings()
        const sold = (await ido.read.totalInfo()).totalTokens > 0n
        const t = await now()
        const offset = BigInt(a.offset)
        const before = (time: bigint) => (time > offset ? time - offset : 1n)
        const claimStart = {
          unset: 0n,
          earlier: before(old.claimStart === 0n ? t : old.claimStart),
          past: before(t),
          soon: t + offset,
          far: t + MAX_CLAIM_DELAY + offset,
        }[a.start]
        const settings = { ...old, claimStart, dayTimes: BigInt(a.dayTimes), releaseDays: BigInt(a.releaseDays) }
        const startOk = old.claimStart !== 0n ? claimStart >= 1n && claimStart <= old.claimStart : a.start !== 'far'
        const expected =
          !sold || (startOk && settings.dayTimes <= old.dayTimes && settings.releaseDays <= old.releaseDays)
        const ok = await attempt(label, ['ValueOutOfBounds'], () => ido.write.setConfig([settings]))
        assert.equal(ok, expected, `${label}: setConfig ${ok ? 'accepted' : 'refused'} (sold ${sold})`)
        if (!ok) assert.deepEqual(await ido.read.getSettings(), old, `${label}: a refused setConfig changed nothing`)
      }
      await checkModel(label)
      const after = await vestedAll()
      after.forEach((v, i) => assert.ok(v >= (vested[i] ?? 0n), `${label}: user ${i} vested ${vested[i]} -> ${v}`))
      vested = after
      const totals = await ido.read.totalInfo()
      const owed = totals.totalTokens - (await ido.read.totalClaimed())
      assert.ok((await token.read.balanceOf([ido.address])) >= owed, `${label}: Ido holds less NEX than it owes`)
    }
    // the end: vesting starts (if it never was set) and runs out; every buyer takes out all its NEX
    let settings = await ido.read.getSettings()
    if (settings.claimStart === 0n) {
      settings = { ...settings, claimStart: await now() }
      await ido.write.setConfig([settings])
    }
    const end = settings.claimStart + (settings.releaseDays + 1n) * settings.dayTimes
    if (end > (await now())) await networkHelpers.time.increaseTo(end)
    for (const [i, user] of users.entries()) {
      if ((await ido.read.getIdoTokens([user.account.address])) > 0n) await ido.write.claim({ account: user.account })
      assert.equal((await ido.read.users([user.account.address])).balance, 0n)
      const m = model[i] as { tokens: bigint; claimed: bigint }
      m.claimed = m.tokens
    }
    await checkModel('end')
  }

  it('random mints, claims, time and vesting changes: vested never goes down, owners only speed it up', async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 30 }), run), fcParameters(20, 300))
  })

  it('fixed case: a sale, then a later claimStart, more days, a longer day (all refused), then faster terms', async () => {
    await run([
      { kind: 'config', start: 'unset', offset: 10, dayTimes: 600, releaseDays: 10 }, // nothing sold: accepted
      { kind: 'mint', user: 0, times: 2 },
      { kind: 'config', start: 'far', offset: 10, dayTimes: 600, releaseDays: 10 }, // over a year ahead: refused
      { kind: 'config', start: 'soon', offset: 2 * 86_400, dayTimes: 600, releaseDays: 10 }, // first start: accepted
      { kind: 'config', start: 'soon', offset: 3 * 86_400, dayTimes: 600, releaseDays: 10 }, // later: refused
      { kind: 'config', start: 'earlier', offset: 10, dayTimes: 600, releaseDays: 3_650 }, // more days: refused
      { kind: 'config', start: 'earlier', offset: 10, dayTimes: 7 * 86_400, releaseDays: 10 }, // longer days: refused
      { kind: 'config', start: 'unset', offset: 10, dayTimes: 600, releaseDays: 10 }, // unset: refused
      { kind: 'time', seconds: 3 * 86_400 },
      { kind: 'config', start: 'earlier', offset: 100, dayTimes: 60, releaseDays: 5 }, // faster: accepted
      { kind: 'claim', user: 0 },
    ])
  })
})
