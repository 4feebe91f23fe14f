import { useEffect, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { shortenAddress } from '@nexus/sdk'
import type { Address } from 'viem'
import { useConnection } from '../../data/wallet.tsx'
import { DEV_WALLET_CONNECTOR_ID, useDevWallet } from '../../lib/devWalletContext.ts'

/** The development wallet's account picker (local chain, dev and test builds only). */
export function DevWalletAccounts() {
  const { t } = useLingui()
  const devWallet = useDevWallet()
  const { address, connectorId } = useConnection()
  const [accounts, setAccounts] = useState<readonly Address[]>([])
  const [refusing, setRefusing] = useState(() => devWallet?.refuses() ?? false)
  const [batching, setBatching] = useState(() => devWallet?.batches() ?? true)
  const active = devWallet !== null && connectorId === DEV_WALLET_CONNECTOR_ID
  useEffect(() => {
    if (!active) return
    let live = true
    devWallet.listAccounts().then(
      (list) => live && setAccounts(list),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [active, devWallet])
  if (!active || accounts.length === 0) return null
  return (
    <div className="app-devwallet" data-testid="dev-wallet">
      <label className="app-field">
        <span className="app-field__label">{t`Development wallet account`}</span>
        <select
          className="app-input app-mono"
          value={address}
          onChange={(event) => void devWallet.selectAccount(event.target.value as Address)}
        >
          {accounts.map((account, index) => (
            <option key={account} value={account}>
              {`#${index} ${shortenAddress(account, 6, 4)}`}
            </option>
          ))}
        </select>
      </label>
      <label className="app-devwallet__refuse">
        <input
          type="checkbox"
          checked={refusing}
          data-testid="dev-wallet-refuse"
          onChange={(event) => {
            devWallet.setRefuse(event.target.checked)
            setRefusing(event.target.checked)
          }}
        />
        <span>{t`Refuse every signature (as a user rejecting it)`}</span>
      </label>
      <label className="app-devwallet__refuse">
        <input
          type="checkbox"
          checked={batching}
          data-testid="dev-wallet-batch"
          onChange={(event) => {
            devWallet.setBatch(event.target.checked)
            setBatching(event.target.checked)
          }}
        />
        {/* untranslated: a switch of local builds only, kept out of the production catalogs */}
        <span>Batch calls (EIP-5792)</span>
      </label>
    </div>
  )
}
