import { useLingui } from '@lingui/react/macro'
import { Button, Card, EmptyState } from '@nexus/ui'
import type { Address } from 'viem'
import { Stat } from '../../components/Stat.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount, showCount } from '../../lib/format.ts'
import { useNftsModel } from './mineModel.ts'
import type { CardName, NftsModel } from './mineModel.ts'

/** Mine's NFT part: the key cards the account holds, the dividends and their claim, and the synthesis. */
export function Nfts({ account, nft, ido }: { account: Address; nft: Address; ido: Address }) {
  const { t, i18n } = useLingui()
  const model = useNftsModel(account, { nft, ido }, i18n.locale === 'en')
  return (
    <>
      <CardsCard model={model} />
      <Card
        title={t`NFT dividends`}
        data-testid="nft-dividends"
        actions={<ClaimButton testId="nft-claim" disabled={!model.pending} request={model.claim.request} />}
      >
        <dl className="app-stats">
          <Stat label={t`Pending dividends`} value={`${showAmount(model.pending)} USDT`} testId="nft-pending" />
          <Stat label={t`Dividends received`} value={`${showAmount(model.received)} USDT`} />
          <Stat label={t`Shared in total`} value={`${showAmount(model.sharedTotal)} USDT`} />
        </dl>
      </Card>
      <SynthesisCard model={model} />
    </>
  )
}

/** A card's name in the user's language. */
function useCardName(): (name: CardName) => string {
  const { i18n } = useLingui()
  return (name) => (!name ? '—' : 'text' in name ? name.text : i18n._(name.tier))
}

function CardsCard({ model }: { model: NftsModel }) {
  const { t } = useLingui()
  const nameOf = useCardName()
  return (
    <Card title={t`NFT keys`} data-testid="nft-cards">
      <dl className="app-stats">
        <Stat label={t`My power`} value={showCount(model.power)} testId="nft-power" />
        <Stat label={t`Total power`} value={showCount(model.totalPower)} />
      </dl>
      {model.cards && model.cards.length === 0 ? (
        <EmptyState text={t`No data yet`} />
      ) : (
        <ul className="acc-cards">
          {model.cards?.map((card) => (
            <li
              key={card.tokenId.toString()}
              className="acc-row"
              data-testid="nft-card"
              data-token={card.tokenId.toString()}
            >
              <div className="acc-row__head">
                <span data-testid="nft-name">{nameOf(card.name)}</span>
                <span className="app-badge">{t`Level ${card.level.toString()}`}</span>
              </div>
              <dl className="acc-row__grid">
                <dt>{t`I hold`}</dt>
                <dd data-testid="nft-balance">{showCount(card.held)}</dd>
                <dt>{t`Power`}</dt>
                <dd>{showCount(card.power)}</dd>
                <dt>{t`Supply`}</dt>
                <dd>
                  {showCount(card.supply)} / {showCount(card.total)}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

function SynthesisCard({ model }: { model: NftsModel }) {
  const { t } = useLingui()
  const send = useTransaction()
  const nameOf = useCardName()
  const { needed, keys, after, power, insufficient } = model.synthesis
  return (
    <Card title={t`NFT synthesis`} data-testid="synthesis">
      <p>{t`${showCount(needed)} keys synthesize a syndicate.`}</p>
      <div className="acc-preview" data-testid="synthesis-preview">
        <dl className="app-stats">
          <Stat label={t`Keys you hold`} value={showCount(keys)} testId="synthesis-keys" />
          <Stat
            label={t`After synthesis`}
            value={
              after
                ? t`${showCount(after.keys)} ${nameOf(after.keyName)} · ${showCount(after.syndicates)} ${nameOf(after.syndicateName)}`
                : '—'
            }
            testId="synthesis-after"
          />
          <Stat
            label={t`Change in power`}
            value={
              !power
                ? '—'
                : `${showCount(power.from)} → ${showCount(power.to)} (${power.change >= 0n ? '+' : ''}${power.change.toString()})`
            }
            testId="synthesis-power"
          />
        </dl>
      </div>
      {insufficient && (
        <p className="app-field__error" data-testid="synthesis-insufficient">
          {t`Insufficient NFTs`}
        </p>
      )}
      <Button block data-testid="synthesis-submit" onClick={() => void send(model.synthesize)}>
        {t`Synthesize`}
      </Button>
    </Card>
  )
}
