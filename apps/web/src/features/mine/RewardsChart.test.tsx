import { render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, i18n, loadCatalogs } from '../../lib/i18n.ts'
import { dailyBars } from './dailyBars.ts'
import { RewardsChart } from './RewardsChart.tsx'

const E18 = 10n ** 18n
const rows = [
  { symbol: 'USDT', day: '100', startTime: '60000', amount: (3n * E18).toString() },
  { symbol: 'USDT', day: '98', startTime: '58800', amount: ((15n * E18) / 10n).toString() },
  { symbol: 'NEX', day: '99', startTime: '59400', amount: (1234n * E18).toString() },
]

describe('RewardsChart', () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['mine'])
  })

  it('draws one chart per symbol with a bar on each day that had rewards, scaled to the best day', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <RewardsChart bars={dailyBars(rows, 100n, 30)} firstDayStart={71n * 600n} lastDayStart={100n * 600n} />
      </I18nProvider>,
    )
    const usdt = container.querySelector('figure[data-symbol="USDT"]')
    const nex = container.querySelector('figure[data-symbol="NEX"]')
    expect(usdt?.querySelectorAll('rect')).toHaveLength(2)
    expect(nex?.querySelectorAll('rect')).toHaveLength(1)
    // Today is the last of 30 days; the best day is full height, the other half of it.
    const today = usdt?.querySelector('rect[data-day="29"]')
    const older = usdt?.querySelector('rect[data-day="27"]')
    expect(Number(today?.getAttribute('height'))).toBe(86)
    expect(Number(older?.getAttribute('height'))).toBe(43)
    expect(usdt?.textContent).toContain('Total 4.5 · best day 3')
    expect(screen.getByRole('img', { name: 'NEX rewards per day: 1,234 in 30 days' })).toBeDefined()
  })
})
