import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Button, useToast } from '@nexus/ui'
import { useFeedback } from '../../../hooks/useFeedback.ts'
import { useLogin } from '../../../data/login.ts'
import { legacyErrorText } from './legacyErrors.ts'
import './legacy.css'

/**
 * Sign-in with the wallet for the data the server keeps (SPEC.md §3, §7): a "Sign in" button (one signature of a
 * Sign-In with Ethereum message, no transaction), then `children` and a "Sign out" button. Shows why the last
 * login ended when the server ended it (4700), and every error in the interface's language.
 */
export function SignInPanel({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const login = useLogin()
  const { exclusive } = useFeedback()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const signedIn = login.signedIn

  // One request at a time, across the page's writes too: a double click asks the wallet for one signature.
  const run = (work: () => Promise<void>) =>
    exclusive(async () => {
      setBusy(true)
      setError(undefined)
      try {
        await work()
      } catch (failure) {
        const text = await legacyErrorText(failure, i18n)
        // told once: under the sign-in button while signed out, else (a failed sign-out) as a notice
        if (signedIn) toast.error(text)
        else setError(text)
      } finally {
        setBusy(false)
      }
    })

  if (!login.signedIn) {
    return (
      <div className="app-signin" data-testid="sign-in-panel" data-state="signed-out">
        <p className="app-muted">
          {login.ended === 'expired'
            ? t`Your sign-in has ended: sign in again.`
            : t`Sign in with your wallet to see what the server keeps for you. Signing in is one signature: it sends no transaction and costs nothing.`}
        </p>
        <Button data-testid="sign-in" disabled={busy} onClick={() => void run(login.signIn)}>
          {busy ? t`Signing in…` : t`Sign in`}
        </Button>
        {error && (
          <p className="app-error" role="alert" data-testid="sign-in-error">
            {error}
          </p>
        )}
      </div>
    )
  }
  return (
    <div className="app-signin" data-testid="sign-in-panel" data-state="signed-in">
      {children}
      <div className="app-signin__footer">
        <span className="app-muted">{t`Signed in with this wallet.`}</span>
        <Button variant="secondary" data-testid="sign-out" disabled={busy} onClick={() => void run(login.signOut)}>
          {t`Sign out`}
        </Button>
      </div>
    </div>
  )
}

/** A failed legacy read, in the interface's language; a 4700 is shown by the sign-in panel instead. */
export function LegacyError({ error }: { error: unknown }) {
  const { i18n } = useLingui()
  const [text, setText] = useState<string>()
  useEffect(() => {
    let live = true
    void legacyErrorText(error, i18n).then((next) => live && setText(next))
    return () => {
      live = false
    }
  }, [error, i18n])
  return text ? (
    <p className="app-error" role="alert" data-testid="legacy-error">
      {text}
    </p>
  ) : null
}
