import { useLingui } from '@lingui/react/macro'
import { Button, Card } from '@nexus/ui'
import { showAmount, showCount } from '../../lib/format.ts'
import { percent } from '../../components/blocks/records/recordFormat.ts'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import type { DepositForm, FomoGameModel } from './fomoGameModel.ts'

/** The deposit of a pool's round game: the stake tier, USDT or NEX, and the amount (its USDT value). */
export function FomoDepositCard({
  model,
  form,
  onForm,
  onDeposit,
}: {
  model: FomoGameModel
  form: DepositForm
  onForm(update: (form: DepositForm) => DepositForm): void
  onDeposit(): unknown
}) {
  const { t } = useLingui()
  const { config, room } = model
  return (
    <Card title={t`Deposit`} data-testid="deposit">
      <p className="app-muted">{t`Choose a stake tier: its lock, its weight in the daily static rewards and the principal returned at the release.`}</p>
      <div className="pool-tiers" role="radiogroup" aria-label={t`Stake tier`}>
        {model.tiers.map(({ index, days, rateBps, surplusBps }) => (
          <button
            key={index}
            type="button"
            role="radio"
            aria-checked={form.tier === index}
            className={form.tier === index ? 'pool-tier is-active' : 'pool-tier'}
            data-testid={`tier-${index}`}
            onClick={() => onForm((current) => ({ ...current, tier: index }))}
          >
            <strong>{t`${showCount(days)} days`}</strong>
            <span>{t`Weight ${percent(rateBps)}`}</span>
            <span>{t`Principal returned ${percent(surplusBps)}`}</span>
          </button>
        ))}
      </div>
      <ActionForm onSubmit={onDeposit}>
        <Segmented
          label={t`Pay with`}
          options={['USDT', 'NEX'] as const}
          value={form.payWith}
          onChange={(payWith) => onForm((current) => ({ ...current, payWith }))}
          testIdPrefix="pay-"
        />
        <label className="app-field">
          <span className="app-field__label">
            {t`Amount (USDT value)`}
            <span className="app-muted">
              {form.payWith === 'USDT'
                ? t`Balance ${showAmount(model.balance)} USDT`
                : t`Balance ${showAmount(model.balance)} NEX`}
            </span>
          </span>
          <input
            className="app-input"
            inputMode="decimal"
            data-testid="deposit-amount"
            value={form.input}
            placeholder={t`At least ${showAmount(config?.roundMin)} to qualify for the round`}
            onChange={(event) => onForm((current) => ({ ...current, input: event.target.value }))}
          />
        </label>
        <p className="app-muted" data-testid="deposit-note">
          {form.payWith === 'NEX'
            ? t`Cost: about ${showAmount(model.nexCost)} NEX at the average price; up to ${showAmount(room)} USDT for your account.`
            : t`Up to ${showAmount(room)} USDT for your account.`}{' '}
          <span data-testid="deposit-minimum">{t`Each order is at least ${showAmount(config?.orderMin)} USDT.`}</span>
        </p>
        <Button type="submit" block disabled={!model.connected} data-testid="deposit-submit">
          {t`Deposit`}
        </Button>
      </ActionForm>
    </Card>
  )
}
