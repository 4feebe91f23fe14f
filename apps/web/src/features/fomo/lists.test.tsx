import type { ReactNode } from 'react'
import { I18nProvider } from '@lingui/react'
import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, i18n, loadCatalogs } from '../../lib/i18n.ts'
import { InviteList } from '../../components/blocks/records/InviteList.tsx'
import { SettledRoundList } from './FomoGamePage.tsx'
import { TeamRewardList } from './FomoTeamPage.tsx'
import { teamRewardsByLevel } from './fomoTeamModel.ts'
import { RecordList } from '../../components/blocks/records/RecordParts.tsx'

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>)

const round = {
  round: '3',
  settled: true,
  endTime: '1767225600',
  pot: '1234500000000000000000',
  paid: '1000000000000000000000',
  settler: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  settlementTransaction: '0x685a70116082eab2e3afbb3c43d51135d058afb008801545a9d5c9c2dfc0322d',
  winners: [
    { position: 0, orderIndex: '12', owner: '0x90f79bf6eb2c4f870365e785982e1f101e93b906' },
    { position: 1, orderIndex: '11', owner: null },
  ],
}

describe('pool lists', () => {
  beforeEach(async () => {
    await activateLocale('en')
  })

  it('show a spinner while loading, an error, or "No data yet" without rows', () => {
    const { rerender } = wrap(
      <RecordList loading error={false} count={0} testId="list">
        {null}
      </RecordList>,
    )
    expect(screen.getByTestId('list').dataset.state).toBe('loading')
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    rerender(
      <I18nProvider i18n={i18n}>
        <RecordList loading={false} error count={0} testId="list">
          {null}
        </RecordList>
      </I18nProvider>,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'This list could not be loaded. It is tried again with the next refresh.',
    )
    rerender(
      <I18nProvider i18n={i18n}>
        <RecordList loading={false} error={false} count={0} testId="list">
          {null}
        </RecordList>
      </I18nProvider>,
    )
    expect(screen.getByTestId('list').textContent).toBe('No data yet')
  })

  it('keep showing rows during a refresh or after a failed one', () => {
    wrap(
      <RecordList loading error count={1} testId="list">
        <li>row</li>
      </RecordList>,
    )
    expect(screen.getByTestId('list').dataset.state).toBe('ready')
    expect(screen.getByTestId('list').textContent).toBe('row')
  })

  it('show a settled round with its pot, winners and settlement transaction', () => {
    wrap(<SettledRoundList fetching={false} error={false} rounds={[round]} />)
    const item = within(screen.getByTestId('settled-round'))
    expect(item.getByText('Round 3')).toBeTruthy()
    expect(item.getByText('1,234.5 USDT')).toBeTruthy()
    expect(item.getByText('1,000 USDT')).toBeTruthy()
    expect(item.getByText('0x90f..b906 (#12), — (#11)')).toBeTruthy()
    expect(item.getByText('0x685a7011..dfc0322d')).toBeTruthy()
  })

  it('translate the empty state of the settled rounds into Traditional Chinese', async () => {
    // The catalogs the FOM pages load: this folder's and the shared record lists'.
    await activateLocale('zh-Hant')
    await loadCatalogs(['fomo', 'records'])
    wrap(<SettledRoundList fetching={false} error={false} rounds={[]} />)
    expect(screen.getByTestId('settled-list').textContent).toBe('暫無數據')
  })

  it('sum team rewards by level and list them with their level', () => {
    const events = [
      { amount: '5', level: 2 },
      { amount: '7', level: 2 },
      { amount: '1', level: 4 },
      { amount: '9', level: 0 },
      { amount: '3', level: null },
      { amount: '4', level: 5 },
    ]
    expect(teamRewardsByLevel(events)).toEqual([0n, 12n, 0n, 1n])
    wrap(
      <TeamRewardList
        fetching={false}
        error={false}
        events={[
          {
            kind: 'TeamRewarded',
            counterparty: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
            amount: '2500000000000000000',
            level: 3,
            timestamp: '1767225600',
            transactionHash: '0xabc',
          },
        ]}
      />,
    )
    const item = within(screen.getByTestId('team-reward'))
    expect(item.getByText('2.5 USDT')).toBeTruthy()
    expect(item.getByText('V3')).toBeTruthy()
    expect(item.getByText('0x90f..b906')).toBeTruthy()
  })

  it('list mining invitees with their NEX, force and stakes, or the error', () => {
    const { rerender } = wrap(
      <InviteList
        title="Direct invitees"
        testId="invites"
        loading={false}
        error={false}
        invites={[
          {
            account: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
            amount: 1_500n * 10n ** 18n,
            force: 1_875n * 10n ** 18n,
            stakes: 2n,
          },
        ]}
      />,
    )
    const item = within(screen.getByTestId('mining-invitee'))
    expect(item.getByText('0x90F..b906')).toBeTruthy()
    expect(item.getByText('1,500')).toBeTruthy()
    expect(item.getByText('1,875')).toBeTruthy()
    expect(item.getByText('2')).toBeTruthy()
    rerender(
      <I18nProvider i18n={i18n}>
        <InviteList title="Direct invitees" testId="invites" loading={false} error invites={[]} />
      </I18nProvider>,
    )
    expect(screen.getByTestId('invites-list').dataset.state).toBe('error')
  })
})
