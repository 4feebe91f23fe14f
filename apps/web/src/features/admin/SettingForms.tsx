import { useEffect, useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Abi, Address, ContractFunctionName, ContractFunctionParameters } from 'viem'
import { ok, useChainReads, useRefreshChain } from '../../data/ChainData.tsx'
import { AdminForm } from './AdminForm.tsx'
import type { AdminFormProps } from './AdminForm.tsx'
import { abiArgs, abiFields } from './abiForm.ts'
import type { FieldSpec, FieldValue, Problem, Values } from '../../components/blocks/settings/formModel.ts'
import { LOOKUP_PROBLEM, lookupKey, valuesOf } from './adminFormModel.ts'

/** A view call of `abi` whose result gives a form's current values. */
export type Read<abi extends Abi = Abi> = {
  functionName: ContractFunctionName<abi, 'view' | 'pure'>
  args?: readonly unknown[]
}

/** A read's text form, e.g. `teams(0xabc…)`: a read changes with it only (a `Read` is a new object on each render). */
function readKey(read: { functionName: string; args?: readonly unknown[] } | undefined): string | undefined {
  return read ? `${read.functionName}(${read.args?.map(String).join(',') ?? ''})` : undefined
}

/** The result of `read` on `address` in the page's refresh cycle (undefined until read, or without a read). */
function useCurrentValue<abi extends Abi>(address: Address, abi: abi, read: Read<abi> | undefined): unknown {
  const key = readKey(read)
  const data = useChainReads(
    useMemo(
      () =>
        read
          ? ([
              { address, abi: abi as Abi, functionName: read.functionName, args: read.args },
            ] as unknown as readonly ContractFunctionParameters[])
          : undefined,
      // `key` stands for `read` (a new object on each render)
      [address, abi, key],
    ),
  )
  return ok(data?.[0] as { status: 'success'; result: unknown } | undefined)
}

type Common<abi extends Abi> = {
  id: string
  title: MessageDescriptor
  description?: MessageDescriptor
  address: Address
  abi: abi
  /** The setter: a function of `abi` that writes (a misspelt or read-only name fails the typecheck). */
  functionName: ContractFunctionName<abi, 'nonpayable' | 'payable'>
  /** The contract's bounds, units and labels of the parameters (see `abiFields`). */
  bounds?: Readonly<Record<string, Partial<FieldSpec>>>
  rules?(values: Values): Problem[]
  success: MessageDescriptor
  access?: AdminFormProps['access']
  spend?: AdminFormProps['spend']
}

/**
 * A setter's form built from its ABI (the contract's parameter names), with the values a view returns now next
 * to the new ones (`read`; a struct whose members have the setter's names, or one value). Without `read` the call
 * is an action: every field is new and the call needs no change to be sent (pause, cancel an upgrade, ...).
 */
export function SettingForm<const abi extends Abi>(
  props: Common<abi> & { read?: Read<abi>; pick?(result: unknown): unknown },
) {
  const { address, abi, functionName, read, pick, bounds } = props
  const fields = useMemo(() => abiFields(abi, functionName, bounds), [abi, functionName, bounds])
  const result = useCurrentValue(address, abi, read)
  const current = read ? valuesOf(pick && result !== undefined ? pick(result) : result, fields) : undefined
  return (
    <AdminForm
      id={props.id}
      title={props.title}
      description={props.description}
      fields={fields}
      current={current}
      creates={!read}
      action={!read}
      rules={props.rules}
      address={address}
      abi={abi}
      functionName={functionName}
      args={(values) => abiArgs(abi, functionName, values)}
      success={props.success}
      access={props.access}
      spend={props.spend}
    />
  )
}

/**
 * A setter keyed by an account or a number (`setWhitelist(account, allowed)`, `setTeam(account, …)`,
 * `setIdo(index, …)`): the manager types the key, sees what the view says for it now, and sets the new values.
 * `lookup.name` is the setter's parameter the lookup fills.
 */
export function LookupForm<const abi extends Abi>(
  props: Common<abi> & {
    lookup: { name: string; kind: 'address' | 'uint'; label: MessageDescriptor }
    read(key: Address | bigint): Read<abi>
    pick?(result: unknown, key: Address | bigint): unknown
    /** An action (see `AdminForm`'s `action`): sent without a change, e.g. a withdrawal of what the view says. */
    action?: boolean
    /** Checks between the new values and what the view says now (e.g. at most the excess). */
    limits?(values: Values, current: Partial<Values>): Problem[]
  },
) {
  const { t, i18n } = useLingui()
  const { address, abi, functionName, bounds, lookup, read, pick } = props
  const refresh = useRefreshChain()
  const [text, setText] = useState('')
  const key = lookupKey(lookup.kind, text)
  const fields = useMemo(
    () => abiFields(abi, functionName, bounds).filter((field) => field.key !== lookup.name),
    [abi, functionName, bounds, lookup.name],
  )
  const call = key === undefined ? undefined : read(key)
  const callKey = readKey(call)
  const result = useCurrentValue(address, abi, call)
  // Admin screens do not refresh on their own: read the values of each key typed.
  useEffect(() => {
    if (callKey) void refresh()
  }, [callKey, refresh])
  const current = key === undefined ? {} : valuesOf(pick && result !== undefined ? pick(result, key) : result, fields)
  return (
    <AdminForm
      id={props.id}
      title={props.title}
      description={props.description}
      fields={fields}
      current={current}
      action={props.action}
      rules={(values) =>
        key === undefined
          ? [LOOKUP_PROBLEM[lookup.kind]]
          : [...(props.rules?.(values) ?? []), ...(current ? (props.limits?.(values, current) ?? []) : [])]
      }
      address={address}
      abi={abi}
      functionName={functionName}
      args={(values) => abiArgs(abi, functionName, { ...values, [lookup.name]: key as FieldValue })}
      success={props.success}
      access={props.access}
      spend={props.spend}
    >
      <label className="admin-lookup">
        <span className="app-field__label">{i18n._(lookup.label)}</span>
        <input
          className="app-input"
          data-testid={`field-${props.id}-${lookup.name}`}
          placeholder={lookup.kind === 'address' ? '0x…' : t`Number`}
          inputMode={lookup.kind === 'uint' ? 'numeric' : 'text'}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
    </AdminForm>
  )
}
