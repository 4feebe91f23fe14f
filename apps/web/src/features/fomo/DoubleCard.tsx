import { useLingui } from '@lingui/react/macro'
import { Button, Card } from '@nexus/ui'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { percent } from '../../components/blocks/records/recordFormat.ts'
import { RecordItem, RecordList } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import type { DoubleModel, DoubleRecordModel, LineFigures } from './fomoMineModel.ts'

/**
 * The doubling deposit of a pool's Mine page: the direct deposit, the account's figures, the pool's holdings
 * against what it owes, and the account's records with their place in line.
 */
export function DoubleCard({
  double,
  connected,
  input,
  onInput,
  onDeposit,
}: {
  double: DoubleModel
  connected: boolean
  input: string
  onInput(value: string): void
  onDeposit(): void
}) {
  const { t } = useLingui()
  return (
    <Card
      title={t`Doubling deposit`}
      data-testid="double"
      actions={
        <ClaimButton
          testId="claim-double"
          disabled={!connected}
          check={double.claim.check}
          request={double.claim.request}
        />
      }
    >
      <p className="app-muted">
        {double.open
          ? t`Each order puts part of its amount into the double pool, which releases up to twice that amount over time (both pools together).`
          : t`The doubling deposit takes no new deposits for now, so new orders wait; what it owes you can still be claimed.`}
      </p>
      {double.open && (
        <ActionForm onSubmit={onDeposit}>
          <AmountField
            label={t`Deposit directly (USDT)`}
            hint={t`Balance ${showAmount(double.usdtBalance)} USDT`}
            value={input}
            onChange={onInput}
            testId="double-amount"
          />
          <DoubleDepositNote double={double} />
          <Button type="submit" block disabled={!connected} data-testid="double-submit">
            {t`Deposit`}
          </Button>
        </ActionForm>
      )}
      <DoubleFigures double={double} />
      <DoubleRecords double={double} />
    </Card>
  )
}

/** The account's figures in Double and the pool's holdings against what all records may still release. */
function DoubleFigures({ double }: { double: DoubleModel }) {
  const { t } = useLingui()
  const { user, multiple, solvency } = double
  return (
    <>
      <dl className="app-stats">
        <Stat label={t`Claimable now`} value={`${showAmount(user?.balance)} USDT`} testId="double-balance" />
        <Stat label={t`Deposited in total`} value={`${showAmount(user?.total)} USDT`} testId="double-total" />
        <Stat
          label={multiple === undefined ? t`Up to` : t`Up to (${multiple.toString()}× the deposits)`}
          value={`${showAmount(double.upTo)} USDT`}
          testId="double-up-to"
        />
        <Stat label={t`Released`} value={`${showAmount(user?.rewardRelease)} USDT`} testId="double-released" />
        <Stat label={t`Still to release to you`} value={`${showAmount(double.left)} USDT`} testId="double-left" />
      </dl>
      <h3 className="app-subtitle">{t`The pool (every account)`}</h3>
      <dl className="app-stats" data-testid="double-solvency">
        <Stat label={t`USDT the pool holds`} value={`${showAmount(solvency?.holds)} USDT`} testId="double-held" />
        <Stat
          label={t`USDT all records may still release`}
          value={`${showAmount(double.owed)} USDT`}
          testId="double-owed"
        />
        <Stat
          label={t`Covered now`}
          value={!solvency ? '—' : solvency.coverageBps === undefined ? '100%' : percent(solvency.coverageBps)}
          testId="double-covered"
        />
      </dl>
      <p className="app-muted" data-testid="double-solvency-note">
        {t`The pool pays the doubled half from later deposits: a claim pays what has vested as far as the pool holds USDT, and what it cannot pay now stays due for a later claim.`}
      </p>
      <p className="app-muted" data-testid="double-line-note">
        {t`Place in line is the order of the deposits still owed, oldest first: the pool pays whoever claims first, so it is not a promise. Once the pool receives the inflows shown, it can pay that record and every older one in full.`}
      </p>
    </>
  )
}

/** The account's Double records of this pool. */
function DoubleRecords({ double }: { double: DoubleModel }) {
  const { t } = useLingui()
  const lineFigures = useLineFigures()
  return (
    <RecordList loading={double.recordsLoading} error={false} count={double.records.length} testId="double-list">
      {double.records.map(({ record, direct, vested, line }: DoubleRecordModel) => (
        <RecordItem
          key={record.index.toString()}
          testId="double-record"
          title={direct ? t`Direct deposit` : t`For order #${record.fomoIndex.toString()}`}
          badges={<span className="app-badge pool-badge--double">{record.isValid ? t`Releasing` : t`Completed`}</span>}
          figures={[
            [t`Deposited`, `${showAmount(record.amount)} USDT`],
            [t`Up to`, `${showAmount(record.reward)} USDT`],
            [t`Vested so far`, `${showAmount(vested)} USDT`],
            [t`Released`, `${showAmount(record.released)} USDT`],
            [t`Ends`, showTime(record.endTime)],
            ...lineFigures(line),
          ]}
        />
      ))}
    </RecordList>
  )
}

/** The figures of a Double record still owed, or none while it is read or once it is paid. */
function useLineFigures(): (line: LineFigures | undefined) => (readonly [string, string])[] {
  const { t } = useLingui()
  return (line) => {
    if (!line) return []
    return [
      [t`Place in line`, line.complete ? `#${showCount(line.position)}` : t`#${showCount(line.position)} or later`],
      [t`Still owed to older records`, `${showAmount(line.owedAhead)} USDT`],
      [t`Still owed to this record`, `${showAmount(line.owedSelf)} USDT`],
      [
        t`Inflows needed to pay it in full`,
        line.short === 0n ? t`None: the pool holds enough` : `${showAmount(line.short)} USDT`,
      ],
    ]
  }
}

/**
 * Under the direct deposit's amount: the contract's bound per deposit and whether the wallet approves USDT first
 * (the allowance read from the chain against the amount typed).
 */
function DoubleDepositNote({ double }: { double: DoubleModel }) {
  const { t } = useLingui()
  const approval = double.approval
  const max = showAmount(double.maxPerDeposit, 0)
  return (
    <p className="app-muted" data-testid="double-deposit-note">
      <span data-testid="double-bounds">{t`At most ${max} USDT per deposit.`}</span>{' '}
      {approval !== undefined && (
        <span data-testid="double-approval" data-needed={String(approval)}>
          {approval
            ? t`Your wallet first approves USDT for the doubling pool (one more confirmation), then deposits.`
            : t`USDT is approved for the doubling pool: the deposit needs one confirmation.`}
        </span>
      )}
    </p>
  )
}
