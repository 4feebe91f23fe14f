import { lazy, Suspense, useEffect } from 'react'
import { useSession } from '../../data/session.tsx'
import { useConnection } from '../../data/wallet.tsx'
import { env } from '../../lib/env.ts'

// Only an account that is not registered yet sees the form: the first visit does not load it (scripts/budgets.ts).
const RegistrationForm = lazy(() =>
  import('./RegistrationForm.tsx').then((module) => ({ default: module.RegistrationForm })),
)

/**
 * Blocks the app while the connected account has no referrer in Main and is not a manager (SPEC.md §2, §4, §5),
 * with the registration form ({@link RegistrationForm}).
 */
export function RegistrationOverlay() {
  const session = useSession()
  const { chainId } = useConnection()
  const open =
    session.account !== undefined &&
    session.main !== undefined &&
    session.registered === false &&
    !session.manager &&
    chainId === env.chainId
  useEffect(() => {
    document.body.classList.toggle('app-blocked', open)
    return () => document.body.classList.remove('app-blocked')
  }, [open])
  if (!open || !session.account || !session.main) return null
  return (
    <Suspense fallback={<div className="ui-backdrop app-blocker" />}>
      <RegistrationForm account={session.account} main={session.main} />
    </Suspense>
  )
}
