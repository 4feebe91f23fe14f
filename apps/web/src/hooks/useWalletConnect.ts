import { useCallback, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useToast } from '@nexus/ui'
import type { Connector } from 'wagmi'
import { useWalletRuntime } from '../data/wallet.tsx'
import { DEV_WALLET_CONNECTOR_ID } from '../lib/devWalletContext.ts'
import { OBSERVATION_MESSAGE, userErrorText } from '../lib/userErrors.ts'
import { walletErrorKind } from '../lib/walletErrorKind.ts'

/** The connector id of the legacy `window.ethereum` wallet (EIP-6963 wallets carry their reverse-DNS id). */
const LEGACY_INJECTED_ID = 'injected'

/** Flags with which wallets mark an observation (watch-only) account. */
const OBSERVATION_FLAGS = ['isWatchOnly', 'isReadOnly', 'isObservation'] as const

/** Whether a wallet's provider says its account can only be watched, not used to sign (SPEC.md §5). */
export function isObservationProvider(provider: unknown): boolean {
  if (!provider || typeof provider !== 'object') return false
  return OBSERVATION_FLAGS.some((flag) => (provider as Record<string, unknown>)[flag] === true)
}

/**
 * Connecting a wallet: one discovered wallet connects at once, several open a choice, none shows the
 * "install a wallet" error (SPEC.md §8). The development wallet (local chain, dev and test builds) is used when
 * no other wallet is installed, and offered among them otherwise. Observation wallets are refused.
 *
 * @example
 * const wallet = useWalletConnect()
 * <Button onClick={wallet.start}>Connect</Button>
 */
export function useWalletConnect() {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const loadWallet = useWalletRuntime()
  const [pending, setPending] = useState(false)
  const [choices, setChoices] = useState<readonly Connector[] | null>(null)
  const noWallet = t`No wallet found. Install a wallet such as MetaMask, Trust Wallet or TokenPocket, or open this page in your wallet's browser.`

  const connectWith = useCallback(
    async (connector: Connector) => {
      setChoices(null)
      try {
        const provider = await connector.getProvider().catch(() => undefined)
        if (isObservationProvider(provider)) {
          toast.error(i18n._(OBSERVATION_MESSAGE))
          return
        }
        setPending(true)
        await (await loadWallet()).connect(connector)
      } catch (error) {
        const kind = walletErrorKind(error)
        if (kind === 'rejected') toast.error(t`You declined to log in with your wallet.`)
        else if (kind === 'no-wallet') toast.error(noWallet)
        else if (kind !== 'already-connected') toast.error(await userErrorText(error, i18n))
      } finally {
        setPending(false)
      }
    },
    [i18n, loadWallet, noWallet, t, toast],
  )

  const start = useCallback(async () => {
    let connectors: readonly Connector[]
    try {
      connectors = (await loadWallet()).connectors()
    } catch (error) {
      toast.error(await userErrorText(error, i18n))
      return
    }
    const discovered = connectors.filter((connector) => connector.id !== LEGACY_INJECTED_ID)
    const real = discovered.filter((connector) => connector.id !== DEV_WALLET_CONNECTOR_ID)
    if (real.length === 1 && real[0]) return connectWith(real[0])
    if (real.length > 1) return setChoices(discovered)
    const legacy = connectors.find((connector) => connector.id === LEGACY_INJECTED_ID)
    const provider = legacy ? await legacy.getProvider().catch(() => undefined) : undefined
    if (legacy && provider) return connectWith(legacy)
    const devWallet = discovered.find((connector) => connector.id === DEV_WALLET_CONNECTOR_ID)
    if (devWallet) return connectWith(devWallet)
    toast.error(noWallet)
  }, [connectWith, i18n, loadWallet, noWallet, toast])

  return {
    start,
    connectWith,
    choices,
    cancel: useCallback(() => setChoices(null), []),
    isPending: pending,
  }
}
