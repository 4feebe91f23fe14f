import type { DailyRewardsQuery } from '../../generated/graphql.ts'

/** One day's rewards of one symbol, as the indexer's `dailyRewards` gives them. */
export type DailyReward = DailyRewardsQuery['dailyRewards'][number]

/** A symbol's rewards on each of the last `count` days, oldest first (0 on a day without rewards). */
export type SymbolBars = { symbol: string; amounts: bigint[]; max: bigint; total: bigint }

/**
 * Groups the indexer's daily rewards by symbol into `count` consecutive days ending on `today` (day numbers of
 * the Log's `dayTimes`), oldest first, so that every chart has one bar per day.
 *
 * @example
 * dailyBars([{ symbol: 'USDT', day: '10', startTime: '6000', amount: '5' }], 10n, 3)
 * // [{ symbol: 'USDT', amounts: [0n, 0n, 5n], max: 5n, total: 5n }]
 */
export function dailyBars(rows: readonly DailyReward[], today: bigint, count: number): SymbolBars[] {
  const first = today - BigInt(count) + 1n
  const bySymbol = new Map<string, bigint[]>()
  for (const row of rows) {
    const day = BigInt(row.day)
    if (day < first || day > today) continue
    const amounts = bySymbol.get(row.symbol) ?? Array.from({ length: count }, () => 0n)
    const position = Number(day - first)
    amounts[position] = (amounts[position] ?? 0n) + BigInt(row.amount)
    bySymbol.set(row.symbol, amounts)
  }
  return [...bySymbol.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([symbol, amounts]) => ({
      symbol,
      amounts,
      max: amounts.reduce((max, value) => (value > max ? value : max), 0n),
      total: amounts.reduce((sum, value) => sum + value, 0n),
    }))
}

/**
 * A bar's height in chart units: its share of the largest bar, at least 1 unit for any non-zero day so that
 * small rewards stay visible.
 *
 * @example
 * barHeight(50n, 100n, 80) // 40
 */
export function barHeight(value: bigint, max: bigint, height: number): number {
  if (value <= 0n || max <= 0n) return 0
  return Math.max(1, Number((value * BigInt(Math.round(height * 100))) / max) / 100)
}
