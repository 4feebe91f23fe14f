import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Button, Card, Countdown } from '@nexus/ui'
import type { Address } from 'viem'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { Stat } from '../../components/Stat.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import { IdoBurnCard } from './IdoBurnCard.tsx'
import { useHomeModel } from './useHomeModel.ts'
import type { FormState } from './useHomeModel.ts'
import type { CountdownCaption, MintCost, MintingModel, PayWith, RoundStatusKey } from './homeModel.ts'

const ROUND_STATUS_LABELS: Record<RoundStatusKey, MessageDescriptor> = {
  notStarted: msg`Not started`,
  countdown: msg`Starting soon`,
  inProgress: msg`In progress`,
  ended: msg`Ended`,
  cooldown: msg`Cooldown`,
}

/** Minting with USDT, NEX or BNB, the round countdown, the account's minting and claims, totals, and a burn order. */
export function Minting(contracts: { ido: Address; usdt: Address; nex: Address }) {
  const { minting, form, burnOrder, burnForm } = useHomeModel(contracts)
  return (
    <>
      <RoundCard model={minting} form={form} />
      <IdoBurnCard model={burnOrder} form={burnForm} />
      <MyMinting model={minting} />
      <MintingTotals model={minting} />
    </>
  )
}

function RoundCard({ model, form }: { model: MintingModel; form: FormState<PayWith> }) {
  const { t, i18n } = useLingui()
  const send = useTransaction()
  const { config, state, status } = model
  return (
    <Card
      title={t`Minting round ${model.roundNumber === undefined ? '—' : String(model.roundNumber)}`}
      actions={
        status && (
          <span className="app-badge" data-testid="round-status" data-status={status}>
            {i18n._(ROUND_STATUS_LABELS[status])}
          </span>
        )
      }
      data-testid="minting"
    >
      <Countdown
        seconds={model.secondsLeft}
        labels={{ days: t`Days`, hours: t`Hours`, minutes: t`Min`, seconds: t`Sec` }}
      />
      <p className="app-muted" data-testid="countdown-caption">
        <CaptionText caption={model.caption} />
      </p>
      <dl className="app-stats">
        <Stat label={t`Price per unit`} value={`${showAmount(config?.idoAmount)} USDT`} />
        <Stat label={t`NEX per unit`} value={showAmount(config?.idoTokens)} />
        <Stat label={t`Sold in this round`} value={`${showCount(config?.idoHas)} / ${showCount(config?.idoMax)}`} />
        <Stat
          label={t`Your limit this round`}
          value={
            model.limit === 'none' ? t`No limit` : `${showCount(model.limit?.bought)} / ${showCount(model.limit?.max)}`
          }
        />
        <Stat label={t`Cooldown between rounds`} value={t`${showCount(config?.roundCool)} s`} />
        <Stat label={t`NEX price`} value={`${showAmount(model.price, 6)} USDT`} />
      </dl>
      {state?.hasNext && (
        <div className="app-next" data-testid="next-round">
          <h3>{t`Next round`}</h3>
          <dl className="app-stats">
            <Stat label={t`Starts at`} value={showTime(model.nextStart)} />
            <Stat label={t`Price per unit`} value={`${showAmount(state.next.idoAmount)} USDT`} />
            <Stat label={t`NEX per unit`} value={showAmount(state.next.idoTokens)} />
            <Stat label={t`Units for sale`} value={showCount(state.next.idoMax)} />
          </dl>
        </div>
      )}
      <ActionForm onSubmit={() => send(model.mint)}>
        <Segmented
          label={t`Pay with`}
          options={['USDT', 'NEX', 'BNB'] as const}
          value={form.payWith}
          onChange={form.setPayWith}
          testIdPrefix="pay-"
        />
        <AmountField
          label={t`Units`}
          value={form.times}
          onChange={form.setTimes}
          testId="mint-times"
          inputMode="numeric"
        />
        <p className="app-muted" data-testid="mint-cost">
          <CostText cost={model.cost} />
        </p>
        <Button type="submit" block disabled={!model.canMint} data-testid="mint-submit">
          {t`Mint`}
        </Button>
      </ActionForm>
    </Card>
  )
}

function CaptionText({ caption }: { caption: CountdownCaption }) {
  const { t } = useLingui()
  switch (caption.kind) {
    case 'startsAt':
      return t`Starts at ${showTime(caption.at)}`
    case 'endsAt':
      return t`Ends at ${showTime(caption.at)}`
    case 'untilSoldOut':
      return t`Sells until sold out`
    case 'afterCooldown':
      return t`Next round after the cooldown`
    case 'allEnded':
      return t`All rounds have ended`
    case 'notConfigured':
      return t`No round is configured yet`
  }
}

function CostText({ cost }: { cost: MintCost }) {
  const { t } = useLingui()
  switch (cost.payWith) {
    case 'USDT':
      return t`Cost: ${showAmount(cost.cost)} USDT · balance ${showAmount(cost.balance)}`
    case 'NEX':
      return t`Cost: about ${showAmount(cost.about)} NEX at the average price now, at most ${showAmount(cost.atMost)} NEX if the average moves before the mint (never more) · balance ${showAmount(cost.balance)}`
    case 'BNB':
      return t`You send ${showAmount(cost.send, 6)} BNB · balance ${showAmount(cost.balance, 6)}. It is swapped to USDT at no worse than the average price less ${cost.slippagePercent ?? '—'}%; the USDT above the price is refunded.`
  }
}

function MyMinting({ model }: { model: MintingModel }) {
  const { t } = useLingui()
  const { user } = model
  return (
    <Card
      title={t`My minting`}
      data-testid="my-minting"
      actions={<ClaimButton testId="claim" disabled={!model.canClaim} request={model.claim} />}
    >
      <dl className="app-stats">
        <Stat label={t`Units minted`} value={showCount(user?.counts)} testId="my-units" />
        <Stat label={t`Paid in USDT`} value={showAmount(user?.amount)} />
        <Stat label={t`Paid in NEX`} value={showAmount(user?.amountNEX)} />
        <Stat label={t`NEX credited`} value={showAmount(user?.tokens)} />
        <Stat label={t`NEX still vesting`} value={showAmount(user?.balance)} />
        <Stat label={t`Claimable now`} value={showAmount(model.claimable)} testId="claimable" />
        <Stat label={t`NFT keys`} value={showCount(user?.nfts)} />
        <Stat
          label={t`Direct rewards`}
          value={`${showAmount(user?.rewardDirect)} USDT · ${showAmount(user?.rewardDirectNEX)} NEX`}
        />
        <Stat
          label={t`Indirect rewards`}
          value={`${showAmount(user?.rewardIndirect)} USDT · ${showAmount(user?.rewardIndirectNEX)} NEX`}
        />
      </dl>
    </Card>
  )
}

function MintingTotals({ model: { totals } }: { model: MintingModel }) {
  const { t } = useLingui()
  return (
    <Card title={t`Minting totals`} data-testid="minting-totals">
      <dl className="app-stats">
        <Stat label={t`Participants`} value={showCount(totals?.totalUser)} />
        <Stat label={t`Units sold`} value={showCount(totals?.totalIDO)} />
        <Stat label={t`USDT raised`} value={showAmount(totals?.totalAmount)} />
        <Stat label={t`NEX paid in`} value={showAmount(totals?.totalNexus)} />
        <Stat label={t`NEX credited`} value={showAmount(totals?.totalTokens)} />
        <Stat label={t`NFT keys minted`} value={showCount(totals?.totalNFT)} />
      </dl>
    </Card>
  )
}
