import { useEffect, useRef } from 'react'
import { useConnection } from '../../data/wallet.tsx'
import { clearLoginToken } from '../../lib/loginToken.ts'

/** How the page reloads; replaced in component tests. */
export const reloader = { reload: () => window.location.reload() }

/**
 * SPEC.md §4: when the wallet switches to another account the saved login token is cleared and the page reloads;
 * when it switches chains the page reloads. Connecting and disconnecting are not changes.
 */
export function WalletWatcher() {
  const { address, chainId, status } = useConnection()
  const seen = useRef<{ address?: string; chainId?: number }>({})
  useEffect(() => {
    if (status !== 'connected' || !address) {
      if (status === 'disconnected') seen.current = {}
      return
    }
    const before = seen.current
    seen.current = { address, chainId }
    if (before.address && before.address.toLowerCase() !== address.toLowerCase()) {
      clearLoginToken(window.localStorage)
      reloader.reload()
      return
    }
    if (before.chainId !== undefined && chainId !== undefined && before.chainId !== chainId) reloader.reload()
  }, [address, chainId, status])
  return null
}
