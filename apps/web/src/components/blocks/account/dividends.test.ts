import { describe, expect, it } from 'vitest'
import { burnDividends, claimWindow, orderEarned } from './dividends.ts'

const E = 10n ** 18n

describe('burn dividends', () => {
  it("counts an order's accrued dividends only while it is valid", () => {
    expect(orderEarned({ reward: 10n, isValid: true, pending: 2n })).toBe(12n)
    // an order that is out keeps what it was credited; pendingReward is 0 for it anyway, but a stale read is ignored
    expect(orderEarned({ reward: 10n, isValid: false, pending: 2n })).toBe(10n)
  })

  it('settles from lastOut, at most handleGas positions, like Burn._settleUser', () => {
    expect(claimWindow(2n, 5n, 50n)).toEqual({ positions: [2n, 3n, 4n], more: false })
    expect(claimWindow(0n, 5n, 2n)).toEqual({ positions: [0n, 1n], more: true })
    expect(claimWindow(3n, 5n, 2n)).toEqual({ positions: [3n, 4n], more: false })
    expect(claimWindow(5n, 5n, 50n)).toEqual({ positions: [], more: false })
    expect(claimWindow(0n, 0n, 50n)).toEqual({ positions: [], more: false })
  })

  it('derives the claim, its fee and the order dividends from one set of reads', () => {
    const figures = burnDividends(
      { balance: 30n * E, total: 40n * E },
      [
        { amount: 100n * E, reward: 40n * E, isValid: true, pending: 284n * 10n ** 14n },
        { amount: 200n * E, reward: 0n, isValid: false, pending: 0n },
      ],
      500n,
    )
    expect(figures.force).toBe(100n * E)
    expect(figures.accrued).toBe(284n * 10n ** 14n)
    expect(figures.claimable).toBe(30n * E + 284n * 10n ** 14n)
    // FeeMath.bps rounds down: the fee and what the wallet receives add up to the claim exactly
    expect(figures.fee).toBe((figures.claimable * 500n) / 10_000n)
    expect(figures.fee + figures.claimPays).toBe(figures.claimable)
    expect(figures.orderDividends).toBe(40n * E + 284n * 10n ** 14n)
  })

  it('sums what the order rows show: order dividends = credited total + accrued', () => {
    const orders = [
      { amount: 100n, reward: 7n, isValid: true, pending: 3n },
      { amount: 50n, reward: 5n, isValid: false, pending: 0n },
      { amount: 80n, reward: 0n, isValid: true, pending: 11n },
    ]
    const total = orders.reduce((sum, order) => sum + order.reward, 0n)
    const rows = orders.reduce((sum, order) => sum + orderEarned(order), 0n)
    expect(burnDividends({ balance: 0n, total }, orders, 0n).orderDividends).toBe(rows)
    expect(burnDividends({ balance: 0n, total }, orders, 0n).claimPays).toBe(14n)
  })
})
