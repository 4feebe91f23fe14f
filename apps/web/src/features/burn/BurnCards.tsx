import { useLingui } from '@lingui/react/macro'
import { Button, Card } from '@nexus/ui'
import { Stat } from '../../components/Stat.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showAmount, showCount } from '../../lib/format.ts'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { Segmented } from '../../components/forms/Segmented.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import type { BurnModel } from './burnModel.ts'
import type { useBurnModel } from './useBurnModel.ts'

type BurnFormState = ReturnType<typeof useBurnModel>['form']

/** Burn's community pool and totals. */
export function PoolCard({ model: { reserves, totals } }: { model: BurnModel }) {
  const { t } = useLingui()
  return (
    <Card title={t`Dividend pool`} data-testid="burn-pool">
      <dl className="app-stats">
        <Stat label={t`Community pool`} value={`${showAmount(reserves?.pool)} USDT`} testId="pool-balance" />
        <Stat label={t`Total force`} value={showAmount(totals?.totalForce)} />
        <Stat label={t`Participants`} value={showCount(totals?.totalUser)} />
        <Stat label={t`Orders`} value={showCount(totals?.totalOrder)} />
        <Stat label={t`Burned in total`} value={`${showAmount(totals?.totalAmount)} USDT`} />
        <Stat label={t`Dividends paid out`} value={`${showAmount(totals?.totalReward)} USDT`} />
      </dl>
    </Card>
  )
}

/** The burn form: units paid in USDT or BNB, and what the order is worth. */
export function BurnForm({ model, form }: { model: BurnModel; form: BurnFormState }) {
  const { t } = useLingui()
  const send = useTransaction()
  const { config, order } = model
  const isBnb = model.payWith === 'BNB'
  return (
    <Card title={t`Burn for dividends`} data-testid="burn">
      <ActionForm onSubmit={() => send(model.burnPlan)}>
        <Segmented
          label={t`Pay with`}
          options={['USDT', 'BNB'] as const}
          value={form.payWith}
          onChange={form.setPayWith}
          testIdPrefix="burn-pay-"
        />
        <AmountField
          label={t`Units (${showAmount(config?.burnEvery, 2)} USDT each)`}
          value={form.times}
          onChange={form.setTimes}
          testId="burn-times"
          inputMode="numeric"
        />
        <dl className="app-stats">
          <Stat label={t`Order value`} value={`${showAmount(order.usdt)} USDT`} testId="burn-value" />
          <Stat
            label={isBnb ? t`You pay about` : t`You pay`}
            value={isBnb ? `${showAmount(order.bnb, 6)} BNB` : `${showAmount(order.usdt)} USDT`}
            testId="burn-pay"
          />
          <Stat label={t`Counts as about`} value={`${showAmount(order.tokens)} NEX`} testId="burn-tokens" />
          <Stat
            label={t`Balance`}
            value={isBnb ? `${showAmount(model.balance)} BNB` : `${showAmount(model.balance)} USDT`}
            testId="burn-balance"
          />
          <Stat label={t`Dividends up to`} value={`${showAmount(order.dividendsUpTo)} USDT`} />
          <Stat label={t`Units left`} value={showCount(config?.burnSurplus)} />
        </dl>
        {isBnb && (
          <p className="app-muted">{t`BNB is swapped to USDT at no worse than the average price less the slippage; the USDT above the order value is refunded.`}</p>
        )}
        <Button type="submit" block disabled={!model.canBurn} data-testid="burn-submit">
          {t`Burn`}
        </Button>
      </ActionForm>
    </Card>
  )
}

/** The account's force, dividends and claim, and the expired orders that wait to be settled. */
export function MyDividends({ model }: { model: BurnModel }) {
  const { t } = useLingui()
  const send = useTransaction()
  const { dividends, user } = model
  return (
    <Card
      title={t`My dividends`}
      data-testid="my-burn"
      actions={<ClaimButton testId="burn-claim" disabled={!model.canClaim} request={model.claim} />}
    >
      <dl className="app-stats">
        <Stat label={t`My force`} value={showAmount(dividends?.force)} testId="my-force" />
        <Stat label={t`Pending rewards`} value={`${showAmount(dividends?.claimable)} USDT`} testId="burn-pending" />
        <Stat
          label={t`The claim pays (after the fee)`}
          value={`${showAmount(dividends?.claimPays)} USDT`}
          testId="burn-claim-pays"
        />
        <Stat label={t`My orders`} value={showCount(user?.orders)} testId="my-orders" />
        <Stat label={t`Burned`} value={`${showAmount(user?.amount)} USDT`} />
        <Stat
          label={t`Order dividends so far`}
          value={`${showAmount(dividends?.orderDividends)} USDT`}
          testId="burn-order-dividends"
        />
        <Stat label={t`Direct rewards`} value={`${showAmount(user?.rewardDirect)} USDT`} />
        <Stat label={t`Indirect rewards`} value={`${showAmount(user?.rewardIndirect)} USDT`} />
        <Stat label={t`All rewards`} value={`${showAmount(user?.rewardTotal)} USDT`} />
      </dl>
      {model.feePercent !== undefined && (
        <p className="app-muted">{t`Claims pay the pending rewards less a ${model.feePercent}% fee.`}</p>
      )}
      {model.claimSettlesAtMost !== undefined && (
        <p className="app-hint" data-testid="burn-claim-more">
          {t`A claim settles ${showCount(model.claimSettlesAtMost)} of your orders at a time, oldest first: the figures above are those orders'; claim again for the rest.`}
        </p>
      )}
      {model.expiredWaiting && (
        <div className="app-hint" data-testid="burn-expired-waiting">
          <p>
            {t`Expired orders wait to be settled: the pool shares new dividends only once none is left, so your pending rewards do not grow until then. Anyone may settle them (it costs only gas); then claim.`}
          </p>
          <Button
            size="sm"
            variant="secondary"
            disabled={!model.canSettle}
            data-testid="burn-process-expired"
            onClick={() => void send(model.settlePlan)}
          >
            {t`Settle expired orders`}
          </Button>
        </div>
      )}
    </Card>
  )
}
