import { describe, expect, it } from 'vitest'
import { barHeight, dailyBars } from './dailyBars.ts'
import { parseMineSearch } from './mineSearch.ts'

const row = (symbol: string, day: number, amount: bigint) => ({
  symbol,
  day: String(day),
  startTime: String(day * 600),
  amount: amount.toString(),
})

describe('daily rewards bars', () => {
  it('gives every symbol one bar per day, oldest first, zeros on days without rewards', () => {
    const bars = dailyBars(
      [row('USDT', 100, 5n), row('NEX', 99, 7n), row('USDT', 98, 3n), row('USDT', 100, 1n)],
      100n,
      4,
    )
    expect(bars).toEqual([
      { symbol: 'NEX', amounts: [0n, 0n, 7n, 0n], max: 7n, total: 7n },
      { symbol: 'USDT', amounts: [0n, 3n, 0n, 6n], max: 6n, total: 9n },
    ])
  })

  it('leaves out days outside the window, and has no series without rows', () => {
    expect(dailyBars([row('USDT', 90, 5n), row('USDT', 101, 5n)], 100n, 4)).toEqual([])
    expect(dailyBars([], 100n, 30)).toEqual([])
  })

  it('scales bars to the largest day, keeping small days visible', () => {
    expect(barHeight(50n, 100n, 80)).toBe(40)
    expect(barHeight(1n, 10n ** 24n, 80)).toBe(1)
    expect(barHeight(0n, 100n, 80)).toBe(0)
    expect(barHeight(100n, 100n, 86)).toBe(86)
  })
})

describe('/mine search', () => {
  it('selects the action log only with view=log', () => {
    expect(parseMineSearch({ view: 'log' })).toEqual({ view: 'log' })
    expect(parseMineSearch({ view: '<script>' })).toEqual({ view: undefined })
    expect(parseMineSearch({})).toEqual({ view: undefined })
    expect(parseMineSearch({ view: ['log'] })).toEqual({ view: undefined })
  })
})
