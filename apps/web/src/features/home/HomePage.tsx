import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Card } from '@nexus/ui'
import { useIndexerCatchingUp, useIndexerStatus } from '../../data/indexerSync.ts'
import { useLatestBlock } from '../../data/ChainData.tsx'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { usePage } from '../../hooks/usePage.ts'
import { Icon } from '../../components/Icon.tsx'
import { RelatedLinks } from '../../components/pages/RelatedLinks.tsx'
import { Minting } from './Minting.tsx'

const ADVANTAGES: readonly { title: MessageDescriptor; text: MessageDescriptor }[] = [
  { title: msg`15 keys`, text: msg`synthesize a syndicate` },
  { title: msg`50%`, text: msg`community dividends` },
  { title: msg`1.5×`, text: msg`fee yield` },
  { title: msg`30 days`, text: msg`to forced redemption` },
]

/**
 * Standing notes about minting. They are part of the app, not announcements a manager can change: no contract or
 * API holds announcements, so the card does not claim to be one.
 */
const NOTES: readonly MessageDescriptor[] = [
  msg`Minting runs in rounds: each round sells a fixed number of units at its own price, then cools down before the next one.`,
  msg`Minted NEX vests and is claimed from this page; every unit also brings NFT keys.`,
  msg`Contracts are on Binance Smart Chain. Never share your wallet's recovery phrase with anyone.`,
]

/** Home (`/` and `/home`): minting with USDT or NEX, the round countdown, totals, rewards and claims. */
export function HomePage() {
  const { t, i18n } = useLingui()
  const { path, page } = usePage()
  const contracts = contractsOf(env.chainId)
  return (
    <div className="app-page" data-testid="page" data-path={path}>
      <section className="app-hero">
        <p className="app-hero__eyebrow">{t`Based on Binance Smart Chain`}</p>
        <h1 className="app-hero__title">{t`Mint, burn, stake and mine with NEX`}</h1>
        <p className="app-hero__lead">{i18n._(page.description)}</p>
      </section>

      {contracts.Ido && contracts.USDT && contracts.Token ? (
        <Minting ido={contracts.Ido} usdt={contracts.USDT} nex={contracts.Token} />
      ) : (
        <Card className="app-soon" data-testid="minting-unavailable">
          <div className="app-soon__icon">
            <Icon name="clock" size={30} />
          </div>
          <h2 className="app-soon__title">{t`Minting is not deployed on this network yet`}</h2>
          <p className="app-soon__text">{t`Rounds, the countdown and your minted totals will show here.`}</p>
        </Card>
      )}

      <Card title={t`Good to know`} data-testid="notes">
        <ul className="app-list">
          {NOTES.map((item) => (
            <li key={item.id}>{i18n._(item)}</li>
          ))}
        </ul>
      </Card>

      <h2 className="app-section-title">{t`Advantages`}</h2>
      <ul className="app-hero__facts app-advantages" data-testid="advantages">
        {ADVANTAGES.map((item) => (
          <li key={item.title.id}>
            <strong>{i18n._(item.title)}</strong>
            <span>{i18n._(item.text)}</span>
          </li>
        ))}
      </ul>
      <SyncStatus />
      <RelatedLinks paths={page.related} />
    </div>
  )
}

/** The chain's latest block and how far the indexer (lists and history) has caught up with it. */
function SyncStatus() {
  const { t } = useLingui()
  const block = useLatestBlock()
  const catchingUp = useIndexerCatchingUp()
  const indexed = useIndexerStatus()?.indexedBlock
  return (
    <p className="app-muted app-sync" data-testid="sync-status">
      {t`Latest block ${block ? block.number.toString() : '—'} · indexed up to ${indexed ?? '—'}`}
      {catchingUp && ` · ${t`updating lists…`}`}
    </p>
  )
}
