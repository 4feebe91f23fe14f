import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Card } from '@nexus/ui'
import type { Address } from 'viem'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import { SelectField } from '../../components/forms/SelectField.tsx'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { actionName, LOG_ENTRY_SYMBOLS, LOG_FILTER_ACTIONS } from './logFilters.ts'
import { ACTION_LOG } from './queries.ts'
import type { ActionLogData, ActionLogNode } from './queries.ts'
import { actionLogVariables, logEntryModel } from './actionLogModel.ts'

/** The action log (`/mine?view=log`): the user's Log entries, newest first, filterable by symbol and action. */
export function ActionLogView({ account }: { account: Address }) {
  const { t, i18n } = useLingui()
  const [symbol, setSymbol] = useState('')
  const [action, setAction] = useState('')
  const variables = useMemo(() => actionLogVariables(account, symbol, action), [account, symbol, action])
  return (
    <Card title={t`Action log`} data-testid="action-log">
      <div className="acc-filters">
        <SelectField<string>
          label={t`Symbol`}
          testId="log-symbol"
          options={['', ...LOG_ENTRY_SYMBOLS]}
          value={symbol}
          onChange={setSymbol}
          render={(value) => value || t`All`}
        />
        <SelectField
          label={t`Action`}
          testId="log-action"
          options={['', ...LOG_FILTER_ACTIONS]}
          value={action}
          onChange={setAction}
          render={(value) => {
            const name = actionName(value)
            return value === '' ? t`All` : name ? i18n._(name) : value
          }}
        />
      </div>
      <PagedList
        testId="log-entries"
        query={ACTION_LOG}
        variables={variables}
        select={(data: ActionLogData) => data.actionLog}
        row={(node: ActionLogNode) => <LogRow key={node.index} node={node} />}
      />
    </Card>
  )
}

/**
 * One Log entry: action, signed amount and symbol (an entry without an amount, such as a registration, says so),
 * what the contract's running total after it is (in the user's terms, with its unit, where it means something), time.
 */
export function LogRow({ node }: { node: ActionLogNode }) {
  const { t, i18n } = useLingui()
  const { name, amount, balance, time } = logEntryModel(node)
  return (
    <li className="acc-row" data-testid="log-entry" data-symbol={node.symbol} data-action={node.action}>
      <div className="acc-row__head">
        <span>{name ? i18n._(name) : node.action}</span>
        <span className="app-mono" data-testid="log-amount">
          {!amount
            ? t`No amount`
            : `${amount.sign}${amount.keys ? `${showCount(amount.value)} ${t`keys`}` : `${showAmount(amount.value)} ${amount.symbol}`}`}
        </span>
      </div>
      <dl className="acc-row__grid">
        {balance && (
          <>
            <dt>{i18n._(balance.label)}</dt>
            <dd data-testid="log-balance">
              {balance.count ? showCount(balance.value) : showAmount(balance.value)} {i18n._(balance.unit)}
            </dd>
          </>
        )}
        <dt>{t`Time`}</dt>
        <dd>{showTime(time)}</dd>
      </dl>
    </li>
  )
}
