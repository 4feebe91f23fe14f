import { useEffect, useState } from 'react'
import { useLocation } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { captureInviteCode } from '../../lib/inviteCode.ts'
import { Icon } from '../Icon.tsx'

const SHOWN_LENGTH = 64

/**
 * Stores a valid `?code=` of any page as the invite code (SPEC.md §2), and says so when a link carries an invalid
 * one. The rejected value is shown only as text (React escapes it), shortened, so it can never act as markup.
 */
export function InviteCodeNotice() {
  const { t } = useLingui()
  const { searchStr } = useLocation()
  const [rejected, setRejected] = useState<string | null>(null)

  useEffect(() => {
    const found = captureInviteCode(searchStr, window.localStorage)
    setRejected(found.kind === 'invalid' ? found.raw : null)
  }, [searchStr])

  if (rejected === null) return null
  const shown = rejected.length > SHOWN_LENGTH ? `${rejected.slice(0, SHOWN_LENGTH)}…` : rejected
  return (
    <div className="app-notice" role="status" data-testid="invite-code-notice">
      <Icon name="shield" size={18} />
      <p>
        {t`The invite code in this link is not a valid address and was ignored:`}{' '}
        <code className="app-mono" data-testid="invite-code-rejected">
          {shown}
        </code>
      </p>
      <button type="button" className="app-iconbtn" aria-label={t`Close`} onClick={() => setRejected(null)}>
        <Icon name="close" size={16} />
      </button>
    </div>
  )
}
