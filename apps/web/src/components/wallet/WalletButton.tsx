import { lazy, Suspense } from 'react'
import { useLingui } from '@lingui/react/macro'
import { shortenAddress } from '@nexus/sdk'
import { useConnection, useWalletRuntime } from '../../data/wallet.tsx'
import { useFeedback } from '../../hooks/useFeedback.ts'
import { useWalletConnect } from '../../hooks/useWalletConnect.ts'
import { Icon } from '../Icon.tsx'

// Loaded when there is a choice to make (several wallets): the first visit does not need it (scripts/budgets.ts).
const WalletPicker = lazy(() => import('./WalletPicker.tsx').then((module) => ({ default: module.WalletPicker })))

/** The top bar's wallet pill: the shortened address (first 5, two dots, last 4) or UNCONNECT (SPEC.md §2, §9). */
export function WalletButton() {
  const { t } = useLingui()
  const { address, status } = useConnection()
  const loadWallet = useWalletRuntime()
  const wallet = useWalletConnect()
  const { confirm } = useFeedback()

  if (address) {
    return (
      <button
        type="button"
        className="app-wallet is-connected"
        data-testid="wallet-button"
        title={address}
        onClick={async () => {
          const yes = await confirm({
            title: t`Disconnect this wallet?`,
            message: <code className="app-mono">{address}</code>,
          })
          if (yes) await (await loadWallet()).disconnect()
        }}
      >
        <span className="app-wallet__dot" aria-hidden="true" />
        <span className="app-mono">{shortenAddress(address, 5, 4)}</span>
      </button>
    )
  }
  const connecting = wallet.isPending || status === 'connecting' || status === 'reconnecting'
  return (
    <>
      <button
        type="button"
        className="app-wallet"
        data-testid="wallet-button"
        disabled={connecting}
        aria-label={t`Connect wallet`}
        onClick={() => void wallet.start()}
      >
        <Icon name="wallet" size={16} />
        <span>{t`UNCONNECT`}</span>
      </button>
      {wallet.choices && (
        <Suspense fallback={null}>
          <WalletPicker choices={wallet.choices} onChoose={wallet.connectWith} onCancel={wallet.cancel} />
        </Suspense>
      )}
    </>
  )
}
