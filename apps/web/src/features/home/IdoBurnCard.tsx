import { useLingui } from '@lingui/react/macro'
import { Button, Card } from '@nexus/ui'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount } from '../../lib/format.ts'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import type { IdoBurnModel } from './homeModel.ts'
import type { FormState } from './useHomeModel.ts'

/** A burn order placed through the minting contract, paid in USDT or BNB (see {@link IdoBurnModel}). */
export function IdoBurnCard({ model, form }: { model: IdoBurnModel; form: FormState<'USDT' | 'BNB'> }) {
  const { t } = useLingui()
  const send = useTransaction()
  return (
    <Card title={t`Burn order from here`} data-testid="ido-burn">
      <p className="app-muted">{t`Places a burn order for your account through the minting contract, as on the Burn page.`}</p>
      <ActionForm onSubmit={() => send(model.place)}>
        <Segmented
          label={t`Pay with`}
          options={['USDT', 'BNB'] as const}
          value={form.payWith}
          onChange={form.setPayWith}
          testIdPrefix="ido-burn-pay-"
        />
        <AmountField
          label={t`Units`}
          value={form.times}
          onChange={form.setTimes}
          testId="ido-burn-times"
          inputMode="numeric"
        />
        <p className="app-muted" data-testid="ido-burn-cost">
          {model.payWith === 'USDT'
            ? t`Order value: ${showAmount(model.value)} USDT · balance ${showAmount(model.usdtBalance)}`
            : t`You send ${showAmount(model.bnb, 6)} BNB for ${showAmount(model.value)} USDT · balance ${showAmount(model.bnbBalance, 6)}`}
        </p>
        <Button type="submit" block disabled={!model.canPlace} data-testid="ido-burn-submit">
          {t`Place the burn order`}
        </Button>
      </ActionForm>
    </Card>
  )
}
