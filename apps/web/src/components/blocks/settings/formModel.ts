import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { formatUnits, getAddress, isAddress, parseUnits } from 'viem'
import { amountText } from '../../../lib/amountInput.ts'

/**
 * How a field's text is read and shown: `uint` a whole number as the contract stores it, `amount` a token
 * amount in units of 18 decimals (sent as base units), `address` an account, `addresses` a list of accounts
 * (separated by commas, spaces or lines), `text` a string, `bytes` hexadecimal call data (`0x` for none),
 * `bool` a switch.
 */
export type FieldKind = 'uint' | 'amount' | 'address' | 'addresses' | 'text' | 'bytes' | 'bool'

/** The tokens the contracts' settings are counted in. */
export type Token = 'USDT' | 'NEX' | 'BNB'

export type FieldValue = bigint | string | boolean | readonly string[]

/**
 * A field's label: a translated message, or a contract's own parameter name (a string), which reads the same in
 * every language and so has no catalog entry.
 */
export type FieldLabel = MessageDescriptor | string

/** The text of a label in the current language. */
export function labelText(i18n: I18n, label: FieldLabel): string {
  return typeof label === 'string' ? label : i18n._(label)
}

/** One input of an admin form, with the contract's bounds (inclusive) for numbers. */
export type FieldSpec = {
  key: string
  label: FieldLabel
  kind: FieldKind
  /** Lower bound of a number (base units for amounts); default 0. */
  min?: bigint
  /** Upper bound of a number (base units for amounts); default no bound but uint256. */
  max?: bigint
  /** A unit shown after the value (e.g. bps, s, days). */
  unit?: string
  /** The token of an `amount` (18 decimals), shown with the value where a change is read back (`/transparency`). */
  token?: Token
  /** Text fields that may not be empty. */
  required?: boolean
  /** Most entries of an `addresses` field (the contract's batch bound). */
  maxItems?: number
}

/** A refusal of one field (or of the form, `key` undefined), with the values the message needs. */
export type Problem = { key?: string; message: MessageDescriptor; values?: Record<string, string> }

export type Values = Record<string, FieldValue>
export type Drafts = Record<string, string>

const UINT256_MAX = 2n ** 256n - 1n
const WHOLE = /^\d+$/
const DECIMAL = /^\d+(\.\d+)?$/
const HEX = /^0x([0-9a-fA-F]{2})*$/

/** A number in the unit a manager types: whole numbers as they are, amounts in tokens. */
export function showValue(kind: FieldKind, value: FieldValue | undefined): string {
  if (value === undefined) return '—'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (Array.isArray(value)) return value.join(', ')
  if (kind === 'amount' && typeof value === 'bigint') return formatUnits(value, 18)
  return String(value)
}

/** The text an input starts with: the current value. */
export function draftOf(field: FieldSpec, value: FieldValue | undefined): string {
  if (value === undefined) return field.kind === 'bool' ? 'false' : ''
  return showValue(field.kind, value)
}

/**
 * Reads one field's text, checking the contract's bounds before anything is sent.
 *
 * @example
 * parseField({ key: 'feeRate', label, kind: 'uint', max: 1000n }, '1500') // { ok: false, problem: … }
 */
export function parseField(
  field: FieldSpec,
  text: string,
): { ok: true; value: FieldValue } | { ok: false; problem: Problem } {
  const input = text.trim()
  const refuse = (message: MessageDescriptor, values?: Record<string, string>) =>
    ({ ok: false, problem: { key: field.key, message, values } }) as const
  switch (field.kind) {
    case 'bool':
      return { ok: true, value: input === 'true' }
    case 'text':
      if (field.required && input === '') return refuse(msg`This field is required`)
      return { ok: true, value: input }
    case 'address':
      if (!isAddress(input)) return refuse(msg`Enter a valid address (0x followed by 40 hexadecimal digits)`)
      return { ok: true, value: getAddress(input) }
    case 'addresses': {
      const items = input.split(/[\s,;]+/).filter((item) => item !== '')
      if (items.length === 0) return refuse(msg`Enter at least one address`)
      const wrong = items.find((item) => !isAddress(item))
      if (wrong !== undefined) return refuse(msg`Not a valid address: {wrong}`, { wrong })
      if (field.maxItems !== undefined && items.length > field.maxItems) {
        return refuse(msg`At most {max} addresses at once (now {count})`, {
          max: String(field.maxItems),
          count: String(items.length),
        })
      }
      return { ok: true, value: items.map((item) => getAddress(item)) }
    }
    case 'bytes':
      if (!HEX.test(input)) return refuse(msg`Enter hexadecimal data: 0x followed by pairs of hexadecimal digits`)
      return { ok: true, value: input.toLowerCase() }
    case 'uint':
    case 'amount': {
      // what a Chinese input method types (full-width digits and dots) reads as the same number
      const number = amountText(input)
      if (/^[\d.,]*,[\d.,]*$/.test(number)) {
        return refuse(msg`Use a dot for decimals and no thousands separators, e.g. 1.5 or 1000`)
      }
      let value: bigint
      if (field.kind === 'uint') {
        if (!WHOLE.test(number)) return refuse(msg`Enter a whole number`)
        value = BigInt(number)
      } else {
        if (!DECIMAL.test(number)) return refuse(msg`Enter a number`)
        const decimals = number.split('.')[1]?.length ?? 0
        if (decimals > 18) return refuse(msg`At most 18 decimals`)
        value = parseUnits(number, 18)
      }
      const min = field.min ?? 0n
      const max = field.max ?? UINT256_MAX
      if (value < min || value > max) {
        return refuse(msg`Out of bounds: must be between {min} and {max}`, {
          min: showValue(field.kind, min),
          max: showValue(field.kind, max),
        })
      }
      return { ok: true, value }
    }
  }
}

/**
 * Reads every field of a form; `rules` add the checks between fields (sums, orderings) the contract makes.
 * Returns the values, or every problem found.
 */
export function parseForm(
  fields: readonly FieldSpec[],
  drafts: Drafts,
  rules?: (values: Values) => Problem[],
): { ok: true; values: Values } | { ok: false; problems: Problem[] } {
  const values: Values = {}
  const problems: Problem[] = []
  for (const field of fields) {
    const parsed = parseField(field, drafts[field.key] ?? '')
    if (parsed.ok) values[field.key] = parsed.value
    else problems.push(parsed.problem)
  }
  if (problems.length === 0 && rules) problems.push(...rules(values))
  return problems.length ? { ok: false, problems } : { ok: true, values }
}

export type Change = { key: string; label: FieldLabel; from: string; to: string }

/**
 * The fields whose new value differs from the current one, as shown to the manager before confirming.
 *
 * @example
 * diffValues(fields, { feeRate: 100n }, { feeRate: 150n }) // [{ key: 'feeRate', from: '100', to: '150', … }]
 */
export function diffValues(fields: readonly FieldSpec[], current: Partial<Values>, next: Values): Change[] {
  const changes: Change[] = []
  for (const field of fields) {
    const before = current[field.key]
    const after = next[field.key]
    if (after === undefined) continue
    const same =
      before !== undefined &&
      (typeof before === 'string' && typeof after === 'string' && field.kind === 'address'
        ? before.toLowerCase() === after.toLowerCase()
        : showValue(field.kind, before) === showValue(field.kind, after))
    if (!same) {
      changes.push({
        key: field.key,
        label: field.label,
        from: showValue(field.kind, before),
        to: showValue(field.kind, after),
      })
    }
  }
  return changes
}

/** Values of an array setting (`rates.0`, `rates.1`, …) back into the array the contract takes. */
export function arrayOf(values: Values, name: string, length: number): bigint[] {
  return Array.from({ length }, (_, index) => values[`${name}.${index}`] as bigint)
}

/** The fields of an array setting, one per element, labelled with the element's number (from 1). */
export function arrayFields(
  name: string,
  length: number,
  label: (position: number) => MessageDescriptor,
  bounds: Omit<FieldSpec, 'key' | 'label'>,
): FieldSpec[] {
  return Array.from({ length }, (_, index) => ({ ...bounds, key: `${name}.${index}`, label: label(index + 1) }))
}

/** Current values of an array setting under the keys of {@link arrayFields}. */
export function arrayValues(name: string, array: readonly bigint[] | undefined): Values {
  const out: Values = {}
  array?.forEach((value, index) => (out[`${name}.${index}`] = value))
  return out
}

/** Refuses an array that decreases somewhere (team rates and amounts must never decrease). */
export function nonDecreasing(values: Values, name: string, length: number): Problem[] {
  const array = arrayOf(values, name, length)
  for (let index = 1; index < length; index++) {
    if ((array[index] as bigint) < (array[index - 1] as bigint)) {
      return [
        {
          key: `${name}.${index}`,
          message: msg`Must not be below the previous value ({previous})`,
          values: { previous: String(array[index - 1]) },
        },
      ]
    }
  }
  return []
}

/** Refuses a sum above `max` (e.g. shares that together may not exceed 100 %). */
export function sumAtMost(values: Values, keys: readonly string[], max: bigint): Problem[] {
  const sum = keys.reduce((total, key) => total + ((values[key] as bigint | undefined) ?? 0n), 0n)
  return sum > max
    ? [
        {
          key: keys[keys.length - 1],
          message: msg`Together these may not exceed {max} (now {sum})`,
          values: { max: String(max), sum: String(sum) },
        },
      ]
    : []
}
