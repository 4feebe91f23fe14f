import { useLingui } from '@lingui/react/macro'
import { showAmount, showTime } from '../../lib/format.ts'
import { barHeight } from './dailyBars.ts'
import type { SymbolBars } from './dailyBars.ts'

const WIDTH = 300
const HEIGHT = 90
const COLORS = ['#f0b90b', '#3ddc97', '#6ea8fe', '#e685b5', '#b197fc']

/**
 * Small multiples of the user's daily rewards: one bar chart per symbol over the last days (oldest left), each
 * scaled to its own largest day, with the first and last day under the axis. Hand-made SVG, no chart library.
 */
export function RewardsChart({
  bars,
  firstDayStart,
  lastDayStart,
}: {
  bars: readonly SymbolBars[]
  /** Start times (Unix seconds) of the first and the last day shown. */
  firstDayStart: bigint
  lastDayStart: bigint
}) {
  const { t } = useLingui()
  return (
    <div className="acc-chart-list" data-testid="rewards-chart">
      {bars.map((series, index) => {
        const color = COLORS[index % COLORS.length]
        const slot = WIDTH / series.amounts.length
        return (
          <figure key={series.symbol} className="acc-chart-figure" data-symbol={series.symbol}>
            <figcaption className="acc-chart__legend">
              <span>
                <span className="acc-chart__swatch" style={{ background: color }} />
                <strong>{series.symbol}</strong>
              </span>
              <span className="app-muted">{t`Total ${showAmount(series.total)} · best day ${showAmount(series.max)}`}</span>
            </figcaption>
            <svg
              className="acc-chart"
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={t`${series.symbol} rewards per day: ${showAmount(series.total)} in ${series.amounts.length} days`}
            >
              <line
                x1={0}
                x2={WIDTH}
                y1={HEIGHT - 0.5}
                y2={HEIGHT - 0.5}
                stroke="currentColor"
                opacity={0.25}
                vectorEffect="non-scaling-stroke"
              />
              {series.amounts.map((amount, day) => {
                const h = barHeight(amount, series.max, HEIGHT - 4)
                return h > 0 ? (
                  <rect
                    key={day}
                    x={day * slot + slot * 0.15}
                    y={HEIGHT - h}
                    width={slot * 0.7}
                    height={h}
                    rx={1}
                    fill={color}
                    data-day={day}
                  >
                    <title>{showAmount(amount)}</title>
                  </rect>
                ) : null
              })}
            </svg>
            {/* HTML, not SVG text: the chart stretches to the card's width, the labels keep their size. */}
            <div className="acc-chart__axis">
              <span>{showTime(firstDayStart).slice(5, 16)}</span>
              <span>{showTime(lastDayStart).slice(5, 16)}</span>
            </div>
          </figure>
        )
      })}
    </div>
  )
}
