import { describe, expect, it } from 'vitest'
import { nextLevel, orderCap, percentOf, shortAccount, splitSpan, synthesisPowerChange } from './figures.ts'

describe('account figures', () => {
  it('caps an order at its reward rate', () => {
    expect(orderCap(100n * 10n ** 18n, 15_000n)).toBe(150n * 10n ** 18n)
    expect(orderCap(3n, 15_000n)).toBe(4n)
  })

  it('turns a share into a bounded percentage with one decimal, floored', () => {
    expect(percentOf(1n, 3n)).toBe(33.3)
    expect(percentOf(0n, 3n)).toBe(0)
    expect(percentOf(5n, 0n)).toBe(0)
    expect(percentOf(7n, 5n)).toBe(100)
    expect(percentOf(2n, 3n)).toBe(66.6)
  })

  it('splits a span into days, hours and minutes, 0 once passed', () => {
    expect(splitSpan(90_061)).toEqual({ days: 1, hours: 1, minutes: 1 })
    expect(splitSpan(-5)).toEqual({ days: 0, hours: 0, minutes: 0 })
    expect(splitSpan(30 * 86_400)).toEqual({ days: 30, hours: 0, minutes: 0 })
  })

  it('shortens an address to 6 and 5 characters', () => {
    expect(shortAccount('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x7099..c79C8')
    expect(shortAccount('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe('0x7099..c79C8')
    expect(shortAccount('0x1234')).toBe('0x1234')
  })

  it('tells what the next team level needs outside the largest leg', () => {
    const amounts = [10_000n, 50_000n, 200_000n, 1_000_000n, 5_000_000n]
    expect(nextLevel(0n, 4_000n, amounts)).toEqual({ level: 1, threshold: 10_000n, missing: 6_000n })
    expect(nextLevel(1n, 60_000n, amounts)).toEqual({ level: 2, threshold: 50_000n, missing: 0n })
    expect(nextLevel(5n, 0n, amounts)).toBeUndefined()
  })

  it('computes the power a synthesis changes', () => {
    expect(synthesisPowerChange(15n, 1n, 20n)).toBe(5n)
    expect(synthesisPowerChange(15n, 2n, 20n)).toBe(-10n)
  })
})
