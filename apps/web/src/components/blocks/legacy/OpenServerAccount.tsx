import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Button } from '@nexus/ui'
import type { Address } from 'viem'
import { useSession } from '../../../data/session.tsx'
import { useLegacyQuery, useLogin } from '../../../data/login.ts'
import { env } from '../../../lib/env.ts'
import { legacyCall, LegacyApiError } from '../../../lib/legacyApi.ts'
import { toAppLocale } from '../../../lib/i18n.ts'
import { queryClient } from '../../../lib/queryClient.ts'
import { useFeedback } from '../../../hooks/useFeedback.ts'
import { legacyErrorText } from './legacyErrors.ts'

/** The server's usernames (apps/legacy-api `usernameField`): letters, digits and _, 2 to 20. From the address. */
function usernameOf(account: Address, length: number): string {
  return `u${account.slice(2, 2 + length).toLowerCase()}`
}

/**
 * For a wallet registered on chain that has no account on the legacy server yet (its calls answer 4800 "Please
 * register first"): opens that account in one step, with the wallet's referrer on chain as its referrer and a
 * username made from the address (SPEC.md §7 `register {username, recommend}`): no signature, no transaction.
 * Renders nothing for a wallet that has its account, or is not registered on chain.
 */
export function OpenServerAccount({ refused }: { refused: unknown }) {
  const { t, i18n } = useLingui()
  const { account, registered, referrer } = useSession()
  const { token } = useLogin()
  const { exclusive } = useFeedback()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const server = useLegacyQuery('isRegister', { address: account ?? '' })
  const rejected = refused instanceof LegacyApiError && refused.kind === 'rejected'
  if (!rejected || !account || registered !== true || !referrer || server.data?.isRegister !== false) return null

  const open = () =>
    exclusive(async () => {
      setBusy(true)
      setError(undefined)
      const options = { baseUrl: env.legacyApiUrl, token, locale: toAppLocale(i18n.locale) ?? 'zh-Hant' }
      try {
        // a username taken already (by an address with the same first hex digits): the longer one
        for (const length of [10, 19]) {
          try {
            await legacyCall('register', { username: usernameOf(account, length), recommend: referrer }, options)
            break
          } catch (failure) {
            const taken = failure instanceof LegacyApiError && failure.kind === 'rejected' && length === 10
            if (!taken) throw failure
          }
        }
        await queryClient.invalidateQueries({ queryKey: ['legacy'] })
      } catch (failure) {
        setError(await legacyErrorText(failure, i18n))
      } finally {
        setBusy(false)
      }
    })

  return (
    <div className="app-hint" data-testid="open-server-account">
      <p>
        {t`Your wallet is registered on chain but has no account on this server yet. Open it now, with your referrer on chain (${referrer}): one step, no signature and no transaction.`}
      </p>
      <Button size="sm" disabled={busy} data-testid="open-server-account-button" onClick={() => void open()}>
        {busy ? t`Opening…` : t`Open my server account`}
      </Button>
      {error && (
        <p className="app-error" role="alert" data-testid="open-server-account-error">
          {error}
        </p>
      )}
    </div>
  )
}
