// The static rewards of the FOM and super FOM pools are shared by weight, exactly: whatever the order sizes, their
// timing and who triggers the accruals, no account is paid more than its exact share of what the gold pool dripped.
// The review's attack: be the first order with dust (1 wei of USDT), fund the gold pool with addBalance, wait, then
// place an ordinary order; its debt, narrowed from a huge accumulator, let the account take every honest order's
// reward at each accrual. Now an order is at least `orderMin`, nothing drips while the pool weighs less than the
// floor (FomoLib.WEIGHT_FLOOR), and the accumulator and the debts are full width ({RewardMath}). The exact share is
// computed here from the pool's own drips (PoolUpdated: what entered the accumulator) and the weights of the orders
// at that moment, in exact rational arithmetic, independently of the contract's accumulator.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { network } from 'hardhat'
import { decodeEventLog, getAddress, parseEther, type Address, type Hash } from 'viem'
import { deployContractsIIISystem, join } from './InfoSystem.ts'

const BPS = 10_000n
const WEIGHT_FLOOR = parseEther('100')

/** A non-negative rational number (bigint numerator and denominator). */
type Q = { n: bigint; d: bigint }
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b))
function add(a: Q, b: Q): Q {
  const n = a.n * b.d + b.n * a.d
  const d = a.d * b.d
  const g = gcd(n, d) || 1n
  return { n: n / g, d: d / g }
}
const floor = (q: Q) => q.n / q.d

describe('Fomo and SuperFomo static rewards: no account is paid more than its exact share', async () => {
  const connection = await network.create()
  const { viem, networkHelpers } = connection
  const { time } = networkHelpers

  async function fixture() {
    const s = await deployContractsIIISystem(connection)
    const [attacker, bob, carol, dave, keeper] = s.users
    await join(s, attacker, s.deployer.account.address, { usdt: parseEther('1000000') })
    for (const w of [bob, carol, dave]) await join(s, w, attacker.account.address)
    return { ...s, attacker, bob, carol, dave, keeper }
  }
  type S = Awaited<ReturnType<typeof fixture>>

  /** Follows one pool: every transaction's drips are shared over the weights before that transaction's order. */
  function ledger(s: S, pool: 'fomo' | 'superFomo') {
    const contract = s[pool]
    const weights = new Map<Address, bigint>()
    const exact = new Map<Address, Q>()
    const paid = new Map<Address, bigint>()
    const settlements = new Map<Address, number>()
    const settled = new Map<Address, Q>() // the exact share when the account was last settled
    let drips = 0
    let dripsBelowFloor = 0
    let emitted = 0n
    const totalWeight = () => [...weights.values()].reduce((a, b) => a + b, 0n)

    async function send(hash: Promise<Hash>) {
      const receipt = await s.publicClient.getTransactionReceipt({ hash: await hash })
      assert.equal(receipt.status, 'success')
      for (const log of receipt.logs) {
        if (getAddress(log.address) !== getAddress(contract.address)) continue
        let event
        try {
          event = decodeEventLog({ abi: contract.abi, data: log.data, topics: log.topics })
        } catch {
          continue
        }
        if (event.eventName === 'PoolUpdated') {
          const amount = event.args.amount
          const total = totalWeight()
          if (total < WEIGHT_FLOOR) dripsBelowFloor++
          drips++
          emitted += amount
          for (const [account, w] of weights) {
            exact.set(account, add(exact.get(account) ?? { n: 0n, d: 1n }, { n: amount * w, d: total }))
          }
        } else if (event.eventName === 'StaticAccrued') {
          const account = getAddress(event.args.account)
          paid.set(account, (paid.get(account) ?? 0n) + event.args.amount)
          settled.set(account, exact.get(account) ?? { n: 0n, d: 1n })
          settlements.set(account, (settlements.get(account) ?? 0) + 1)
        } else if (event.eventName === 'Burned') {
          const account = getAddress(event.args.account)
          const order = await contract.read.orders([event.args.index])
          weights.set(account, (weights.get(account) ?? 0n) + (order.amount * order.rate) / BPS)
        }
      }
      return receipt
    }

    /** Every account's paid static reward against its exact share; the honest ones lose at most the rounding. */
    function check(honest: Address[]) {
      let total = 0n
      for (const [account, w] of weights) {
        const share = floor(exact.get(account) ?? { n: 0n, d: 1n })
        const got = paid.get(account) ?? 0n
        total += got
        assert.ok(got <= share, `${account} was paid ${got}, more than its exact share ${share}`)
        if (honest.includes(account)) {
          // up to its last settlement, per drip the accumulator's increment is rounded down (less than w / 1e18 wei
          // for this account) and per settlement the fraction of a wei stays owed
          const due = floor(settled.get(account) ?? { n: 0n, d: 1n })
          const bound = BigInt(drips) * (w / 10n ** 18n + 1n) + BigInt(settlements.get(account) ?? 0) + 1n
          assert.ok(due - got <= bound, `${account} was paid ${got} of ${due}: more than ${bound} wei short`)
        }
      }
      assert.ok(total <= emitted, 'the accounts are paid at most what the gold pool dripped')
      assert.equal(dripsBelowFloor, 0, 'nothing drips while the pool weighs less than the floor')
      return { emitted, drips }
    }

    return { send, check, weights, paid, exact }
  }

  for (const pool of ['fomo', 'superFomo'] as const) {
    it(`${pool}: a dust first order, a funded gold pool and a later ordinary order take nobody's reward`, async () => {
      const s = await networkHelpers.loadFixture(fixture)
      const contract = s[pool]
      const { attacker, bob, carol, dave, keeper } = s
      const l = ledger(s, pool)
      const config = await contract.read.getConfig()
      const dayTimes = Number(config.dayTimes)
      // the first order of the pool, as small as the pool takes: `orderMin` (1 wei below it is refused)
      const first = config.orderMin
      await viem.assertions.revertWithCustomErrorWithArgs(
        contract.write.burn([0n, 1n, first - 1n, true], { account: attacker.account }),
        contract,
        'FomoAmountOutOfRange',
        [first - 1n, first, config.userMax],
      )
      await l.send(contract.write.burn([0n, 1n, first, true], { account: attacker.account }))
      // about 1,000 USDT into the gold pool (the attack returns it), and an hour or two of the pool's day
      await l.send(contract.write.addBalance([parseEther('1000')], { account: attacker.account }))
      await time.increase(Math.floor(dayTimes / 12))
      await l.send(contract.write.updatePool({ account: keeper.account }))
      // an ordinary order of the same account, then three honest orders
      await l.send(contract.write.burn([0n, 1n, parseEther('1000'), true], { account: attacker.account }))
      for (const w of [bob, carol, dave]) {
        await l.send(contract.write.burn([0n, 1n, parseEther('300'), true], { account: w.account }))
      }
      // a day in which the attacker has its account accrued every hour (anyone may call updateUser)
      for (let hour = 0; hour < 24; hour++) {
        await time.increase(Math.floor(dayTimes / 24))
        await l.send(contract.write.updateUser([attacker.account.address], { account: keeper.account }))
      }
      for (const w of [attacker, bob, carol, dave]) {
        await l.send(contract.write.updateUser([w.account.address], { account: keeper.account }))
      }
      const honest = [bob, carol, dave].map((w) => getAddress(w.account.address))
      const { emitted, drips } = l.check(honest)
      assert.ok(emitted > 0n && drips > 0, 'the gold pool dripped')
      for (const account of honest) assert.ok((l.paid.get(account) ?? 0n) > 0n, 'every honest order was paid')
      // and they can claim it: the pool still covers every balance
      for (const w of [attacker, bob, carol, dave]) {
        await contract.write.claimReward([0n], { account: w.account, value: config.handleGas })
      }
      assert.equal(await contract.read.excessOf([s.usdt.address]), 0n)
    })
  }

  it('fomo: nothing drips while the pool weighs less than the floor; the gold waits and drips later', async () => {
    const s = await networkHelpers.loadFixture(fixture)
    const { fomo, attacker, bob, keeper } = s
    const l = ledger(s, 'fomo')
    const config = await fomo.read.getConfig()
    const orderMin = (config as { orderMin?: bigint }).orderMin ?? 1n
    await l.send(fomo.write.burn([0n, 1n, orderMin, true], { account: attacker.account }))
    await l.send(fomo.write.addBalance([parseEther('1000')], { account: attacker.account }))
    const gold = (await fomo.read.getValues()).balanceGold
    await time.increase(Number(config.dayTimes) * 3)
    await l.send(fomo.write.updatePool({ account: keeper.account }))
    await l.send(fomo.write.updateUser([attacker.account.address], { account: keeper.account }))
    assert.equal((await fomo.read.getValues()).balanceGold, gold, 'below the floor the gold pool keeps it all')
    assert.equal((await fomo.read.users([attacker.account.address])).rewardStatic, 0n)
    // a second order lifts the pool to the floor: from then on it drips, shared by weight
    await l.send(fomo.write.burn([0n, 1n, WEIGHT_FLOOR, true], { account: bob.account }))
    await time.increase(Number(config.dayTimes))
    for (const w of [attacker, bob]) {
      await l.send(fomo.write.updateUser([w.account.address], { account: keeper.account }))
    }
    for (const w of [attacker, bob]) assert.ok((await fomo.read.users([w.account.address])).rewardStatic > 0n)
    const { drips } = l.check([attacker, bob].map((w) => getAddress(w.account.address)))
    assert.ok(drips > 0)
  })
})
