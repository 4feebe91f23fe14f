// Reference model of Nft's dividends (docs/contractsII.md "Nft"), written from the rules, not from Nft.sol: the
// USDT that reaches the contract is shared by power (a holder's cards times each card's power); every mint, burn
// and transfer distributes what arrived first and then moves the power, so moving cards never creates nor destroys
// dividends; what arrives while nobody holds power (or the total power is below the pool's floor) waits and is
// shared at the next distribution. A claim pays the holder everything credited to it.
import type { Ratio } from './ratio.ts'
import { SharePool } from './sharePool.ts'

export class NftModel {
  readonly pool: SharePool
  /** Power per card id. */
  readonly cards = new Map<bigint, bigint>()
  /** Cards held: account -> id -> count. */
  readonly held = new Map<string, Map<bigint, bigint>>()
  /** USDT paid out by claims per account. */
  readonly claimed = new Map<string, bigint>()

  constructor(powerFloor = 0n) {
    this.pool = new SharePool(powerFloor)
  }

  createCard(id: bigint, power: bigint) {
    if (power <= 0n) throw new Error('NftModel: a card has power')
    this.cards.set(id, power)
  }

  balanceOf(account: string, id: bigint) {
    return this.held.get(account)?.get(id) ?? 0n
  }

  private move(account: string, id: bigint, delta: bigint) {
    const power = this.cards.get(id)
    if (power === undefined) throw new Error(`NftModel: unknown card ${id}`)
    const cards = this.held.get(account) ?? new Map<bigint, bigint>()
    const count = (cards.get(id) ?? 0n) + delta
    if (count < 0n) throw new Error(`NftModel: ${account} holds fewer than ${-delta} of card ${id}`)
    cards.set(id, count)
    this.held.set(account, cards)
    this.pool.addWeight(account, delta * power)
  }

  /** USDT reaches the contract (fees, Burn's share): it waits for the next distribution. */
  fund(amount: bigint) {
    this.pool.add(amount)
  }

  /** A distribution point (a mint, burn, transfer, claim, the fee hook, or a view of what is pending). */
  distribute() {
    this.pool.distribute()
  }

  mint(to: string, id: bigint, count: bigint) {
    this.pool.distribute()
    this.move(to, id, count)
  }

  burn(from: string, id: bigint, count: bigint) {
    this.pool.distribute()
    this.move(from, id, -count)
  }

  transfer(from: string, to: string, id: bigint, count: bigint) {
    this.pool.distribute()
    if (from === to) {
      if (this.balanceOf(from, id) < count) throw new Error('NftModel: insufficient balance')
      return
    }
    this.move(from, id, -count)
    this.move(to, id, count)
  }

  /**
   * A claim: the contract pays what it credited (`paid`, measured); the model records it so that "what all holders
   * were paid never exceeds what entered" can be checked.
   */
  claim(account: string, paid: bigint) {
    this.pool.distribute()
    this.claimed.set(account, (this.claimed.get(account) ?? 0n) + paid)
  }

  /** The exact dividends credited to `account` so far (claimed or not). */
  owed(account: string): Ratio {
    return this.pool.owedTo(account)
  }

  totalClaimed() {
    let sum = 0n
    for (const value of this.claimed.values()) sum += value
    return sum
  }
}
