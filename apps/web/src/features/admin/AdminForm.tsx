import { useState } from 'react'
import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Button, Card, ConfirmDialog } from '@nexus/ui'
import type { Abi, Address, ContractFunctionName } from 'viem'
import { getBlock } from 'viem/actions'
import { useSession } from '../../data/session.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { showTime } from '../../lib/format.ts'
import { userErrorText } from '../../lib/userErrors.ts'
import { routeOwnerCall } from '../../components/blocks/timelock/useTimelock.ts'
import type { CallRoute } from '../../components/blocks/timelock/useTimelock.ts'
import { useOnChainManager, useOwnerAccess } from './useOwnerAccess.ts'
import { labelText, showValue } from '../../components/blocks/settings/formModel.ts'
import type { Change, Drafts, FieldSpec, Problem, Values } from '../../components/blocks/settings/formModel.ts'
import { draftsKey, initialDrafts, problemsByField, readOnly, reviewForm } from './adminFormModel.ts'
import { usePublicClient } from '../../data/wallet.tsx'

/**
 * The props of one admin form over its contract's ABI: `functionName` must be a function of `abi` that writes
 * (a misspelt or read-only name fails the typecheck); the arguments come from the ABI's own parameters (`abiArgs`).
 */
export type AdminFormProps<abi extends Abi = Abi> = {
  /** Used for the test ids: `admin-form-<id>`, `field-<id>-<key>`, `submit-<id>`. */
  id: string
  title: MessageDescriptor
  description?: MessageDescriptor
  fields: readonly FieldSpec[]
  /** The values on chain now (undefined while loading, or for actions that create something new). */
  current: Partial<Values> | undefined
  /** Whether the action creates something (no current values; every field is new). */
  creates?: boolean
  /**
   * Whether the call is an action rather than a setting (pause, cancel an upgrade, withdraw): it may be sent
   * without any field changing, and may have no fields at all.
   */
  action?: boolean
  /** Checks between fields that the contract makes too (sums, orderings). */
  rules?(values: Values): Problem[]
  address: Address
  abi: abi
  functionName: ContractFunctionName<abi, 'nonpayable' | 'payable'>
  args(values: Values): readonly unknown[]
  /** A token the call spends from the manager (approved first if needed). */
  spend?: { token: Address; spender: Address }
  success: MessageDescriptor
  children?: ReactNode
  /**
   * Who may make the call: the contract's `owner` (default; directly, or scheduled on the Timelock by its admin),
   * or any `manager` (Main.isManager: operational settings within the contract's bounds).
   */
  access?: 'owner' | 'manager'
}

const SCHEDULED = msg`Scheduled on the Timelock`

/**
 * One privileged call as a form: the current value next to each new one, the contract's bounds checked before
 * sending (`adminFormModel.ts`), a simulation that shows the decoded revert if the call would fail, then a
 * confirmation with a summary of the change, and the write through `useTransaction`.
 */
export function AdminForm<const abi extends Abi>(props: AdminFormProps<abi>) {
  const ownerAccess = useOwnerAccess(props.address)
  const manager = useOnChainManager()
  // A wallet without the right would only meet the contract's refusal: it sees the values, not a form.
  if (readOnly(props.access, manager, ownerAccess)) return <ReadOnlySetting {...props} />
  return <EditableForm {...props} />
}

/** An owner-only setting shown to a manager who cannot change it: its values and who can. */
function ReadOnlySetting({ id, title, description, fields, current, creates, children, access }: AdminFormProps) {
  const { t, i18n } = useLingui()
  return (
    <Card title={i18n._(title)} data-testid={`admin-form-${id}`} data-access="read-only">
      {description && <p className="app-muted">{i18n._(description)}</p>}
      {children}
      {!creates && (
        <dl className="admin-grid">
          {fields.map((field) => (
            <div className="admin-row" key={field.key}>
              <dt className="admin-row__label">
                {labelText(i18n, field.label)}
                {field.unit && <span className="app-muted"> ({field.unit})</span>}
              </dt>
              <dd className="admin-row__current app-mono" data-testid={`current-${id}-${field.key}`}>
                {current ? showValue(field.kind, current[field.key]) : '…'}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="app-muted" data-testid={`owner-only-${id}`}>
        {access === 'manager'
          ? t`Only a manager of the main contract (its owner or the manager in its settings) can change this. This wallet cannot.`
          : t`Only the contract's owner can change this (with the Timelock as owner: scheduled by its admin, applied after the delay). This wallet cannot.`}
      </p>
    </Card>
  )
}

type Pending = { values: Values; changes: Change[]; route: Exclude<CallRoute, { kind: 'refused' }> }

function EditableForm(props: AdminFormProps) {
  const { id, title, description, fields, current, creates, rules } = props
  const { t, i18n } = useLingui()
  const { account } = useSession()
  const client = usePublicClient()
  const send = useTransaction()
  const [drafts, setDrafts] = useState<Drafts>(() => initialDrafts(fields, current, creates))
  // The inputs start again from the values on chain whenever those change (once loaded, and after a write).
  const resetKey = draftsKey(fields, current, creates)
  const [seenKey, setSeenKey] = useState(resetKey)
  if (seenKey !== resetKey) {
    setSeenKey(resetKey)
    setDrafts(initialDrafts(fields, current, creates))
  }
  const [problems, setProblems] = useState<Problem[]>([])
  const [revert, setRevert] = useState<string>()
  const [checking, setChecking] = useState(false)
  const [pending, setPending] = useState<Pending>()
  const [scheduledAt, setScheduledAt] = useState<bigint>()
  const say = (problem: Problem) => i18n._({ ...problem.message, values: problem.values })

  async function review() {
    setRevert(undefined)
    setScheduledAt(undefined)
    const reviewed = reviewForm({ fields, drafts, current, rules, creates, action: props.action })
    if (!reviewed.ok) {
      setProblems(reviewed.problems)
      return
    }
    setProblems([])
    if (!client || !account) return
    setChecking(true)
    try {
      // A manager's call goes straight to the contract; an owner call is scheduled on the Timelock.
      const route = await routeOwnerCall(client, account, {
        address: props.address,
        abi: props.abi as Abi,
        functionName: props.functionName,
        args: props.args(reviewed.values),
      })
      if (route.kind === 'refused') setRevert(await userErrorText(route.error, i18n))
      else setPending({ values: reviewed.values, changes: reviewed.changes, route })
    } catch (error) {
      setRevert(await userErrorText(error, i18n))
    } finally {
      setChecking(false)
    }
  }

  async function confirm() {
    if (!pending) return
    const { values, route } = pending
    setPending(undefined)
    if (route.kind === 'timelock') {
      const outcome = await send({ request: () => route.schedule, success: SCHEDULED })
      if (outcome.ok && client) {
        const block = await getBlock(client, { blockNumber: outcome.blockNumber })
        setScheduledAt(block.timestamp + route.minDelay)
        if (creates) setDrafts(initialDrafts(fields, current, creates))
      }
      return
    }
    const outcome = await send({
      spend: props.spend,
      request: () => ({
        address: props.address,
        abi: props.abi,
        functionName: props.functionName,
        args: props.args(values),
      }),
      success: props.success,
    })
    if (outcome.ok && creates) setDrafts(initialDrafts(fields, current, creates))
  }

  const { form: formProblems } = problemsByField(problems)
  return (
    <Card title={i18n._(title)} data-testid={`admin-form-${id}`}>
      {description && <p className="app-muted">{i18n._(description)}</p>}
      {props.children}
      <form
        className="app-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void review()
        }}
      >
        <FieldRows {...props} drafts={drafts} setDrafts={setDrafts} problems={problems} say={say} />
        {formProblems.map((problem) => (
          <p key={problem.message.id} className="app-field__error" role="alert" data-testid={`error-${id}`}>
            {say(problem)}
          </p>
        ))}
        {revert && (
          <p className="app-field__error" role="alert" data-testid={`revert-${id}`}>
            {t`The contract would refuse this: ${revert}`}
          </p>
        )}
        {scheduledAt !== undefined && (
          <p className="app-muted" role="status" data-testid={`scheduled-${id}`}>
            {t`Scheduled, can be executed at ${showTime(scheduledAt)}: execute it under "Owner actions" once the delay has passed.`}
          </p>
        )}
        <Button type="submit" disabled={!account || checking || pending !== undefined} data-testid={`submit-${id}`}>
          {checking ? t`Checking…` : t`Review change`}
        </Button>
      </form>
      <ConfirmDialog
        open={pending !== undefined}
        title={t`Confirm: ${i18n._(title)}`}
        message={<ChangeSummary {...props} pending={pending} />}
        confirmLabel={t`Confirm`}
        cancelLabel={t`Cancel`}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(undefined)}
      />
    </Card>
  )
}

/** Each field: its label, the value on chain ("Now"), the input and its problem. */
function FieldRows({
  id,
  fields,
  current,
  creates,
  drafts,
  setDrafts,
  problems,
  say,
}: AdminFormProps & {
  drafts: Drafts
  setDrafts: (drafts: Drafts) => void
  problems: readonly Problem[]
  say: (problem: Problem) => string
}) {
  const { t, i18n } = useLingui()
  const { of: problemOf } = problemsByField(problems)
  return (
    <div className="admin-grid">
      {fields.map((field) => {
        const problem = problemOf(field.key)
        const inputId = `field-${id}-${field.key}`
        return (
          <div className={creates ? 'admin-row admin-row--new' : 'admin-row'} key={field.key}>
            <label className="admin-row__label" htmlFor={inputId}>
              {labelText(i18n, field.label)}
              {field.unit && <span className="app-muted"> ({field.unit})</span>}
            </label>
            {!creates && (
              <span className="admin-row__current app-mono" data-testid={`current-${id}-${field.key}`}>
                <span className="app-muted">{t`Now`} </span>
                {current ? showValue(field.kind, current[field.key]) : '…'}
              </span>
            )}
            {field.kind === 'bool' ? (
              <input
                id={inputId}
                type="checkbox"
                data-testid={inputId}
                checked={drafts[field.key] === 'true'}
                onChange={(event) => setDrafts({ ...drafts, [field.key]: String(event.target.checked) })}
              />
            ) : (
              <input
                id={inputId}
                className="app-input"
                data-testid={inputId}
                inputMode={field.kind === 'uint' ? 'numeric' : field.kind === 'amount' ? 'decimal' : 'text'}
                aria-invalid={problem ? true : undefined}
                value={drafts[field.key] ?? ''}
                onChange={(event) => setDrafts({ ...drafts, [field.key]: event.target.value })}
              />
            )}
            {problem && (
              <span className="app-field__error admin-row__error" role="alert" data-testid={`error-${id}`}>
                {say(problem)}
              </span>
            )}
          </div>
        )
      })}
    </div>
  )
}

/** What the confirmation lists: the Timelock's delay when the change is scheduled, and each change old → new. */
function ChangeSummary({
  id,
  creates,
  action,
  functionName,
  pending,
}: AdminFormProps & { pending: Pending | undefined }) {
  const { t, i18n } = useLingui()
  return (
    <>
      {pending?.route.kind === 'timelock' && (
        <p className="app-muted" data-testid={`timelock-note-${id}`}>
          {t`The owner of this contract is the Timelock: this change is scheduled now and takes effect only when executed, at least ${String(pending.route.minDelay)} seconds from now.`}
        </p>
      )}
      <ul className="admin-summary" data-testid={`summary-${id}`}>
        {action && (
          <li className="app-mono">
            {functionName}({pending?.changes.map((change) => change.to).join(', ')})
          </li>
        )}
        {pending?.changes.map((change) => (
          <li key={change.key}>
            <span>{labelText(i18n, change.label)}</span>{' '}
            <span className="app-mono">{creates ? change.to : `${change.from} → ${change.to}`}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
