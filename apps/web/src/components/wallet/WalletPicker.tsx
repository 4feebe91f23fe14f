import { useEffect } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Connector } from 'wagmi'
import { Icon } from '../Icon.tsx'

type WalletPickerProps = {
  choices: readonly Connector[] | null
  onChoose(connector: Connector): void
  onCancel(): void
}

/** A sheet listing the wallets found through EIP-6963 when there is more than one. */
export function WalletPicker({ choices, onChoose, onCancel }: WalletPickerProps) {
  const { t } = useLingui()
  useEffect(() => {
    if (!choices) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancel()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [choices, onCancel])
  if (!choices) return null
  return (
    <div
      className="ui-backdrop app-sheet-backdrop"
      onClick={(event) => event.target === event.currentTarget && onCancel()}
    >
      <div className="app-sheet" role="dialog" aria-modal="true" aria-label={t`Choose a wallet`}>
        <div className="app-sheet__head">
          <h2>{t`Choose a wallet`}</h2>
          <button type="button" className="app-iconbtn" aria-label={t`Close`} onClick={onCancel}>
            <Icon name="close" size={18} />
          </button>
        </div>
        <ul className="app-sheet__list">
          {choices.map((connector) => (
            <li key={connector.uid}>
              <button type="button" className="app-sheet__item" onClick={() => onChoose(connector)}>
                {connector.icon ? (
                  <img src={connector.icon} alt="" width={28} height={28} />
                ) : (
                  <Icon name="wallet" size={24} />
                )}
                <span>{connector.name}</span>
                <Icon name="chevron" size={18} className="app-sheet__chev" />
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
