import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Button } from '@nexus/ui'
import { useConnection, useWalletRuntime } from '../../data/wallet.tsx'
import { env } from '../../lib/env.ts'
import { userErrorText } from '../../lib/userErrors.ts'
import { Icon } from '../Icon.tsx'

/** Names of the networks the app can be configured for. */
function networkName(chainId: number): string {
  if (chainId === 56) return 'BNB Smart Chain'
  if (chainId === 97) return 'BNB Smart Chain Testnet'
  if (chainId === 31337) return 'Localhost 8545'
  return `Chain ${chainId}`
}

/**
 * A connected wallet on another network is asked to switch (wallet_switchEthereumChain, and
 * wallet_addEthereumChain when the wallet does not know the network); the app stays blocked until it does.
 */
export function NetworkGuard() {
  const { t, i18n } = useLingui()
  const { status, chainId } = useConnection()
  const loadWallet = useWalletRuntime()
  const [switching, setSwitching] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (status !== 'connected' || chainId === undefined || chainId === env.chainId) return null
  const wanted = networkName(env.chainId)
  return (
    <div className="ui-backdrop app-blocker" data-testid="wrong-network">
      <div className="app-blocker__panel" role="dialog" aria-modal="true" aria-labelledby="wrong-network-title">
        <div className="app-blocker__icon">
          <Icon name="globe" size={28} />
        </div>
        <h2 id="wrong-network-title">{t`Wrong network`}</h2>
        <p>{t`Your wallet is on another network. Switch to ${wanted} to use the app.`}</p>
        {error && (
          <p className="app-field__error" role="alert">
            {error}
          </p>
        )}
        <Button
          block
          loading={switching}
          data-testid="switch-network"
          onClick={async () => {
            setError(null)
            setSwitching(true)
            try {
              await (await loadWallet()).switchChain(env.chainId)
            } catch (caught) {
              setError(await userErrorText(caught, i18n))
            } finally {
              setSwitching(false)
            }
          }}
        >
          {t`Switch network`}
        </Button>
      </div>
    </div>
  )
}
