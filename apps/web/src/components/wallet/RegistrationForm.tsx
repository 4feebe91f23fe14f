import { useEffect, useState } from 'react'
import { useLocation } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { mainAbi } from '@nexus/abi'
import { Button } from '@nexus/ui'
import { getAddress, isAddress, isAddressEqual, zeroAddress } from 'viem'
import type { Address } from 'viem'
import { readContract } from 'wagmi/actions'
import { useWalletRuntime } from '../../data/wallet.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { readInviteCode } from '../../lib/inviteCode.ts'
import { Icon } from '../Icon.tsx'

/** SPEC.md §5 messages of the registration form. */
export const REGISTRATION_MESSAGES = {
  empty: msg`Without a referral address, please revisit through an invitation link.`,
  notAnAddress: msg`This is not a wallet address: a referral address is 0x followed by 40 hexadecimal digits.`,
  notRegistered: msg`The referral address is not registered: enter a valid one.`,
  ownDownline: msg`The referral address cannot be your own direct referral.`,
} as const

/** The saved invite code as the field's first value (empty for the default zero address). */
function savedCode(): string {
  const code = readInviteCode(window.localStorage)
  return code === zeroAddress ? '' : code
}

/**
 * The registration form of the registration overlay (loaded when the overlay opens): the referral code is
 * prefilled from `?code=` (through the saved invite code), must be non-empty, a registered address, and not the
 * account itself or one of its own direct referrals. Success closes the overlay; a failure shows its error and
 * keeps it open.
 */
export function RegistrationForm({ account, main }: { account: Address; main: Address }) {
  const { t, i18n } = useLingui()
  const loadWallet = useWalletRuntime()
  const send = useTransaction()
  const { searchStr } = useLocation()
  const [code, setCode] = useState(savedCode)
  const [error, setError] = useState<MessageDescriptor | string | null>(null)
  const [busy, setBusy] = useState(false)

  // A new ?code= (captured by InviteCodeNotice into local storage) replaces the field's value.
  useEffect(() => {
    const timer = setTimeout(() => {
      const saved = savedCode()
      if (saved) setCode(saved)
    }, 0)
    return () => clearTimeout(timer)
  }, [searchStr])

  async function validate(input: string): Promise<Address | MessageDescriptor> {
    const value = input.trim()
    if (value === '') return REGISTRATION_MESSAGES.empty
    if (!isAddress(value, { strict: false })) return REGISTRATION_MESSAGES.notAnAddress
    if (isAddressEqual(value as Address, zeroAddress)) return REGISTRATION_MESSAGES.notRegistered
    const referrer = getAddress(value)
    if (isAddressEqual(referrer, account)) return REGISTRATION_MESSAGES.ownDownline
    const [index, itsReferrer] = await readContract((await loadWallet()).config, {
      address: main,
      abi: mainAbi,
      functionName: 'users',
      args: [referrer],
    })
    if (index === 0n) return REGISTRATION_MESSAGES.notRegistered
    if (isAddressEqual(itsReferrer, account)) return REGISTRATION_MESSAGES.ownDownline
    return referrer
  }

  async function submit() {
    setError(null)
    setBusy(true)
    try {
      const checked = await validate(code).catch(() => REGISTRATION_MESSAGES.notRegistered)
      if (typeof checked !== 'string') {
        setError(checked)
        return
      }
      const outcome = await send({
        request: () => ({ address: main, abi: mainAbi, functionName: 'register', args: [checked] }),
        success: msg`Registration complete`,
      })
      if (!outcome.ok) setError(outcome.error)
    } finally {
      setBusy(false)
    }
  }

  const shownError = error === null ? null : typeof error === 'string' ? error : i18n._(error)
  return (
    <div className="ui-backdrop app-blocker" data-testid="registration-overlay">
      <form
        className="app-blocker__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="registration-title"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <div className="app-blocker__icon">
          <Icon name="users" size={28} />
        </div>
        <h2 id="registration-title">{t`Bind your referrer`}</h2>
        <p>{t`Enter the address of the person who invited you. It is stored on chain once and cannot be changed.`}</p>
        <label className="app-field">
          <span className="app-field__label">{t`Referral address`}</span>
          <input
            className="app-input app-mono"
            data-testid="registration-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={shownError !== null}
          />
        </label>
        {shownError && (
          <p className="app-field__error" role="alert" data-testid="registration-error">
            {shownError}
          </p>
        )}
        <Button type="submit" block loading={busy} data-testid="registration-submit">
          {t`Register`}
        </Button>
      </form>
    </div>
  )
}
