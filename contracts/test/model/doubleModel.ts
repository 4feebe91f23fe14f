// The reference model of Double's accounting (the doubling deposit tied to FOM orders), written from the rules as
// documented (SPEC.md §3/§7, docs/contractsIII.md, IDouble's NatSpec), not from the Solidity code.
//
// The rules it keeps:
// - A deposit of `amount` (a user's own, or a FOM order's Double share for its buyer) opens a record whose reward is
//   `2 * amount`, vesting linearly from the deposit to `ceil(BPS / price)` days later (`price` and `dayTimes` in effect
//   at the deposit): vested at `t` = `reward * (t - start) / (end - start)` rounded down, all of it from `end` on.
// - A claim pays, from the caller's oldest record that is not fully paid on, up to `MAX_CLAIM` consecutive records of
//   its own (fully paid ones among them count), each what vested and was not released yet, oldest first, but never
//   more than the USDT the pool holds: what it cannot pay stays due. `feeRate` of the claim stays in the pool. It is
//   refused (DoubleNothingToClaim) only when it would release nothing. A record never releases more than 2x.
// - The pool holds what was deposited and sent to it, less what claims paid out.
export const BPS = 10_000n
export const MULTIPLE = 2n
/** The most records one claim releases from. */
export const MAX_CLAIM = 20

export type DoubleSettings = { dayTimes: bigint; feeRate: bigint; price: bigint }

export type DoubleRecord = {
  index: bigint
  owner: string
  amount: bigint
  startTime: bigint
  endTime: bigint
  released: bigint
}

export type DoubleAccount = {
  records: DoubleRecord[]
  /** the position of its oldest record that may still be owed */
  cursor: number
  /** released to it (fee included) */
  released: bigint
  /** what reached it (after the fee) */
  paid: bigint
}

export class DoubleModel {
  settings: DoubleSettings
  /** the USDT the pool holds */
  held = 0n
  /** USDT that entered: deposits and transfers from outside */
  entered = 0n
  readonly records: DoubleRecord[] = []
  readonly accounts = new Map<string, DoubleAccount>()

  constructor(settings: DoubleSettings) {
    this.settings = { ...settings }
  }

  account(address: string): DoubleAccount {
    const key = address.toLowerCase()
    let a = this.accounts.get(key)
    if (!a) {
      a = { records: [], cursor: 0, released: 0n, paid: 0n }
      this.accounts.set(key, a)
    }
    return a
  }

  static vested(record: DoubleRecord, now: bigint): bigint {
    const reward = record.amount * MULTIPLE
    if (now >= record.endTime) return reward
    return (reward * (now - record.startTime)) / (record.endTime - record.startTime)
  }

  /** A deposit of `amount` for `owner` at `now`; returns the record. */
  deposit(now: bigint, owner: string, amount: bigint): DoubleRecord {
    const { price, dayTimes } = this.settings
    const record: DoubleRecord = {
      index: BigInt(this.records.length + 1),
      owner: owner.toLowerCase(),
      amount,
      startTime: now,
      endTime: now + ((BPS + price - 1n) / price) * dayTimes,
      released: 0n,
    }
    this.records.push(record)
    this.account(owner).records.push(record)
    this.held += amount
    this.entered += amount
    return record
  }

  /** USDT sent to the pool from outside (the doubled halves are paid from such later inflows). */
  inflow(amount: bigint) {
    this.held += amount
    this.entered += amount
  }

  /** The records one claim of `account` considers. */
  private window(a: DoubleAccount) {
    return a.records.slice(a.cursor, a.cursor + MAX_CLAIM)
  }

  /** What a claim of `account` would release at `now` (before the fee): its balance. */
  claimable(now: bigint, address: string): bigint {
    const a = this.account(address)
    let due = 0n
    for (const r of this.window(a)) due += DoubleModel.vested(r, now) - r.released
    return due > this.held ? this.held : due
  }

  /** A claim at `now`: released (fee included) and paid after the fee, or the refusal (which changes nothing). */
  claim(
    now: bigint,
    address: string,
  ): { released: bigint; paid: bigint; perRecord: Map<bigint, bigint> } | { refused: string } {
    const a = this.account(address)
    let available = this.held
    let released = 0n
    const perRecord = new Map<bigint, bigint>()
    for (const r of this.window(a)) {
      if (available === 0n) break
      let due = DoubleModel.vested(r, now) - r.released
      if (due > available) due = available
      if (due === 0n) continue
      perRecord.set(r.index, due)
      available -= due
      released += due
    }
    if (released === 0n) return { refused: 'DoubleNothingToClaim' }
    for (const [index, due] of perRecord) {
      const r = this.records[Number(index) - 1]
      if (r) r.released += due
    }
    // the oldest record that may still be owed
    while (
      a.cursor < a.records.length &&
      (a.records[a.cursor]?.released ?? 0n) === (a.records[a.cursor]?.amount ?? 0n) * MULTIPLE
    ) {
      a.cursor++
    }
    const fee = (released * this.settings.feeRate) / BPS
    a.released += released
    a.paid += released - fee
    this.held -= released - fee
    return { released, paid: released - fee, perRecord }
  }

  setSettings(settings: DoubleSettings) {
    this.settings = { ...settings }
  }

  /** Every record's outstanding reward (what the pool may still release). */
  owed(): bigint {
    return this.records.reduce((sum, r) => sum + r.amount * MULTIPLE - r.released, 0n)
  }

  paidOut(): bigint {
    let sum = 0n
    for (const a of this.accounts.values()) sum += a.paid
    return sum
  }
}
