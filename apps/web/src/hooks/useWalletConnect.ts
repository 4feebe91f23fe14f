import { useCallback, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useToast } from '@nexus/ui'
import { useConnect, useConnectors } from 'wagmi'
import type { Connector } from 'wagmi'
import { walletErrorKind } from '../lib/walletErrorKind.ts'

/** The connector id of the legacy `window.ethereum` wallet (EIP-6963 wallets carry their reverse-DNS id). */
const LEGACY_INJECTED_ID = 'injected'

/**
 * Connecting a wallet: one discovered wallet connects at once, several open a choice, none shows the
 * "install a wallet" error (SPEC.md §8).
 *
 * @example
 * const wallet = useWalletConnect()
 * <Button onClick={wallet.start}>Connect</Button>
 */
export function useWalletConnect() {
  const { t } = useLingui()
  const toast = useToast()
  const connectors = useConnectors()
  const connect = useConnect()
  const [choices, setChoices] = useState<readonly Connector[] | null>(null)
  const noWallet = t`No wallet found. Install a wallet such as MetaMask, Trust Wallet or TokenPocket, or open this page in your wallet's browser.`

  const connectWith = useCallback(
    async (connector: Connector) => {
      setChoices(null)
      try {
        await connect.mutateAsync({ connector })
      } catch (error) {
        const kind = walletErrorKind(error)
        if (kind === 'rejected') toast.error(t`You declined to log in with your wallet.`)
        else if (kind === 'no-wallet') toast.error(noWallet)
        else if (kind !== 'already-connected') toast.error(t`Operate Error`)
      }
    },
    [connect, noWallet, t, toast],
  )

  const start = useCallback(async () => {
    const discovered = connectors.filter((connector) => connector.id !== LEGACY_INJECTED_ID)
    if (discovered.length === 1 && discovered[0]) return connectWith(discovered[0])
    if (discovered.length > 1) return setChoices(discovered)
    const legacy = connectors.find((connector) => connector.id === LEGACY_INJECTED_ID)
    const provider = legacy ? await legacy.getProvider().catch(() => undefined) : undefined
    if (legacy && provider) return connectWith(legacy)
    toast.error(noWallet)
  }, [connectors, connectWith, noWallet, toast])

  return {
    start,
    connectWith,
    choices,
    cancel: useCallback(() => setChoices(null), []),
    isPending: connect.isPending,
  }
}
