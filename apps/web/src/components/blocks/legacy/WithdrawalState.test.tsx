import { render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { activateLocale, i18n, loadCatalogs } from '../../../lib/i18n.ts'
import { WithdrawalState, withdrawalStateText } from './WithdrawalState.tsx'

const STATES = ['pending', 'approved', 'paying', 'failed', 'cancelled', 'rejecting', 'paid', 'rejected'] as const

function shown(withdrawal: { status: string; reason?: string | null; payoutHash?: string | null }) {
  const { unmount } = render(
    <I18nProvider i18n={i18n}>
      <WithdrawalState withdrawal={{ id: 7, reason: null, payoutHash: null, ...withdrawal }} />
    </I18nProvider>,
  )
  const text = screen.getByTestId('wallet-log-withdrawal').textContent
  const payout = screen.queryByTestId('wallet-log-payout')?.textContent
  unmount()
  return { text, payout }
}

describe("a withdrawal's state in its owner's wallet log", () => {
  beforeEach(async () => {
    await activateLocale('en')
    await loadCatalogs(['legacy'])
  })

  it('words every state the server writes, each differently, and an unknown one as written', () => {
    const texts = STATES.map((status) => shown({ status }).text)
    expect(new Set(texts).size).toBe(STATES.length)
    for (const text of texts) expect(text).not.toMatch(/^(pending|approved|paying|failed|cancelled|rejecting)$/)
    expect(shown({ status: 'rejecting' }).text).toBe(
      'Rejected: the amount comes back once the payment is cancelled on chain',
    )
    expect(withdrawalStateText('onHold')).toBe('onHold')
    expect(shown({ status: 'onHold' }).text).toBe('onHold')
  })

  it("shows a manager's reason and, once paid, the payout transaction", () => {
    expect(shown({ status: 'rejected', reason: 'duplicate request' }).text).toBe(
      'Rejected: the amount was returned · Reason: duplicate request',
    )
    const hash = `0x${'ab'.repeat(32)}`
    const paid = shown({ status: 'paid', payoutHash: hash })
    expect(paid.text).toBe('Paid out · Payout transaction')
    expect(paid.payout).toBe('Payout transaction')
  })

  it('reads in Traditional Chinese', async () => {
    await activateLocale('zh-Hant')
    const text = shown({ status: 'rejecting', reason: '重複申請' }).text ?? ''
    expect(text).toContain('重複申請')
    expect(text).not.toContain('Rejected')
    expect(text).not.toContain('Reason')
  })
})
