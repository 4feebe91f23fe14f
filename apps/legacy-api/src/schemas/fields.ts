import { AmountTooManyDecimalsError, parseAmount, type LegacyCreditType } from '@nexus/sdk'
import { invalidField, rejected } from '../errors.ts'

type Body = unknown

/** The value of a form field, or undefined when absent. Form bodies give strings; repeated keys give arrays. */
function fieldOf(body: Body, name: string): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  return Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined
}

/**
 * A required field that must be one string (not an array, object or number), not empty.
 * @throws LegacyError 4800 "{field} is required" when absent or empty, "Invalid {field}" when not a string.
 */
function requiredString(body: Body, name: string): string {
  const value = fieldOf(body, name)
  if (value === undefined || value === '') throw invalidField(name, true)
  if (typeof value !== 'string') throw invalidField(name)
  return value
}

/** Whether a field is present with a non-empty value. */
export function hasField(body: Body, name: string): boolean {
  const value = fieldOf(body, name)
  return value !== undefined && value !== ''
}

/**
 * A required EVM address (0x and 40 hex digits, any case), returned lowercase.
 * @throws LegacyError 4800 naming the field when missing or malformed.
 */
export function addressField(body: Body, name: string): `0x${string}` {
  const value = requiredString(body, name)
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalidField(name)
  return value.toLowerCase() as `0x${string}`
}

/** A required transaction hash (0x and 64 hex digits, any case), returned lowercase. */
export function hashField(body: Body, name: string): `0x${string}` {
  const value = requiredString(body, name)
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) throw invalidField(name)
  return value.toLowerCase() as `0x${string}`
}

/** A required 65-byte signature (0x and 130 hex digits). */
export function signatureField(body: Body, name: string): `0x${string}` {
  const value = requiredString(body, name)
  if (!/^0x[0-9a-fA-F]{130}$/.test(value)) throw invalidField(name)
  return value as `0x${string}`
}

/**
 * A required whole number written in plain decimal digits (no sign, exponent, separators, leading zeros or
 * spaces) within `[min, max]`.
 * @throws LegacyError 4800: malformed → "Invalid {field}", 0 where min is 1 → "must be greater than 0", out of
 * range → "must be between".
 */
export function integerField(body: Body, name: string, range: { min: number; max: number }): number {
  const value = requiredString(body, name)
  if (!/^(?:0|[1-9][0-9]{0,14})$/.test(value)) throw invalidField(name)
  const number = Number(value)
  if (number === 0 && range.min === 1) throw rejected('notPositive', { field: name })
  if (number < range.min || number > range.max) {
    throw rejected('outOfRange', { field: name, min: String(range.min), max: String(range.max) })
  }
  return number
}

/** Like {@link integerField}, but absent or empty gives `undefined`. */
export function optionalIntegerField(body: Body, name: string, range: { min: number; max: number }) {
  return hasField(body, name) ? integerField(body, name, range) : undefined
}

/**
 * One of `choices` when present, else `fallback`.
 * @throws LegacyError 4800 "Invalid {field}" when present and not one of them.
 */
export function optionalChoiceField<T extends string>(body: Body, name: string, choices: readonly T[], fallback: T): T {
  if (!hasField(body, name)) return fallback
  const value = requiredString(body, name)
  if (!(choices as readonly string[]).includes(value)) throw invalidField(name)
  return value as T
}

/**
 * A required positive decimal amount in token units (`12`, `0.5`), parsed exactly into base units with the
 * SDK's strict `parseAmount`: no sign, exponent, hex, separators, whitespace, more than `decimals` places or
 * more than 2^256 − 1 base units.
 */
export function amountField(body: Body, name: string, decimals = 18): bigint {
  const value = requiredString(body, name)
  if (value.length > 100) throw invalidField(name)
  let amount: bigint
  try {
    amount = parseAmount(value, decimals)
  } catch (error) {
    if (error instanceof AmountTooManyDecimalsError) {
      throw rejected('tooManyDecimals', { field: name, decimals: String(decimals) })
    }
    throw invalidField(name)
  }
  if (amount === 0n) throw rejected('notPositive', { field: name })
  return amount
}

/**
 * A required username: 2 to 20 letters (any script), ASCII digits or underscores, after Unicode NFC
 * normalization. Markup, quotes, spaces and control characters are rejected.
 */
export function usernameField(body: Body, name: string): string {
  const value = requiredString(body, name)
  if (value.length > 80) throw invalidField(name)
  const normalized = value.normalize('NFC')
  if (!/^[\p{L}0-9_]{2,20}$/u.test(normalized)) throw invalidField(name)
  return normalized
}

/** The credit types of the wallets (`credit_type`). */
export const creditTypes = ['USDT', 'ARB'] as const satisfies readonly LegacyCreditType[]
export type CreditType = (typeof creditTypes)[number]

/**
 * A required credit type: `USDT` or `ARB`, in any case of the ASCII letters only: no Unicode case mapping, so that
 * e.g. `uſdt` (a long s) is unknown rather than USDT.
 */
export function creditTypeField(body: Body, name: string): CreditType {
  const value = requiredString(body, name)
  const upper = /^[A-Za-z]+$/.test(value) ? value.toUpperCase() : value
  if (!(creditTypes as readonly string[]).includes(upper)) throw rejected('creditTypeUnknown')
  return upper as CreditType
}

/** A required text of at most `maxLength` characters without control characters other than line feeds. */
export function textField(body: Body, name: string, maxLength: number): string {
  const value = requiredString(body, name)
  // eslint-disable-next-line no-control-regex
  if (value.length > maxLength || /[\u0000-\u0009\u000b-\u001f\u007f]/.test(value)) throw invalidField(name)
  return value
}
