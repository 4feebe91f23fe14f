import { msg } from '@lingui/core/macro'
import type { Address } from 'viem'
import { getAddress, isAddress } from 'viem'
import { diffValues, draftOf, parseForm } from '../../components/blocks/settings/formModel.ts'
import type {
  Change,
  Drafts,
  FieldSpec,
  FieldValue,
  Problem,
  Values,
} from '../../components/blocks/settings/formModel.ts'
import type { OwnerAccess } from './useOwnerAccess.ts'

/**
 * The model of one admin form (`AdminForm.tsx`): plain data in (the fields, what the manager typed, the values on
 * chain), what the form shows and may send out. No React, no language: problems are message descriptors.
 */

export const NOTHING_CHANGED = msg`Nothing changed: enter a new value first`
export const NOT_AN_ADDRESS = msg`Enter a valid address (0x followed by 40 hexadecimal digits)`
const NOT_A_NUMBER = msg`Enter a whole number`

/** Who may make a form's call: the contract's owner (directly or through the Timelock), or any manager on chain. */
export type FormAccess = 'owner' | 'manager'

/**
 * Whether the wallet may only read the form: a wallet without the right would only meet the contract's refusal.
 * Undefined rights (still reading) keep the form.
 */
export function readOnly(access: FormAccess | undefined, manager: boolean | undefined, owner: OwnerAccess): boolean {
  return access === 'manager' ? manager === false : owner === 'none'
}

/** The inputs' starting text: the values on chain, or empty for a form that creates something. */
export function initialDrafts(
  fields: readonly FieldSpec[],
  current: Partial<Values> | undefined,
  creates: boolean | undefined,
): Drafts {
  return Object.fromEntries(fields.map((field) => [field.key, creates ? '' : draftOf(field, current?.[field.key])]))
}

/**
 * What the inputs start again from: the fields and the values on chain (the inputs reset whenever these change:
 * once loaded, and after a write).
 */
export function draftsKey(
  fields: readonly FieldSpec[],
  current: Partial<Values> | undefined,
  creates: boolean | undefined,
): string {
  const currentKey = JSON.stringify(current ?? null, (_, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  )
  return `${fields.map((field) => field.key).join(',')}|${String(creates)}|${currentKey}`
}

/** A form reviewed before it is simulated: its problems, or its values and the changes to confirm. */
export type Review = { ok: false; problems: Problem[] } | { ok: true; values: Values; changes: Change[] }

/**
 * The typed text checked: each field parsed within its bounds, the rules between fields, then what changes against
 * the values on chain (a setting with nothing changed is refused; an action may be sent as it is).
 */
export function reviewForm(input: {
  fields: readonly FieldSpec[]
  drafts: Drafts
  current: Partial<Values> | undefined
  rules?: (values: Values) => Problem[]
  creates?: boolean
  action?: boolean
}): Review {
  const parsed = parseForm(input.fields, input.drafts, input.rules)
  if (!parsed.ok) return { ok: false, problems: parsed.problems }
  const changes = diffValues(input.fields, input.creates ? {} : (input.current ?? {}), parsed.values)
  if (changes.length === 0 && !input.action) return { ok: false, problems: [{ message: NOTHING_CHANGED }] }
  return { ok: true, values: parsed.values, changes }
}

/** The problems of one field, and those of the whole form (between fields, or nothing changed). */
export function problemsByField(problems: readonly Problem[]): {
  of: (key: string) => Problem | undefined
  form: Problem[]
} {
  return {
    of: (key) => problems.find((problem) => problem.key === key),
    form: problems.filter((problem) => problem.key === undefined),
  }
}

/** The key a lookup form reads by: the address typed (checksummed) or the whole number typed, else undefined. */
export function lookupKey(kind: 'address', text: string): Address | undefined
export function lookupKey(kind: 'address' | 'uint', text: string): Address | bigint | undefined
export function lookupKey(kind: 'address' | 'uint', text: string): Address | bigint | undefined {
  const input = text.trim()
  if (kind === 'address') return isAddress(input) ? getAddress(input) : undefined
  return /^\d+$/.test(input) ? BigInt(input) : undefined
}

/** Why a lookup form cannot be sent without its key. */
export const LOOKUP_PROBLEM: Record<'address' | 'uint', Problem> = {
  address: { message: NOT_AN_ADDRESS },
  uint: { message: NOT_A_NUMBER },
}

/**
 * The values on chain of a form keyed by an account (a flag such as `isBlacklisted` or `isBox`): nothing to compare
 * before an address is typed, loading until the flag is read.
 */
export function flagValues(
  key: Address | undefined,
  name: string,
  flag: boolean | undefined,
): Partial<Values> | undefined {
  if (!key) return {}
  return flag === undefined ? undefined : { [name]: flag }
}

/**
 * The current values from a view's result: a struct's members by name, or a single value under `key` (the
 * setter's only parameter).
 */
export function valuesOf(result: unknown, fields: readonly FieldSpec[]): Partial<Values> | undefined {
  if (result === undefined) return undefined
  if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
    const record = result as Record<string, unknown>
    return Object.fromEntries(
      fields.filter((field) => field.key in record).map((field) => [field.key, record[field.key] as FieldValue]),
    )
  }
  const [only] = fields
  return only ? { [only.key]: result as FieldValue } : {}
}
